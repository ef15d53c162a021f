import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killStarted, spawnNode, startServerProcess } from '../../test/processes';

// One process at a time on an embedded data folder, with real processes: a second server and the
// database commands refuse it while a server holds it, writing nothing, and a server killed with
// SIGKILL leaves nothing that blocks the next start.

const scratch = mkdtempSync(path.join(tmpdir(), 'tradenest-lock-'));
afterEach(killStarted);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every file under `dir` with its size and modification time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = statSync(file);
    files[path.relative(dir, file)] = `${stat.size}@${stat.mtimeMs}`;
  }
  return files;
}

describe('the embedded data folder has one owner', () => {
  it('refuses a second server and the database commands while a server holds it, and changes nothing', {
    timeout: 240_000,
  }, async () => {
    const dataDir = path.join(scratch, 'shared');
    // No background jobs: the first server leaves its files alone while the others try.
    const env = { DATA_DIR: dataDir, QUEUE_POLL_INTERVAL_MS: '0' };
    const first = await startServerProcess(env);
    const pid = first.child.pid;
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(`${pid}\n`);
    const before = snapshot(dataDir);

    const refusal = `The data folder ${dataDir} is in use by another TradeNest process (PID ${pid}): stop it first, or give this one another DATA_DIR.`;
    const second = spawnNode('server/main.ts', env);
    expect(await second.exited()).toBe(1);
    expect(second.stderr()).toBe(`${refusal}\n`);
    expect(second.stdout()).toBe('');

    for (const [script, name, args] of [
      ['server/db/cli/migrate.ts', 'db:migrate', []],
      ['server/seed/cli/seed.ts', 'db:seed', ['--force']],
      ['server/seed/cli/reset.ts', 'db:reset', []],
    ] as const) {
      const command = spawnNode(script, env, [...args]);
      expect(await command.exited(), name).toBe(1);
      expect(command.stderr(), name).toBe(`${name} failed: ${refusal}\n`);
    }
    expect(snapshot(dataDir)).toEqual(before);
    // And the first server is none the worse.
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);
  });

  it('is free again once its server is killed with SIGKILL', { timeout: 240_000 }, async () => {
    const dataDir = path.join(scratch, 'killed');
    const env = { DATA_DIR: dataDir, QUEUE_POLL_INTERVAL_MS: '0' };
    const killed = await startServerProcess(env);
    await killed.kill();
    // The lock file is still there, naming a process that is gone: it must not matter.
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(`${killed.child.pid}\n`);
    const next = await startServerProcess(env);
    expect((await fetch(`${next.url}/api/ready`)).status).toBe(200);
    expect(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).toBe(`${next.child.pid}\n`);
  });
});
