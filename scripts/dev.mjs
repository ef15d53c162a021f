// `npm run dev`: the API server (restarted on change) and Vite's dev server with hot reload, together.
// Open http://localhost:5173; Vite proxies /api to the server on :3000. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children = [
  spawn(
    process.execPath,
    ['--watch-path=server', '--watch-path=domain', '--import', 'tsx', 'server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', '5173'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
