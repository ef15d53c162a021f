// Says once, up front, which databases the integration tests run on.
export default function setup(): void {
  const pgUrl = process.env.TEST_DATABASE_URL;
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
}
