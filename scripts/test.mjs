// `npm test`: lint, typecheck, then every Vitest project (unit, web components, API integration on
// PGlite and PostgreSQL, browser end-to-end). Ends with one summary line for CI.
import './node-version.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, '.vitest-results.json');

function run(label, command, args) {
  process.stdout.write(`\n> ${label}\n`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
}

// Lint and typecheck count as one test each in the summary line, so a red check is never hidden.
const checks = [
  run('lint (biome)', bin('biome'), ['check', '.']),
  run('typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
];
let ok = checks.every(Boolean);
const checksPassed = checks.filter(Boolean).length;
const checksFailed = checks.length - checksPassed;

rmSync(results, { force: true });
const extra = process.argv.slice(2);
ok =
  run('tests (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
    ...extra,
  ]) && ok;

if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A file that fails before its tests run (a broken import, a failing beforeAll) fails no single
  // test, so it is counted as one failure of its own.
  const failedFiles = r.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
  const failed = r.numFailedTests + failedFiles + checksFailed;
  const passed = r.numPassedTests + checksPassed;
  process.stdout.write(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
} else {
  process.stdout.write(
    `tests: ${checksPassed} passed, ${checksFailed + 1} failed (vitest produced no results)\n`,
  );
}
process.exit(ok ? 0 : 1);
