import { Worker } from 'node:worker_threads';

// Runs on its own thread, so it fires even when the main thread is stuck in a synchronous loop (as a
// log flush to a pipe whose reader has gone can be), where a timer on the main thread never would.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
setTimeout(() => {
  try { writeSync(2, 'shutdown did not finish in time; killing the process\\n'); } catch {}
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/** Kills this process after `ms` unless disarmed first: the last resort of a graceful shutdown. */
export function armExitWatchdog(ms: number): () => Promise<void> {
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, ms } });
  worker.unref();
  return async () => {
    await worker.terminate();
  };
}
