import { existsSync, mkdirSync, openAsBlob, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { StartupError } from '../lib/startup-error';
import { openDatabase } from './client';
import { lockEmbeddedDatabase } from './data-dir-lock';
import type { EmbeddedClient } from './embedded-client';
import { loadEmbeddedExtensions } from './embedded-extensions';

// Backing up and restoring the embedded database (docs/operations/backup-and-restore.md). Both take the
// data folder's lock, so they refuse while a server runs on it rather than copy files PGlite is
// writing: a copy taken under a running server could hold half a transaction. Stopping the server for
// the few seconds a backup takes is the price of a copy that is always whole. The backup is PGlite's
// own dump of its data folder (dumpDataDir: a gzipped tar), which PGlite loads back as it is.

const isDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** Writes a backup of the embedded database in `databaseDir` to `file`; resolves with its size in bytes. */
export async function backupEmbeddedDatabase(databaseDir: string, file: string): Promise<number> {
  const lock = lockEmbeddedDatabase(databaseDir);
  try {
    if (!isDatabase(databaseDir)) {
      throw new StartupError(`There is no embedded database in ${databaseDir} to back up.`);
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: databaseDir });
    let bytes: Buffer;
    try {
      const dump = await (database.client as EmbeddedClient).dumpDataDir('gzip');
      bytes = Buffer.from(await dump.arrayBuffer());
    } finally {
      await database.close();
    }
    // Written beside and renamed, so an interrupted backup never leaves a file that looks whole.
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.partial-${process.pid}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return bytes.length;
  } finally {
    lock.release();
  }
}

/**
 * Replaces the embedded database in `databaseDir` with the backup in `file`. The backup is loaded into a
 * new folder and checked first; the database it replaces is kept beside, renamed, and its name returned
 * (undefined when there was none), so a restore never destroys anything by itself.
 */
export async function restoreEmbeddedDatabase(
  databaseDir: string,
  file: string,
  now = new Date(),
): Promise<string | undefined> {
  const lock = lockEmbeddedDatabase(databaseDir);
  try {
    let backup: Blob;
    try {
      statSync(file); // for the system's reason (ENOENT, EACCES) when it cannot be read
      backup = await openAsBlob(file);
    } catch (err) {
      throw new StartupError(`Cannot read the backup ${file} (${(err as NodeJS.ErrnoException).code}).`);
    }
    const incoming = `${databaseDir}.restoring-${process.pid}`;
    rmSync(incoming, { recursive: true, force: true });
    try {
      await loadBackup(incoming, backup, file);
    } catch (err) {
      rmSync(incoming, { recursive: true, force: true });
      throw err;
    }
    let replaced: string | undefined;
    if (existsSync(databaseDir)) {
      replaced = `${databaseDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(databaseDir, replaced);
    }
    renameSync(incoming, databaseDir);
    return replaced;
  } finally {
    lock.release();
  }
}

async function loadBackup(dir: string, backup: Blob, file: string): Promise<void> {
  const [{ PGlite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    loadEmbeddedExtensions(),
  ]);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, loadDataDir: backup, extensions });
  } catch (err) {
    throw new StartupError(`${file} is not a backup made by db:backup (${(err as Error).message}).`);
  }
  try {
    // A TradeNest database has had migrations applied; the server applies any newer ones at its start.
    await client.query('select count(*) from drizzle.__drizzle_migrations');
  } catch {
    throw new StartupError(`${file} holds a database, but not a TradeNest one.`);
  } finally {
    await client.close();
  }
}
