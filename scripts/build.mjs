// `npm run build`: everything `npm start` needs ahead of time: the compiled server (dist/server), the
// production web build (dist/web) and the embedded database's cluster template.
import { pathToFileURL } from 'node:url';
import { buildServer, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

await buildServer();
const [, template] = await Promise.all([
  ensureWebBuild({ force: true }),
  import(pathToFileURL(serverEntry('embedded-cluster')).href).then((m) => m.prepareClusterTemplate()),
]);
process.stdout.write(
  `server compiled into dist/server; web app built into dist/web; embedded database template ready in ${template}\n`,
);
