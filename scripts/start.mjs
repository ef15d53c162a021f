// `npm start`: build the web app if needed, then run the server in this process (so Ctrl-C reaches its
// graceful shutdown directly, with no child process left behind).
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

await ensureWebBuild();
register();
await import('../server/main.ts');
