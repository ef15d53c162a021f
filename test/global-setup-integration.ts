import pg from 'pg';
import { postgresUrl, testDatabasePrefix } from './databases';

// Says once, up front, which databases the integration tests run on, and drops this run's
// per-worker PostgreSQL databases at the end.
export default function setup(): () => Promise<void> {
  const pgUrl = postgresUrl();
  if (pgUrl) {
    process.stdout.write(`integration tests: embedded PGlite and PostgreSQL (${new URL(pgUrl).host})\n`);
  } else if (process.env.REQUIRE_POSTGRES === '1') {
    process.stdout.write(
      'integration tests: REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: PostgreSQL tests will fail\n',
    );
  } else {
    process.stdout.write(
      'integration tests: PostgreSQL skipped (set TEST_DATABASE_URL=postgres://... to run them too)\n',
    );
  }
  return async () => {
    if (!pgUrl) return;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [testDatabasePrefix(process.pid)],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await admin.end();
    }
  };
}
