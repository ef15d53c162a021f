// npm run db:seed [-- --force]
// Seeds the configured database with demo data, but only when it has no accounts: a second run must never
// mix demo rows into real data. --force empties every table first.
import { loadConfig } from '../../config/config';
import { openConfiguredDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { truncateAllTables } from '../../db/truncate';
import { failureText } from '../../lib/startup-error';
import { describeDatabase, formatSeedSummary } from '../cli-support';
import { isDatabaseEmpty, seedDemoData } from '../seed';

const force = process.argv.includes('--force');
const out = (text: string) => process.stdout.write(`${text}\n`);

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    out(`Database: ${describeDatabase(config)}`);
    await runMigrations(handle);
    if (force) {
      await truncateAllTables(handle.db);
      out('--force: emptied every table.');
    } else if (!(await isDatabaseEmpty(handle.db))) {
      out(
        'The database already has accounts, so nothing was seeded. Run `npm run db:seed -- --force` to replace',
      );
      out('everything with demo data, or `npm run db:reset` to start from scratch.');
      return;
    }
    out(formatSeedSummary(await seedDemoData(handle.db)));
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`db:seed failed: ${failureText(error)}\n`);
  process.exitCode = 1;
});
