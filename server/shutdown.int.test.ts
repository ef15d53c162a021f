import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, untilReady } from '../test/processes';

// The real entry point in a child process, as `npm start` runs it, with its output piped to us.
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('shutting down', () => {
  it('exits on SIGTERM after the reader of its output has gone', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-shutdown-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'never',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '5000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = `http://127.0.0.1:${port}`;
    await untilReady(child);

    // The terminal or log shipper goes away; the server goes on logging into the broken pipe.
    child.stdout!.destroy();
    child.stderr!.destroy();
    // Logging is synchronous: once this answer arrives, its log line has hit the broken pipe.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000)),
    ]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 150_000);
});
