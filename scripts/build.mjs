// `npm run build`: everything `npm start` needs ahead of time: the compiled server (dist/server), the
// production web build (dist/web), the embedded database's cluster template, and the UK cut of
// geoip-lite's data (decision 0042), so that a deployment's first visitor does not wait for it.
import { pathToFileURL } from 'node:url';
import { buildServer, serverEntry } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

const compiled = (name) => import(pathToFileURL(serverEntry(name)).href);

await buildServer();
const [, template, ipCut] = await Promise.all([
  ensureWebBuild({ force: true }),
  compiled('embedded-cluster').then((m) => m.prepareClusterTemplate()),
  // The server makes the cut on its first public address when it is missing, and reads the whole
  // database when it cannot be written, so a build that cannot make it says so and goes on.
  compiled('uk-ip-data')
    .then((m) => m.prepareUkIpData())
    .catch((error) => {
      process.emitWarning(
        `The UK cut of the IP location data was not made (${error.message}); the server makes it on the first public address it sees, or reads the whole database if it cannot.`,
      );
      return null;
    }),
]);
process.stdout.write(
  `server compiled into dist/server; web app built into dist/web; embedded database template ready in ${template}` +
    (ipCut ? `; IP location data for the UK ready in ${ipCut}\n` : '\n'),
);
