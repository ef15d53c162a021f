// `npm start`: compile the server and build the web app if needed, prepare the embedded database template
// (beside the web build, on a first start), then run the compiled server in this process, so Ctrl-C
// reaches its graceful shutdown directly, with no child process left behind. Decision 0022 says why the
// server runs compiled here (and from its TypeScript sources in `npm run dev`, `serve` and the tests).
// package.json runs this with `--v8-pool-size=2` (V8's helper threads; Node's default is 4): each helper
// that compiles or collects garbage leaves a malloc arena of freed memory the process keeps, ~70-85 MB
// in all at the end of an embedded start with four, ~40 MB with two (the server's RSS 260-273 → 224-228
// MB, later start, /proc/PID/smaps). The JavaScript still runs on one thread, so two helpers keep
// garbage collection and optimising compilation off it. relaunch.mjs adds what depends on where the data
// lives: on the embedded database, a young generation capped at 2 × 4 MB (decision 0041).
import './relaunch.mjs';
import './node-version.mjs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBuild, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

// V8 keeps the code it compiled for the server and its packages here, so a later start reuses it.
const root = fileURLToPath(new URL('..', import.meta.url));
module.enableCompileCache?.(path.join(root, 'node_modules/.cache/tradenest/v8'));

const compiled = (name) => pathToFileURL(serverEntry(name)).href;
await ensureServerBuild();
const embedded = !process.env.DATABASE_URL;
await Promise.all([
  ensureWebBuild(),
  embedded && import(compiled('embedded-cluster')).then((m) => m.prepareClusterTemplate()),
]);
await import(compiled('main'));
// Written now that the server is up, not only at a clean exit (a killed server would leave none).
module.flushCompileCache?.();
