import { loadConfig } from '../../config/config';
import { failureText } from '../../lib/startup-error';
import { openConfiguredDatabase } from '../client';
import { runMigrations } from '../migrate';

// `npm run db:migrate`: the server migrates on start too; this is for deploy pipelines. On the embedded
// database it refuses while a server holds the data folder (data-dir-lock.ts).
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
  process.stdout.write(`migrations applied (${database.kind})\n`);
} catch (error) {
  process.stderr.write(`db:migrate failed: ${failureText(error)}\n`);
  process.exitCode = 1;
}
