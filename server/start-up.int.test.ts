import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUrl } from '../test/databases';
import { freePort, killStarted, spawnNode, startServerProcess } from '../test/processes';

// Start-up as an operator meets it, with real processes (`node --import tsx server/main.ts`, each with
// its own pool), not startServer calls in this process: several instances started at once on one empty
// database, and the mistakes that stop a start, each told in one sentence on stderr with exit code 1.

const scratch = mkdtempSync(path.join(tmpdir(), 'tradenest-start-up-'));
afterEach(killStarted);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const onPostgres = postgresUrl() ? describe : describe.skip;

onPostgres('instances starting together [postgres]', () => {
  it('five instances started at once on a fresh database all become ready', {
    timeout: 240_000,
  }, async () => {
    const database = await freshPostgresDatabase('five');
    try {
      const env = {
        DATABASE_URL: database.url,
        DATABASE_POOL_MAX: '4',
        // Everything a start does on an empty database: migrations, the queue's schema, queues and
        // schedules (with polling on, as in production), the demo seed and ADMIN_EMAILS.
        SEED_DEMO_DATA: 'always',
        ADMIN_EMAILS: 'admin@tradenest.local',
        QUEUE_POLL_INTERVAL_MS: '1000',
        DATA_DIR: path.join(scratch, 'five'),
      };
      const servers = await Promise.all(Array.from({ length: 5 }, () => startServerProcess(env, 200_000)));
      for (const server of servers) {
        expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
        expect(server.stderr()).toBe('');
      }
      // Seeded once, not five times.
      const seeded = servers.filter((s) => s.stdout().includes('demo data loaded'));
      expect(seeded).toHaveLength(1);
    } finally {
      await killStarted();
      await database.drop();
    }
  });
});

/** Runs the server with `env` and expects it to stop at once: exit 1 and a single line on stderr. */
async function refusedStart(env: Record<string, string>): Promise<{ line: string; stdout: string }> {
  const server = spawnNode('server/main.ts', env);
  expect(await server.exited(60_000)).toBe(1);
  const stderr = server.stderr();
  expect(stderr.endsWith('\n')).toBe(true);
  const line = stderr.slice(0, -1);
  expect(line).not.toContain('\n');
  return { line, stdout: server.stdout() };
}

describe('a start that cannot go ahead says why in one sentence and exits 1', () => {
  it('names each bad setting without printing a password or a key', async () => {
    const server = spawnNode('server/main.ts', {
      DATABASE_URL: 'mysql://app:hunter2@db.internal/tradenest',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51SecretPartOfTheKey',
      STRIPE_WEBHOOK_SECRET: 'whsec_TheWebhookSecret',
      PORT: 'eighty',
    });
    expect(await server.exited()).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('DATABASE_URL="mysql://app:***@db.internal/tradenest": must be a postgres://');
    expect(stderr).toContain('PORT="eighty"');
    expect(stderr).not.toMatch(/hunter2|SecretPartOfTheKey|TheWebhookSecret|\n\s+at /);
  });

  it('refuses the payments sandbox on its public webhook secret in production', async () => {
    // A configuration error lists each bad setting on a line of its own, under one heading.
    const server = spawnNode('server/main.ts', {
      NODE_ENV: 'production',
      DATA_DIR: path.join(scratch, 'prod'),
    });
    expect(await server.exited()).toBe(1);
    expect(server.stderr().split('\n')).toEqual([
      'Invalid configuration. Fix these settings (see .env.example):',
      expect.stringMatching(
        /^ {2}SANDBOX_WEBHOOK_SECRET="": must be set to a secret of your own in production while PAYMENTS_PROVIDER=sandbox/,
      ),
      '',
    ]);
  });

  it('an unreachable database, with no "database opened" before it', async () => {
    const port = await freePort();
    const { line, stdout } = await refusedStart({
      DATABASE_URL: `postgres://app:hunter2@127.0.0.1:${port}/tradenest`,
      DATA_DIR: path.join(scratch, 'unreachable'),
    });
    expect(line).toBe(
      `Cannot reach the PostgreSQL server at 127.0.0.1:${port} (ECONNREFUSED): is it running and reachable from here, and is DATABASE_URL right?`,
    );
    expect(stdout).not.toContain('database opened');
  });

  it.skipIf(!postgresUrl())('a database that does not exist [postgres]', async () => {
    const url = new URL(postgresUrl()!);
    url.pathname = '/tradenest_no_such_database';
    url.password = 'hunter2';
    const { line, stdout } = await refusedStart({
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(scratch, 'missing'),
    });
    expect(line).toBe(
      `The database "tradenest_no_such_database" does not exist on the PostgreSQL server at ${url.hostname}:${url.port || 5432}: create it (createdb tradenest_no_such_database) or correct DATABASE_URL.`,
    );
    expect(stdout).not.toContain('database opened');
  });

  it.skipIf(!postgresUrl())('a user the database refuses [postgres]', async () => {
    const url = new URL(postgresUrl()!);
    url.username = 'tradenest_no_such_role';
    url.password = 'hunter2';
    const { line, stdout } = await refusedStart({
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(scratch, 'role'),
    });
    expect(line).toMatch(
      /^The PostgreSQL server at .* refused the user "tradenest_no_such_role" \(.*\): correct the user or password in DATABASE_URL\.$/,
    );
    expect(line).not.toContain('hunter2');
    expect(stdout).not.toContain('database opened');
  });

  it('a data folder it cannot write to', async () => {
    // A folder inside a file: refused whoever runs the test (root ignores permission bits).
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, '');
    const { line } = await refusedStart({ DATA_DIR: path.join(file, 'data') });
    expect(line).toBe(
      `The data folder ${path.join(file, 'data')} cannot be written (ENOTDIR): give this process write access to it or set DATA_DIR to another folder.`,
    );
  });

  it('a port already in use', { timeout: 120_000 }, async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { line } = await refusedStart({ PORT: String(port), DATA_DIR: path.join(scratch, 'port') });
      expect(line).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another process: stop it or set PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
  });
});
