// Background-job throughput on PostgreSQL: two queue instances, each in a process of its own, work one
// queue of trivial jobs (pg-boss, server/queue) until it is empty. Beside it, the machine's yardstick:
// a raw node:http server answering autocannon, measured in the same run.
// Target: at least 500 jobs/s with 2 workers.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fmt, rawHttpYardstick, root, scratchDatabase } from './lib.mjs';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const WORKERS = 2;

/** A worker process, with a way to send it a command and wait for the answer starting with `word`. */
function startWorker(url) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/queue-worker.ts', url], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const i = waiting.findIndex((w) => line.startsWith(w.word));
    if (i >= 0) waiting.splice(i, 1)[0].resolve(line);
  });
  const answer = (word) => new Promise((resolve) => waiting.push({ word, resolve }));
  return {
    child,
    ready: answer('ready'),
    ask(command, word) {
      const reply = answer(word);
      child.stdin.write(`${command}\n`);
      return reply;
    },
  };
}

const scratch = await scratchDatabase('tradenest_queue_bench', 'queue');
await scratch.prepare();
const workers = [];
// A hung run is killed rather than left behind.
const deadline = setTimeout(() => {
  for (const w of workers) w.child.kill('SIGKILL');
  process.stderr.write('queue benchmark: over 2 minutes, killed\n');
  process.exit(1);
}, 120_000);
try {
  const reference = await rawHttpYardstick();
  // One after the other: the first installs pg-boss's schema.
  for (let i = 0; i < WORKERS; i++) {
    const worker = startWorker(scratch.url);
    workers.push(worker);
    await worker.ready;
  }
  const fillStarted = performance.now();
  await workers[0].ask(`fill ${JOBS}`, 'filled');
  const fillMs = performance.now() - fillStarted;

  const started = performance.now();
  const done = await Promise.all(workers.map((w) => w.ask('go', 'done')));
  const ms = performance.now() - started;
  const ran = done.map((line) => Number(line.split(' ')[1]));
  const total = ran.reduce((a, b) => a + b, 0);

  process.stdout.write(
    `queue (pg-boss on PostgreSQL, ${WORKERS} worker processes, batches of 50, trivial handler; target >= 500 jobs/s)\n` +
      `  sent ${fmt(JOBS)} jobs in ${fmt(fillMs)} ms (${fmt((JOBS / fillMs) * 1000)} jobs/s, one transaction per 1,000)\n` +
      `  ran ${fmt(total)} jobs (${ran.map((n) => fmt(n)).join(' + ')}) in ${fmt(ms)} ms: ${fmt((total / ms) * 1000)} jobs/s\n` +
      `  yardstick: raw node:http, autocannon 10 connections 5 s: ${fmt(reference)} req/s\n`,
  );
  // Closing stdin too: the worker's command loop ends only when its input does.
  for (const w of workers) w.child.stdin.end('stop\n');
  await Promise.all(workers.map((w) => new Promise((resolve) => w.child.once('exit', resolve))));
} finally {
  clearTimeout(deadline);
  await scratch.finish();
}
