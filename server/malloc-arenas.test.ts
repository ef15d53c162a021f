import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` imports scripts/malloc-arenas.mjs first: on Linux it replaces its own process with itself,
// MALLOC_ARENA_MAX=2 set (decision 0027). A script that imports it reports what it ended up with.
const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-arenas-'));
const script = path.join(dir, 'report.mjs');
const arenas = new URL('../scripts/malloc-arenas.mjs', import.meta.url).href;
writeFileSync(
  script,
  `import '${arenas}';\nprocess.stdout.write(JSON.stringify({ pid: process.pid, arenas: process.env.MALLOC_ARENA_MAX ?? null, argv: process.argv.slice(2), execArgv: process.execArgv }));\n`,
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function report(env: NodeJS.ProcessEnv) {
  return new Promise<{ childPid: number; report: Record<string, unknown> }>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--v8-pool-size=2', script, 'an-argument'],
      { env },
      (err, stdout) => (err ? reject(err) : resolve({ childPid: child.pid!, report: JSON.parse(stdout) })),
    );
  });
}

const { MALLOC_ARENA_MAX: _unset, ...env } = process.env;

describe.runIf(process.platform === 'linux')('npm start on Linux', () => {
  it('runs with two malloc arenas, in the same process, with its flags and arguments', async () => {
    const { childPid, report: got } = await report(env);
    expect(got).toEqual({
      pid: childPid,
      arenas: '2',
      argv: ['an-argument'],
      execArgv: ['--v8-pool-size=2'],
    });
  });

  it('keeps a MALLOC_ARENA_MAX set by whoever started it', async () => {
    const { report: got } = await report({ ...env, MALLOC_ARENA_MAX: '4' });
    expect(got.arenas).toBe('4');
  });
});
