// Lighthouse performance of the five server-rendered public pages (issue 40: landing, browse, a job's
// detail for the signed-in demo tradesperson, a public profile, its reviews), as a phone on a slow 4G
// connection sees them (Lighthouse's default mobile emulation and simulated throttling). Builds the web
// app if needed, starts the server on 127.0.0.1 with a fresh DATA_DIR (so the demo data is loaded),
// runs Lighthouse 3 times against each page and prints each page's median score with FCP, LCP, TBT and
// CLS, then the biggest opportunities of its median run. Target: a score of at least 90 on each.
// LIGHTHOUSE_PAGES=landing,reviews runs only those (by the start of their name); LIGHTHOUSE_JSON=dir
// also saves each page's median run's full report there, to read in the Lighthouse viewer or with jq.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { fmt, freePort, npmStart, waitFor200 } from './lib.mjs';
import { publicPages } from './public-pages.mjs';

// LIGHTHOUSE_RUNS=1 for a single look on a busy machine; the figures to record are medians of 3.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const RUN_TIMEOUT_MS = 90_000;
// The whole benchmark, build and server start included (15 runs of ~30 s); a hung run must not hold
// the machine.
const DEADLINE_MS = 25 * 60_000;

const chromePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
if (!chromePath) {
  process.stdout.write('lighthouse: no Chromium (install Debian chromium or set CHROME_PATH): skipped\n');
  process.exit(0);
}

const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const showMetric = (value, unit) => (unit === 'ms' ? `${fmt(value)} ms` : fmt(value, 3));

let chrome;
let server;
let dataDir;

async function cleanUp() {
  try {
    chrome?.kill();
  } catch {}
  chrome = undefined;
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

const deadline = setTimeout(async () => {
  process.stderr.write(`lighthouse: gave up after ${DEADLINE_MS / 1000} s\n`);
  await cleanUp();
  process.exit(1);
}, DEADLINE_MS);

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** One Lighthouse run in a fresh Chromium, so no run sees another's cache. */
async function runOnce(url, cookie) {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  try {
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
        // The signed-in page's session; no other page is sent a cookie.
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      }),
      RUN_TIMEOUT_MS,
      'a Lighthouse run',
    );
    if (!result?.lhr) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
    chrome = undefined;
  }
}

/** The median run's opportunities (estimated savings) and failing diagnostics, biggest first. */
function opportunities(lhr) {
  const refs = lhr.categories.performance.auditRefs;
  const found = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    // The metrics themselves are printed above; passing and not-applicable audits are no help here.
    if (!audit || ref.group === 'metrics' || audit.score === null || audit.score >= 0.9) continue;
    const savingsMs =
      audit.details?.overallSavingsMs ?? Math.max(0, ...Object.values(audit.metricSavings ?? {}));
    found.push({ title: audit.title, display: audit.displayValue ?? '', savingsMs, score: audit.score });
  }
  return found.sort((a, b) => b.savingsMs - a.savingsMs || a.score - b.score).slice(0, 8);
}

try {
  await ensureWebBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // npmStart stops a server after 2 minutes unless told otherwise; fifteen runs take longer, and the
  // last ones then met a closed port (which Chrome reports as an interstitial).
  server = npmStart(
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    { deadlineMs: DEADLINE_MS },
  );
  await waitFor200(`${base}/`, performance.now());
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const pages = (await publicPages(base)).filter((p) => !only || only.some((o) => p.name.startsWith(o)));
  // One request to each first, so the runs measure the pages rather than the server's first-request
  // warm-up (the server render's modules are loaded on the first page).
  for (const { path: pagePath, cookie } of pages) {
    await (
      await fetch(`${base}${pagePath}`, { headers: { accept: 'text/html', ...(cookie && { cookie }) } })
    ).text();
  }

  const summary = [];
  // Headless Chromium on a busy machine now and then reports no paint at all (NO_FCP); such a run
  // says nothing about the page, so it is retried, three times at most over the whole benchmark.
  let retries = 3;
  for (const page of pages) {
    const url = `${base}${page.path}`;
    process.stdout.write(`\n${page.name} (${page.path}${page.cookie ? ', signed in' : ''}):\n`);
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      let lhr;
      try {
        lhr = await runOnce(url, page.cookie);
      } catch (error) {
        if (retries-- === 0) throw error;
        process.stdout.write(`  run ${i}: ${error instanceof Error ? error.message : error}; trying again\n`);
        i--;
        continue;
      }
      runs.push(lhr);
      const score = Math.round(lhr.categories.performance.score * 100);
      const figures = METRICS.map(
        ([id, label, unit]) => `${label} ${showMetric(lhr.audits[id].numericValue, unit)}`,
      );
      process.stdout.write(`  run ${i}: performance ${score}  ${figures.join('  ')}\n`);
    }
    const scores = runs.map((lhr) => Math.round(lhr.categories.performance.score * 100));
    const medianScore = median(scores);
    const medians = Object.fromEntries(
      METRICS.map(([id]) => [id, median(runs.map((lhr) => lhr.audits[id].numericValue))]),
    );
    summary.push({
      page,
      scores,
      medianScore,
      medians,
      index: median(runs.map((l) => l.environment.benchmarkIndex)),
    });
    // The run whose score is the median one, for its opportunities.
    const medianRun = runs[scores.indexOf(medianScore)];
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      const file = path.join(process.env.LIGHTHOUSE_JSON, `${page.name.split(' ')[0]}.json`);
      writeFileSync(file, JSON.stringify(medianRun));
      process.stdout.write(`  the median run's full report: ${file}\n`);
    }
    for (const o of opportunities(medianRun)) {
      const saving = o.savingsMs ? `  (~${fmt(o.savingsMs)} ms)` : '';
      process.stdout.write(`  - ${o.title}${o.display ? `: ${o.display}` : ''}${saving}\n`);
    }
  }

  const first = summary[0];
  process.stdout.write(
    `\nLighthouse, ${pages.length} pages, mobile, simulated throttling, median of ${RUNS} runs each ` +
      '(target: performance >= 90 on each):\n',
  );
  process.stdout.write(
    `  ${'page'.padEnd(28)} ${'score'.padStart(5)}  ${'runs'.padEnd(12)} ${METRICS.map(([, l]) => l.padStart(11)).join(' ')}  CPU index\n`,
  );
  for (const { page, scores, medianScore, medians, index } of summary) {
    const cells = METRICS.map(([id, , unit]) => showMetric(medians[id], unit).padStart(11)).join(' ');
    process.stdout.write(
      `  ${page.name.padEnd(28)} ${String(medianScore).padStart(5)}  ${scores.join(', ').padEnd(12)} ${cells}  ${fmt(index)}\n`,
    );
  }
  // Lighthouse scales this machine's CPU time to a mid-range phone from its benchmark index (a busy or
  // slow host has a low one and more blocking time); printed so figures from different runs compare.
  if (first) process.stdout.write("  (CPU index: Lighthouse's own measure of this host, median per page)\n");
  const missed = summary.filter((s) => s.medianScore < 90).map((s) => s.page.name);
  process.stdout.write(
    missed.length ? `  target missed on: ${missed.join(', ')}\n` : '  target met on every page\n',
  );
} catch (error) {
  process.stderr.write(`lighthouse: ${error instanceof Error ? error.message : error}\n`);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanUp();
}
