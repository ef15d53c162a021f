// Rolling restarts behind HAProxy (issue 34, point 3): three runs, each after its raw node:http reference
// (bench/balancer-reference.mjs), of the balancer test's machinery
// (test/balancer/rolling-restart.mjs: three production instances on a fresh PostgreSQL database, 40 req/s
// of public and signed-in reads and one event stream through HAProxy, each instance SIGTERMed and
// started again in turn). Prints each run and the medians: failed requests (target 0), p99 latency of the
// requests sent during the restarts, the time from SIGTERM to exit (the drain, SHUTDOWN_DRAIN_MS = 5 s,
// included) and what the stop took after the drain. A deadline ends a run that hangs; the runs clean
// up after themselves. Skipped, with one line, without HAProxy.
import { haproxyPath, rollingRestart } from '../test/balancer/rolling-restart.mjs';
import { rawReference } from './balancer-reference.mjs';

const RUNS = 3;
const DEADLINE_MS = 15 * 60_000;
const say = (line) => process.stdout.write(`${line}\n`);

const haproxy = haproxyPath();
if (!haproxy) {
  say('rolling-restart: skipped, haproxy is not installed (Debian: apt-get install haproxy)');
  process.exit(0);
}
const deadline = setTimeout(() => {
  process.stderr.write(`rolling-restart: gave up after ${DEADLINE_MS / 1000} s\n`);
  process.exit(1); // each run's exit handler kills what it started and drops its database
}, DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const runs = [];
try {
  for (let i = 1; i <= RUNS; i++) {
    const raw = await rawReference({ haproxy });
    if (raw.failed > 0)
      throw new Error(`the raw node:http reference failed ${raw.failed} of ${raw.requests} requests`);
    const r = await rollingRestart({ haproxy });
    const exitMs = median(r.exitMs);
    runs.push({ ...r, exitMedianMs: exitMs, rawP99Ms: raw.p99Ms });
    say(
      `run ${i}: ${r.requests} requests, ${r.failed} failed${r.failed ? ` ${JSON.stringify(r.failures)}` : ''}; ` +
        `p99 during the restarts ${r.p99DuringMs.toFixed(1)} ms (${r.requestsDuring} requests in ${r.restartWindowS.toFixed(1)} s; ` +
        `raw node:http through the same HAProxy, same rate, this run: p99 ${raw.p99Ms.toFixed(1)} ms); ` +
        `SIGTERM to exit ${r.exitMs.map(Math.round).join(' / ')} ms (drain ${r.drainMs} ms); ` +
        `HAProxy took the instance out after ${r.downMs.map((ms) => (ms === null ? 'never' : Math.round(ms))).join(' / ')} ms; ` +
        `event stream ${r.streams.opened} opened, ${r.streams.endedByServer} ended by a stop, ${r.streams.failed} failed`,
    );
  }
} catch (err) {
  process.stderr.write(`rolling-restart: a run failed: ${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
}
clearTimeout(deadline);

const failed = median(runs.map((r) => r.failed));
const exitMs = median(runs.map((r) => r.exitMedianMs));
say(
  `median of ${RUNS}: failed requests ${failed} (target 0); p99 during the restarts ` +
    `${median(runs.map((r) => r.p99DuringMs)).toFixed(1)} ms (raw node:http ${median(runs.map((r) => r.rawP99Ms)).toFixed(1)} ms); time to drain (SIGTERM to exit) ${Math.round(exitMs)} ms, ` +
    `of which ${Math.round(exitMs - runs[0].drainMs)} ms after the ${runs[0].drainMs} ms drain`,
);
if (runs.some((r) => r.failed > 0 || r.streams.failed > 0)) process.exitCode = 1;
