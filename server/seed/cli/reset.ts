// npm run db:reset
// Throws away all data and starts again with fresh demo data. The embedded database is simply deleted
// and recreated (faster than truncating, and it also clears anything a failed migration left behind);
// a PostgreSQL database is truncated, since the role may not be allowed to drop and create databases.
import { rmSync } from 'node:fs';
import { loadConfig } from '../../config/config';
import { embeddedDatabaseDir, openConfiguredDatabase } from '../../db/client';
import { type DataDirLock, lockEmbeddedDatabase } from '../../db/data-dir-lock';
import { runMigrations } from '../../db/migrate';
import { truncateAllTables } from '../../db/truncate';
import { failureText } from '../../lib/startup-error';
import { describeDatabase, formatSeedSummary } from '../cli-support';
import { seedDemoData } from '../seed';

const out = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  // Resetting a live production database is almost certainly a mistake; make it explicit.
  if (config.env === 'production' && !process.argv.includes('--force')) {
    throw new Error('NODE_ENV is production: refusing to erase the database without --force');
  }
  out(`Database: ${describeDatabase(config)}`);
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    const dir = embeddedDatabaseDir(config.dataDir);
    // Held from before the folder goes until the new database is closed: a server holding it refuses.
    lock = lockEmbeddedDatabase(dir);
    rmSync(dir, { recursive: true, force: true });
    out(`Deleted ${dir}.`);
  }
  const handle = await openConfiguredDatabase(config).catch((err: unknown) => {
    lock?.release();
    throw err;
  });
  try {
    if (config.databaseUrl) {
      await truncateAllTables(handle.db);
      out('Emptied every table.');
    }
    await runMigrations(handle);
    out('Applied migrations.');
    out(formatSeedSummary(await seedDemoData(handle.db)));
  } finally {
    await handle.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:reset failed: ${failureText(error)}\n`);
  process.exitCode = 1;
});
