// Payments on PostgreSQL: the confirmation path and the release job (docs/api/payments.md).
//
// Confirmation: N completed bookings, each with a checkout opened by the create-payment use case and
// paid at the sandbox; then the sandbox's signed `checkout.session.completed` webhooks are POSTed to
// /api/v1/payments/webhooks/sandbox of the app listening on 127.0.0.1 (a process of its own,
// bench/payments-worker.ts), CONCURRENCY at a time over keep-alive connections, each request timed
// (signature checked, event claimed, session read from the provider, charge posted to the ledger,
// booking and job marked paid, domain event recorded; the app dispatches those events as it would in
// production). First WARMUP untimed, then SERIAL one at a time (the path's own latency), then N with
// CONCURRENCY in flight (the target's figure). Afterwards every payment must have exactly one charge
// posting. The CPU time of the server process and of PostgreSQL's backends per webhook is printed too:
// on a shared machine it says more than wall time.
// Release: M more held payments (factories), the app's clock moved past their protection window, and
// `releaseDue` timed; every one must be released once with nothing left in escrow for it.
// Beside each run, the yardstick: a raw node:http server (in the worker process, before the app exists)
// answering the same client, concurrency and body size.
// Knobs: BENCH_PAYMENTS, BENCH_WARMUP, BENCH_SERIAL, BENCH_RELEASES, BENCH_CONCURRENCY, BENCH_RUNS;
// BENCH_PROFILE=1 prints the statements of each timed phase (BENCH_PROFILE_DIR=<dir> also writes CPU
// profiles of the server there); BENCH_RELEASE_CONCURRENCY sets releaseDue's lanes (1: one at a time);
// BENCH_DEFER_DISPATCH=1 keeps domain events undispatched until after the timed phases (an experiment:
// how much of the cost is the notifications).
// Targets: confirmation p95 <= 50 ms; release >= 200 payments/s. Speed is printed, never asserted: the
// exit code is non-zero only on a crash or a failed check of the money.
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { fmt, root, scratchDatabase } from './lib.mjs';

const N = Number(process.env.BENCH_PAYMENTS ?? 1000); // webhooks timed per run
const WARMUP = Number(process.env.BENCH_WARMUP ?? 100); // webhooks sent first, not timed
const SERIAL = Number(process.env.BENCH_SERIAL ?? 100); // then these one at a time: the path's own latency
const M = Number(process.env.BENCH_RELEASES ?? 1000); // held payments released per run
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REFERENCE_REQUESTS = Number(process.env.BENCH_REFERENCE_REQUESTS ?? 10_000);
// BENCH_PROFILE=1: the statements each timed phase ran, with their time as the server's pg client saw it.
const PROFILE = process.env.BENCH_PROFILE === '1';
const HARD_DEADLINE_MS = Number(process.env.BENCH_DEADLINE_S ?? 600) * 1000;

// Always a fresh database per run: reusing one would leave earlier runs' payments due.
delete process.env.BENCH_REUSE;
const scratch = await scratchDatabase('tradenest_bench_payments', 'payments');

let worker;
const deadline = setTimeout(() => {
  process.stderr.write(`payments benchmark: over ${HARD_DEADLINE_MS / 1000} s, killed\n`);
  try {
    worker?.child.kill('SIGKILL');
  } catch {}
  scratch.finish().finally(() => process.exit(1));
  setTimeout(() => process.exit(1), 5000).unref();
}, HARD_DEADLINE_MS);

/** The worker process, with a way to send it a command and wait for its one-line JSON answer. */
function startWorker(url) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/payments-worker.ts', url], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = [];
  let resolveReady;
  const ready = new Promise((resolve) => {
    resolveReady = resolve;
  });
  createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    if (line === 'ready') return resolveReady();
    const next = waiting.shift();
    if (!next) return;
    const answer = JSON.parse(line);
    if (answer.error) next.reject(new Error(`worker: ${answer.error}`));
    else next.resolve(answer);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    ready,
    exited,
    ask(command) {
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${command}\n`);
      });
    },
  };
}

/**
 * Sends the requests CONCURRENCY at a time over keep-alive connections and times each one, from
 * writing it until its answer's body has been read. Returns the sorted latencies, statuses and wall time.
 */
async function load(port, path, requests, concurrency = CONCURRENCY) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const one = ({ body, headers }) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', () => {
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) await one(requests[next++]);
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { latencies, statuses, ms };
}

const perOp = (cpu, n) =>
  `server ${fmt(cpu.server / n, 2)} ms, PostgreSQL ${fmt(cpu.postgres / n, 2)} ms` +
  (cpu.client === undefined ? '' : `, client ${fmt(cpu.client / n, 2)} ms`);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
function figuresOf({ latencies, statuses, ms }) {
  return {
    count: latencies.length,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: latencies.at(-1) ?? 0,
    rate: (latencies.length / ms) * 1000,
    other: [...statuses].filter(([s]) => s !== 200).map(([s, n]) => `${n} x ${s}`),
  };
}
const line = (f) =>
  `${fmt(f.count)} requests, p50 ${fmt(f.p50, 1)} ms, p95 ${fmt(f.p95, 1)} ms, p99 ${fmt(f.p99, 1)} ms, ` +
  `max ${fmt(f.max, 1)} ms, ${fmt(f.rate)} req/s${f.other.length ? `; NOT 200: ${f.other.join(', ')}` : ''}`;

// A body the size and shape of the sandbox's events, for the yardstick.
const referenceBody = JSON.stringify({
  id: 'evt_test_AAAAAAAAAAAAAAAAAAAAAAAA',
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: 'cs_test_AAAAAAAAAAAAAAAAAAAAAAAA', object: 'checkout.session' } },
});

function printProfile(phase, statements, per) {
  const total = statements.reduce((a, s) => a + s.ms, 0);
  const count = statements.reduce((a, s) => a + s.count, 0);
  process.stdout.write(
    `  profile of ${phase}: ${fmt(count / per, 1)} statements and ${fmt(total / per, 2)} ms of statement time per payment\n` +
      statements
        .slice(0, 25)
        .map(
          (s) =>
            `    ${fmt(s.count / per, 2).padStart(5)} x ${fmt(s.ms / s.count, 2).padStart(6)} ms  ${s.text}\n`,
        )
        .join(''),
  );
}

const problems = [];
async function oneRun(run) {
  await scratch.prepare();
  worker = startWorker(scratch.url);
  await worker.ready;

  // The yardstick first, while the worker holds nothing else.
  const ref = await worker.ask('reference');
  const refRequests = Array.from({ length: REFERENCE_REQUESTS }, () => ({
    body: referenceBody,
    headers: {},
  }));
  await load(ref.port, '/', refRequests.slice(0, 1000)); // warm-up
  const referenceSerial = figuresOf(await load(ref.port, '/', refRequests.slice(0, 1000), 1));
  const reference = figuresOf(await load(ref.port, '/', refRequests));
  await worker.ask('reference-stop');

  const { port } = await worker.ask('app');
  const filled = await worker.ask(`fill ${WARMUP + SERIAL + N}`);
  const requests = filled.webhooks.map((w) => ({
    body: w.body,
    headers: { 'sandbox-signature': w.signature },
  }));
  const total = WARMUP + SERIAL + N;
  if (requests.length !== total) problems.push(`run ${run}: ${requests.length} webhooks, expected ${total}`);
  const path = '/api/v1/payments/webhooks/sandbox';
  await load(port, path, requests.slice(0, WARMUP));
  // One at a time: what a webhook costs when nothing else is being confirmed.
  const serial = figuresOf(await load(port, path, requests.slice(WARMUP, WARMUP + SERIAL), 1));
  const loadBefore = os.loadavg()[0];
  if (PROFILE) await worker.ask('profile');
  const cpuBefore = await worker.ask('cpu');
  const clientBefore = process.cpuUsage();
  const confirmation = figuresOf(await load(port, path, requests.slice(WARMUP + SERIAL)));
  const clientCpu = process.cpuUsage(clientBefore);
  const cpuAfter = await worker.ask('cpu');
  const confirmationCpu = {
    server: cpuAfter.self - cpuBefore.self,
    postgres: Object.entries(cpuAfter.backends).reduce(
      (a, [pid, ms]) => a + ms - (cpuBefore.backends[pid] ?? 0),
      0,
    ),
    client: (clientCpu.user + clientCpu.system) / 1000,
  };
  if (PROFILE) printProfile('confirmation', (await worker.ask(`profile confirmation-${run}`)).statements, N);
  const { counts: booked } = await worker.ask('verify');
  const chargesOk =
    booked.payments === total &&
    booked.succeeded === total &&
    booked.oneCharge === total &&
    booked.moreThanOneCharge === 0 &&
    booked.bookingsPaid === total &&
    booked.escrowPence === booked.amountPence;
  if (!chargesOk) problems.push(`run ${run}: confirmation check failed ${JSON.stringify(booked)}`);

  const rel = await worker.ask(`release ${M}`);
  const c = rel.counts;
  const releaseOk =
    rel.released === M &&
    c.payments === M &&
    c.released === M &&
    c.oneRelease === M &&
    c.moreThanOneRelease === 0 &&
    c.escrowNotZero === 0 &&
    c.notDueReleased === 0;
  if (!releaseOk) problems.push(`run ${run}: release check failed ${JSON.stringify(rel)}`);
  const loadAfter = os.loadavg()[0];
  if (PROFILE) printProfile('release', (await worker.ask(`profile release-${run}`)).statements, M);

  worker.child.stdin.end('stop\n');
  await worker.exited;
  worker = undefined;

  const release = { ms: rel.ms, released: rel.released, rate: (rel.released / rel.ms) * 1000 };
  process.stdout.write(
    `run ${run}:\n` +
      `  yardstick: raw node:http, ${CONCURRENCY} at a time: ${line(reference)}\n` +
      `             one at a time: ${line(referenceSerial)}\n` +
      `  confirmation webhook, ${CONCURRENCY} at a time (${fmt(filled.webhooks.length)} paid checkouts made in ${fmt(filled.ms / 1000, 1)} s; first ${WARMUP} not timed): ${line(confirmation)}\n` +
      `                        one at a time: ${line(serial)}\n` +
      `    CPU per webhook: ${perOp(confirmationCpu, N)}\n` +
      `    check: ${fmt(booked.oneCharge)} of ${fmt(total)} payments with exactly one charge posting, ${fmt(booked.moreThanOneCharge)} with more, ${fmt(booked.webhooksProcessed)} webhooks processed, escrow ${booked.escrowPence === booked.amountPence ? 'holds exactly what was charged' : 'WRONG'}\n` +
      `  release job: ${fmt(release.released)} released in ${fmt(release.ms)} ms: ${fmt(release.rate)} payments/s (held payments made in ${fmt(rel.fillMs / 1000, 1)} s; woken payouts and event dispatch drained after, ${fmt(rel.drainMs)} ms)\n` +
      `    CPU per release: ${perOp(rel.cpu, rel.released)}\n` +
      `    check: ${fmt(c.oneRelease)} of ${fmt(M)} released exactly once, ${fmt(c.moreThanOneRelease)} more than once, ${fmt(c.escrowNotZero)} with escrow left (total ${fmt(c.escrowPence)} p), ${fmt(c.notDueReleased)} not-yet-due payments released\n` +
      `  load average ${fmt(loadBefore, 1)} before the timed webhooks, ${fmt(loadAfter, 1)} after the release (1 min, ${os.availableParallelism()} cores)\n`,
  );
  return { reference, referenceSerial, confirmation, serial, release, confirmationCpu, releaseCpu: rel.cpu };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = [];
try {
  process.stdout.write(
    `payments (PostgreSQL; ${WARMUP} webhooks untimed, ${SERIAL} one at a time, ${fmt(N)} ${CONCURRENCY} at a time; ${fmt(M)} releases; ${RUNS} runs, fresh database each; targets: confirmation p95 <= 50 ms, release >= 200 payments/s)\n`,
  );
  for (let run = 1; run <= RUNS; run++) runs.push(await oneRun(run));
} finally {
  clearTimeout(deadline);
  if (worker) worker.child.kill('SIGKILL');
  await scratch.finish();
}

const m = (pick) => median(runs.map(pick));
const conf = {
  p50: m((r) => r.confirmation.p50),
  p95: m((r) => r.confirmation.p95),
  p99: m((r) => r.confirmation.p99),
  rate: m((r) => r.confirmation.rate),
};
const serial = { p50: m((r) => r.serial.p50), p95: m((r) => r.serial.p95) };
const ref = {
  p50: m((r) => r.reference.p50),
  p95: m((r) => r.reference.p95),
  rate: m((r) => r.reference.rate),
};
const refSerial = { p50: m((r) => r.referenceSerial.p50), p95: m((r) => r.referenceSerial.p95) };
const cpuPerWebhook = m(
  (r) => (r.confirmationCpu.server + r.confirmationCpu.postgres) / r.confirmation.count,
);
const cpuPerRelease = m((r) => (r.releaseCpu.server + r.releaseCpu.postgres) / r.release.released);
const releaseRate = m((r) => r.release.rate);
process.stdout.write(
  `median of ${runs.length}:\n` +
    `  confirmation webhook: p50 ${fmt(conf.p50, 1)} ms, p95 ${fmt(conf.p95, 1)} ms, p99 ${fmt(conf.p99, 1)} ms, ${fmt(conf.rate)} req/s (target p95 <= 50 ms: ${conf.p95 <= 50 ? 'met' : 'NOT met'})\n` +
    `    one at a time: p50 ${fmt(serial.p50, 1)} ms, p95 ${fmt(serial.p95, 1)} ms; CPU per webhook (server + PostgreSQL) ${fmt(cpuPerWebhook, 1)} ms\n` +
    `  release job: ${fmt(releaseRate)} payments/s (target >= 200: ${releaseRate >= 200 ? 'met' : 'NOT met'}); CPU per release ${fmt(cpuPerRelease, 1)} ms\n` +
    `  yardstick (raw node:http, same client): ${CONCURRENCY} at a time p50 ${fmt(ref.p50, 1)} ms, p95 ${fmt(ref.p95, 1)} ms, ${fmt(ref.rate)} req/s; one at a time p50 ${fmt(refSerial.p50, 2)} ms, p95 ${fmt(refSerial.p95, 2)} ms\n`,
);
if (problems.length) {
  process.stdout.write(`CHECKS FAILED:\n${problems.map((p) => `  ${p}\n`).join('')}`);
  process.exitCode = 1;
}
