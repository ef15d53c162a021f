// `npm test`: lint, typecheck, then every Vitest project (unit, web components, API integration on
// PGlite and PostgreSQL, browser end-to-end). Ends with one summary line for CI.
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

let ok = run('lint (biome)', bin('biome'), ['check', '.']);
ok = run('typecheck (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;

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
  process.stdout.write(
    `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
  );
} else {
  process.stdout.write('tests: 0 passed, 1 failed (vitest produced no results)\n');
}
process.exit(ok ? 0 : 1);
