import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port nothing listens on now, for a server started in a child process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves when a server started in development (stdout piped) prints its start banner, which it
 * writes once it listens; rejects with its stderr if it exits first or says nothing within `ms`.
 */
export function untilReady(child: ChildProcess, ms = 90_000): Promise<void> {
  let stdout = '';
  let stderr = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`the server did not start in ${ms} ms\n${stderr}`)), ms);
    const onOut = (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes('TradeNest is ready at')) finish();
    };
    const onErr = (chunk: Buffer) => {
      stderr += chunk;
    };
    const onExit = (code: number | null) => finish(new Error(`the server exited (${code})\n${stderr}`));
    function finish(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onOut);
      child.stderr?.off('data', onErr);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout?.on('data', onOut);
    child.stderr?.on('data', onErr);
    child.once('exit', onExit);
  });
}
