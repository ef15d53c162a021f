// What db:seed and db:reset share: describing the database and what the seed wrote. Output goes
// through process.stdout.write because these run without the logger, and a human reads it.
import type { Config } from '../config/config';
import { embeddedDatabaseDir } from '../db/client';
import { DEMO_PASSWORD, type SeedSummary } from './seed';

/** Where the data lives, without the password a DATABASE_URL may carry. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded PGlite in ${embeddedDatabaseDir(config.dataDir)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/** The summary and the demo sign-ins. Only the shared demo password is printed: it is public by design. */
export function formatSeedSummary(summary: SeedSummary): string {
  const counts = Object.entries(summary.counts)
    .map(([table, n]) => `  ${table.padEnd(22)} ${String(n).padStart(5)}`)
    .join('\n');
  const width = Math.max(...summary.accounts.map((a) => a.email.length));
  const accounts = summary.accounts
    .map((a) => `  ${a.role.padEnd(13)} ${a.email.padEnd(width)}  ${a.about}`)
    .join('\n');
  return [
    `Seeded demo data in ${summary.durationMs} ms (dates relative to ${summary.now}):`,
    counts,
    '',
    `Demo accounts (password for all: ${DEMO_PASSWORD}):`,
    accounts,
    '',
  ].join('\n');
}
