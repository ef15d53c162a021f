import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config/config';
import { openConfiguredDatabase } from './db/client';
import { ensureWritableFolder } from './db/data-dir-lock';
import { StartupError } from './lib/startup-error';

// The listening entry point: `npm start` and `npm run serve` run this file.
try {
  // A .env file is optional; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // V8 reads this at each full collection, so setting it now is enough: by default it lets the heap grow
  // up to four times what the last collection kept, in steps, and a loaded server's memory kept
  // climbing for minutes (decision 0025).
  if (config.heapGrowingPercent > 0) {
    setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);
  }
  // Uploads are kept there with local storage, and the embedded database too (whose lock checks it).
  if (config.storage.driver === 'local' && config.databaseUrl) ensureWritableFolder(config.dataDir);
  // The database opens while the rest of the server loads: PGlite compiles its WebAssembly and reads
  // its files mostly off this thread, which would otherwise wait for it afterwards.
  const database = openConfiguredDatabase(config);
  database.catch(() => {}); // handled where startServer awaits it
  const { startServer } = await import('./server');
  await startServer(config, { database });
} catch (err) {
  // What the operator must fix (a setting, the database, the port, the data folder): no stack trace.
  if (err instanceof StartupError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
