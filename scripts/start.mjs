// `npm start`: build the web app if needed and prepare the embedded database template (both at once,
// on a first start), then run the server in this process, so Ctrl-C reaches its graceful shutdown
// directly, with no child process left behind.
import './node-version.mjs';
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

register();
const embedded = !process.env.DATABASE_URL;
await Promise.all([
  ensureWebBuild(),
  embedded && import('../server/db/embedded-cluster.ts').then((m) => m.prepareClusterTemplate()),
]);
await import('../server/main.ts');
