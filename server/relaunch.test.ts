import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` imports scripts/relaunch.mjs first: it replaces its own process with itself, MALLOC_ARENA_MAX=2
// set on Linux (decision 0027) and, on the embedded database, V8's young generation capped (decision
// 0041). A script that imports it reports what it ended up with.
const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-relaunch-'));
const script = path.join(dir, 'report.mjs');
const relaunch = new URL('../scripts/relaunch.mjs', import.meta.url).href;
writeFileSync(
  script,
  `import '${relaunch}';\nprocess.stdout.write(JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, argv: process.argv.slice(2), execArgv: process.execArgv }));\n`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(env: NodeJS.ProcessEnv, flags = ['--v8-pool-size=2']) {
  return new Promise<{ childPid: number; report: Record<string, unknown> }>((resolve, reject) => {
    const child = execFile(process.execPath, [...flags, script, 'an-argument'], { env }, (err, stdout) =>
      err ? reject(err) : resolve({ childPid: child.pid!, report: JSON.parse(stdout) }),
    );
  });
}

const { MALLOC_ARENA_MAX: _unset, DATABASE_URL: _url, NODE_OPTIONS: _options, ...env } = process.env;
const postgres = { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tradenest' };

describe.runIf(process.platform === 'linux' && typeof process.execve === 'function')(
  'npm start on Linux',
  () => {
    it('runs on the embedded database with two malloc arenas and a small young generation, in the same process', async () => {
      const { childPid, report: got } = await report(env);
      expect(got).toEqual({
        pid: childPid,
        arenas: '2',
        argv: ['an-argument'],
        execArgv: ['--max-semi-space-size=4', '--v8-pool-size=2'],
      });
    });

    it("runs on PostgreSQL with two malloc arenas and V8's default young generation", async () => {
      const { childPid, report: got } = await report(postgres);
      expect(got).toEqual({
        pid: childPid,
        arenas: '2',
        argv: ['an-argument'],
        execArgv: ['--v8-pool-size=2'],
      });
    });

    it('keeps a MALLOC_ARENA_MAX set by whoever started it', async () => {
      expect((await report({ ...env, MALLOC_ARENA_MAX: '4' })).report.arenas).toBe('4');
      // On PostgreSQL with the arenas already chosen, there is nothing to relaunch for.
      const { childPid, report: got } = await report({ ...postgres, MALLOC_ARENA_MAX: '4' });
      expect(got).toMatchObject({ pid: childPid, arenas: '4', execArgv: ['--v8-pool-size=2'] });
    });

    it('keeps a young generation chosen on the command line or in NODE_OPTIONS', async () => {
      const flags = ['--max-semi-space-size=8', '--v8-pool-size=2'];
      expect((await report(env, flags)).report.execArgv).toEqual(flags);
      const options = { ...env, NODE_OPTIONS: '--max-semi-space-size=8' };
      expect((await report(options)).report.execArgv).toEqual(['--v8-pool-size=2']);
    });
  },
);
