// `npm run bench`: every benchmark in turn; each prints its own figures.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

for (const file of [
  'startup.mjs',
  'embedded-open.mjs',
  'idle.mjs',
  'visitor-location.mjs',
  'landing-js.mjs',
  'lighthouse.mjs',
  'sign-in.mjs',
]) {
  process.stdout.write(`\n=== bench/${file}\n`);
  const r = spawnSync(process.execPath, [fileURLToPath(new URL(file, import.meta.url))], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exitCode = 1;
}
