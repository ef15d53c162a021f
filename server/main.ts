import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/config';
import { startServer } from './server';

// The listening entry point: `npm start` and `npm run serve` run this file.
try {
  // A .env file is optional; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  await startServer(config);
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
