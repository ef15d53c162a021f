// Opening the embedded database, the part of `npm start` between the process starting and its first
// statement: the template copied into a new data folder (a first start) or not (a later one), PGlite
// started on its own thread, and the first statement's answer. Each open is a fresh Node process (what V8
// compiles and caches is per process): a new folder, then the same folder again. Printed per run and as
// medians, beside a bare node:http server's time to its first answer, spawned in the same run.
//   node bench/embedded-open.mjs            BENCH_RUNS=3
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bareServerFirstAnswerMs, fmt, median, root, runDeadline } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const stopDeadline = runDeadline(5 * 60_000, () => {});

/** bench/embedded-open-child.ts in a fresh process: 'template', or a data folder to time. */
function child(arg) {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/embedded-open-child.ts', arg], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.once('error', reject);
    proc.once('exit', (code) =>
      code === 0
        ? resolve(out ? JSON.parse(out) : null)
        : reject(new Error(`the measuring process exited with ${code}`)),
    );
  });
}

// The template is made before timing, as `npm run build` or a first `npm start` leaves it.
await child('template');
const rows = [];
for (let run = 1; run <= RUNS; run++) {
  const referenceMs = await bareServerFirstAnswerMs();
  const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-open-'));
  try {
    const figures = {};
    for (const start of ['first', 'later']) figures[start] = await child(path.join(dir, 'data'));
    rows.push({ referenceMs, ...figures });
    process.stdout.write(
      `  run ${run}  reference (bare node:http, first answer) ${fmt(referenceMs)} ms` +
        ['first', 'later']
          .map(
            (s) =>
              ` | ${s}: open ${fmt(figures[s].openMs)} ms, first statement ${fmt(figures[s].firstStatementMs, 1)} ms`,
          )
          .join('') +
        '\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const of = (start, key) => median(rows.map((r) => r[start][key]));
process.stdout.write(
  `\nembedded database, medians of ${RUNS} run(s); reference: bare node:http first answer ${fmt(median(rows.map((r) => r.referenceMs)))} ms\n`,
);
for (const start of ['first', 'later']) {
  process.stdout.write(
    `  ${start === 'first' ? 'new folder (first start)' : 'existing folder (later start)'}: open ${fmt(of(start, 'openMs'))} ms, ` +
      `first statement ${fmt(of(start, 'firstStatementMs'), 1)} ms, together ${fmt(of(start, 'totalMs'))} ms\n`,
  );
}
stopDeadline();
