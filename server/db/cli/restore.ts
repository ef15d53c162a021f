import path from 'node:path';
import { loadConfig } from '../../config/config';
import { failureText, StartupError } from '../../lib/startup-error';
import { embeddedDatabaseDir } from '../client';
import { restoreEmbeddedDatabase } from '../embedded-backup';

// `npm run db:restore -- <file>`: puts a db:backup file in place of the embedded database, while no
// server runs on it (it refuses otherwise). The database it replaces is kept beside it, renamed.
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new StartupError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations/backup-and-restore.md).',
    );
  }
  const file = process.argv[2];
  if (!file) throw new StartupError('Name the backup to restore: npm run db:restore -- <file>.');
  const databaseDir = embeddedDatabaseDir(config.dataDir);
  const replaced = await restoreEmbeddedDatabase(databaseDir, path.resolve(file));
  process.stdout.write(
    `Restored ${path.resolve(file)} into ${databaseDir}.${replaced ? ` The database it replaced is in ${replaced}; delete it once you are satisfied.` : ''}\n`,
  );
} catch (error) {
  process.stderr.write(`db:restore failed: ${failureText(error)}\n`);
  process.exitCode = 1;
}
