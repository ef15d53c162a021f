import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/config';
import { openConfiguredDatabase } from './db/client';

// The listening entry point: `npm start` and `npm run serve` run this file.
try {
  // A .env file is optional; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // The database opens while the rest of the server loads: PGlite compiles its WebAssembly and reads
  // its files mostly off this thread, which would otherwise wait for it afterwards.
  const database = openConfiguredDatabase(config);
  database.catch(() => {}); // handled where startServer awaits it
  const { startServer } = await import('./server');
  await startServer(config, { database });
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
