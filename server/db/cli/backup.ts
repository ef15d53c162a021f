import path from 'node:path';
import { loadConfig } from '../../config/config';
import { failureText, StartupError } from '../../lib/startup-error';
import { embeddedDatabaseDir } from '../client';
import { backupEmbeddedDatabase } from '../embedded-backup';

// `npm run db:backup [-- <file>]`: a backup of the embedded database, taken while no server runs on it
// (it refuses otherwise). A PostgreSQL database is backed up with pg_dump (docs/operations/backup-and-restore.md).
try {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new StartupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump (docs/operations/backup-and-restore.md).',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(
    process.argv[2] ?? path.join(config.dataDir, 'backups', `tradenest-${stamp}.tar.gz`),
  );
  const bytes = await backupEmbeddedDatabase(embeddedDatabaseDir(config.dataDir), file);
  process.stdout.write(
    `Backed up the embedded database to ${file} (${(bytes / 1_048_576).toFixed(1)} MB).\n`,
  );
} catch (error) {
  process.stderr.write(`db:backup failed: ${failureText(error)}\n`);
  process.exitCode = 1;
}
