// `npm run build`: everything `npm start` needs ahead of time: the production web build and the
// embedded database's cluster template.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

register();
const [, template] = await Promise.all([
  ensureWebBuild({ force: true }),
  import('../server/db/embedded-cluster.ts').then((m) => m.prepareClusterTemplate()),
]);
process.stdout.write(`web app built into dist/web; embedded database template ready in ${template}\n`);
