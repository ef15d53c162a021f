// `npm start`: compile the server and build the web app if needed, prepare the embedded database template
// (beside the web build, on a first start), then run the compiled server in this process, so Ctrl-C
// reaches its graceful shutdown directly, with no child process left behind. Decision 0022 says why the
// server runs compiled here (and from its TypeScript sources in `npm run dev`, `serve` and the tests).
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
