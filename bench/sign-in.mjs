// Runs bench/sign-in.ts through tsx (the benchmark imports the server's TypeScript directly).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const r = spawnSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('sign-in.ts', import.meta.url))],
  {
    stdio: 'inherit',
  },
);
process.exit(r.status ?? 1);
