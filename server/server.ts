import { setTimeout as setTimeout$ } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { type App, buildApp } from './app';
import type { Config } from './config/config';
import { ADVISORY_LOCKS, withAdvisoryLock } from './db/advisory-lock';
import { type DatabaseHandle, openConfiguredDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { users } from './db/schema';
import { armExitWatchdog } from './lib/exit-watchdog';
import { releaseStartupMemoryWhenIdle, trimNativeHeapEvery } from './lib/release-startup-memory';
import { StartupError } from './lib/startup-error';
import { grantConfiguredAdmins } from './modules/accounts';
import { ignoreBrokenPipe, logDestination } from './plugins/logging';
import { writeSampleDocumentsInChild } from './seed/sample-documents';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount, isDatabaseEmpty, seedDemoData } from './seed/seed';

/** How often malloc's free pages go back to the system while the server runs (decision 0041). */
const NATIVE_HEAP_TRIM_MS = 15_000;

export interface RunningServer {
  app: App;
  database: DatabaseHandle;
  url: string;
  stop(): Promise<void>;
}

/**
 * What starting (and seeding) left in V8's heap and in malloc's arenas goes back to the system once the
 * event loop is idle (or 5 s from now), so the first requests do not wait behind the collection
 * (decision 0028); from then on, malloc's free pages go back every 15 s (decision 0041). Returns a
 * function that stops both (shutdown).
 */
function releaseMemory(log: pino.Logger): () => void {
  let stopTrimming = () => {};
  const cancelRelease = releaseStartupMemoryWhenIdle((released) => {
    log.debug(released, 'start-up memory released');
    stopTrimming = trimNativeHeapEvery(NATIVE_HEAP_TRIM_MS);
  });
  return () => {
    cancelRelease();
    stopTrimming();
  };
}

/**
 * Opens the database, migrates, loads demo data on the first start of an empty embedded database,
 * listens, and stops gracefully on SIGINT/SIGTERM: in-flight requests finish, then the database closes.
 */
export async function startServer(
  config: Config,
  {
    handleSignals = true,
    database: opening,
  }: {
    handleSignals?: boolean;
    /** The configured database, already being opened (main.ts); opened here when not given. */
    database?: Promise<DatabaseHandle>;
  } = {},
): Promise<RunningServer> {
  const log = pino({ level: config.logLevel }, logDestination(config.env));
  // The log reader (a terminal, a log shipper) may go away: writing to it must never end or hang us.
  ignoreBrokenPipe(process.stdout);
  ignoreBrokenPipe(process.stderr);
  const database = await (opening ?? openConfiguredDatabase(config));
  log.info({ database: database.kind }, 'database opened');
  let app: App | undefined;
  let seeded = false;
  try {
    await runMigrations(database);

    // Demo data goes into a new embedded database by default, never into a server database unless asked.
    const shouldSeed =
      config.seedDemoData === 'always' || (config.seedDemoData === 'auto' && database.kind === 'pglite');
    // Instances starting together on one empty database: one seeds, the others then find it seeded.
    await withAdvisoryLock(database, ADVISORY_LOCKS.startData, async () => {
      if (shouldSeed && (await isDatabaseEmpty(database.db))) {
        const summary = await seedDemoData(database.db);
        log.info({ ms: summary.durationMs, counts: summary.counts }, 'demo data loaded');
        seeded = true;
      }
      if (config.adminEmails.length > 0) {
        const granted = await grantConfiguredAdmins(database.db, config.adminEmails);
        log.info({ granted }, 'ADMIN_EMAILS applied');
      }
    });

    // Built once the database is open, not while it opens: building it alongside PGlite's start was tried
    // and taken out again (commit 317b4d7), as it did not start the server sooner.
    app = await buildApp({ config, database });
    await listen(app, config);
  } catch (err) {
    // Nothing may be left running (the event bus's connection, the queue, the database).
    await app?.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;

  await announceStart(database, config, log, url);
  const samplesWriting = new AbortController();
  const stopReleasingMemory = releaseMemory(log);
  if (seeded) {
    // The demo documents' sample files, written after the server is up so the first start is not
    // slowed: the verification queue shows them as they arrive. A child process makes them, so that
    // sharp, pdf-lib and their garbage never enter this one.
    void writeSampleDocumentsInChild(database.db, config, samplesWriting.signal)
      .then((written) => log.info({ written }, 'demo document files written'))
      .catch((err) => {
        if (!samplesWriting.signal.aborted) log.warn({ err }, 'demo document files could not all be written');
      });
  }

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const began = Date.now();
      const timer = setTimeout(() => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      }, config.shutdownTimeoutMs);
      timer.unref();
      // If even that timer cannot run (the main thread is stuck), a watchdog thread ends the process.
      const disarm = handleSignals ? armExitWatchdog(config.shutdownTimeoutMs + 2000) : async () => {};
      // Readiness fails from now on while everything else is still served, until a balancer checking
      // it has stopped sending requests here (docs/operations/balancer.md).
      app.lifecycle.drain();
      if (config.shutdownDrainMs > 0) {
        log.info({ ms: config.shutdownDrainMs }, 'draining: readiness answers 503');
        await setTimeout$(config.shutdownDrainMs);
      }
      samplesWriting.abort();
      stopReleasingMemory();
      // Closes the port and idle connections, ends the event streams, lets requests in flight finish
      // (their answers close their connections: plugins/lifecycle.ts), then stops the queue's workers
      // once their current jobs are done.
      await app.close();
      await database.close();
      clearTimeout(timer);
      await disarm();
      log.info({ ms: Date.now() - began }, 'stopped');
    })();
    return stopping;
  };

  if (handleSignals) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        log.info({ signal }, 'shutting down');
        stop().then(
          () => process.exit(0),
          (err) => {
            log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      });
    }
  }

  return { app, database, url, stop };
}

/** Listens; an address that cannot be had is the operator's to fix, told in one sentence (main.ts). */
async function listen(app: App, config: Config): Promise<void> {
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const where = `${config.host}:${config.port}`;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `Port ${config.port} on ${config.host} is already in use by another process: stop it or set PORT to a free port.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartupError(
        `This process may not listen on ${where} (EACCES): ports below 1024 need privileges; set PORT to 1024 or above.`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new StartupError(`Cannot listen on ${where} (${code}): set HOST to an address of this machine.`);
    }
    throw err;
  }
}

async function announceStart(
  database: DatabaseHandle,
  config: Config,
  log: pino.Logger,
  url: string,
): Promise<void> {
  const rows = await database.db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const present = new Set(rows.map((r) => r.email.toLowerCase()));
  const accounts = DEMO_ACCOUNTS.filter((a) => present.has(a.email));
  log.info({ url, demoAccounts: accounts.map((a) => ({ role: a.role, email: a.email })) }, 'ready');
  // In development a person reads this: a banner they can find among the request lines.
  if (config.env === 'development') process.stdout.write(startBanner(url, accounts, !config.smtpUrl));
}

export function startBanner(url: string, accounts: readonly DemoAccount[], devOutbox: boolean): string {
  const label = (role: string) => `${role[0]!.toUpperCase()}${role.slice(1)}`.padEnd(14);
  const lines = ['', `  TradeNest is ready at ${url}`, ''];
  if (accounts.length > 0) {
    lines.push(`  Demo accounts (password: ${DEMO_PASSWORD})`);
    for (const a of accounts) lines.push(`    ${label(a.role)}${a.email}`);
    lines.push('');
  }
  if (devOutbox) lines.push(`  Emails (no SMTP_URL set):  ${url}/dev/outbox`);
  lines.push(`  API documentation:         ${url}/api/docs`, '  Stop with Ctrl-C.', '', '');
  return lines.join('\n');
}
