import {
  accessSync,
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StartupError } from '../lib/startup-error';

// One process at a time may open an embedded database: PGlite is PostgreSQL in single-user mode, with no
// postmaster to refuse a second one, and two processes on one folder each wrote over the other's files
// (writes acknowledged, then lost at the next start).
//
// The guard is flock(2) on DATA_DIR/db.lock, called through koffi (already loaded for malloc_trim). The
// kernel holds the lock for the open file and drops it when the process ends however it ends, kill -9
// included, so a stale lock cannot exist and nothing has to guess whether a recorded PID is still ours
// (PIDs are reused). The PID written into the file is only for the message. Considered: a PID file alone
// (a kill -9 leaves it, and a reused PID makes it look alive), proper-lockfile (a folder whose mtime is
// refreshed on a timer: a stale lock blocks for its whole timeout, and a stalled event loop loses the
// lock), fcntl record locks (dropped as soon as the process closes any descriptor of the file, reading
// the PID included). Node opens files with O_CLOEXEC, so child processes never inherit the lock.

const LOCK_EX = 2;
const LOCK_NB = 4;

type Flock = (fd: number, operation: number) => number;
let koffi: typeof import('koffi') | undefined;
let flock: Flock | undefined;

function loadFlock(): Flock {
  // Loaded on first use: only a process opening an embedded database pays for it (~16 ms). The process's
  // own symbols include the C library's flock on glibc, musl and macOS alike.
  koffi ??= createRequire(import.meta.url)('koffi') as typeof import('koffi');
  flock ??= koffi.load(null).func('int flock(int fd, int operation)') as Flock;
  return flock;
}

export interface DataDirLock {
  release(): void;
}

/** The file whose lock guards an embedded database folder: beside it, so it survives `db:reset`. */
export function lockFileOf(databaseDir: string): string {
  return `${databaseDir}.lock`;
}

/** This process's locks, by file: opening the same database again in one process shares the lock. */
const held = new Map<string, { fd: number; holders: number }>();

/**
 * Takes the lock of the embedded database in `databaseDir` for this process, or throws a StartupError
 * naming the folder and the process that holds it. Taken before anything is written into the folder.
 */
export function lockEmbeddedDatabase(databaseDir: string): DataDirLock {
  // Windows has no flock(2). It is a place to develop, not to deploy, so it goes without the guard
  // rather than without the embedded database.
  if (process.platform === 'win32') return { release() {} };
  const file = lockFileOf(databaseDir);
  const folder = path.dirname(file);
  let entry = held.get(file);
  if (!entry) {
    let fd: number;
    try {
      mkdirSync(folder, { recursive: true });
      // Opened without truncating: a refused process must change nothing, not even the holder's PID.
      fd = openSync(file, 'a+');
    } catch (err) {
      throw unwritable(folder, err);
    }
    const lockFn = loadFlock();
    if (lockFn(fd, LOCK_EX | LOCK_NB) !== 0) {
      const errno = koffi!.errno();
      closeSync(fd);
      if (errno !== koffi!.os.errno.EWOULDBLOCK) {
        throw new StartupError(`The data folder ${folder} could not be locked (errno ${errno}).`);
      }
      const pid = readFileSync(file, 'utf8').trim();
      throw new StartupError(
        `The data folder ${folder} is in use by another TradeNest process (${pid ? `PID ${pid}` : 'starting now'}): stop it first, or give this one another DATA_DIR.`,
      );
    }
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n`);
    entry = { fd, holders: 0 };
    held.set(file, entry);
  }
  const holding = entry;
  holding.holders += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      holding.holders -= 1;
      if (holding.holders > 0) return;
      held.delete(file);
      // Closing the last descriptor is what releases the lock.
      closeSync(holding.fd);
    },
  };
}

/** Makes sure the data folder exists and this process may write in it (uploads go there too). */
export function ensureWritableFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
    accessSync(folder, constants.W_OK);
  } catch (err) {
    throw unwritable(folder, err);
  }
}

function unwritable(folder: string, err: unknown): StartupError {
  const code = (err as NodeJS.ErrnoException).code ?? 'error';
  return new StartupError(
    `The data folder ${folder} cannot be written (${code}): give this process write access to it or set DATA_DIR to another folder.`,
  );
}
