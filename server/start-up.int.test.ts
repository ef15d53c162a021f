import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUrl } from '../test/databases';
import { killStarted, spawnNode, startServerProcess } from '../test/processes';

// Start-up as an operator meets it, with real processes (`node --import tsx server/main.ts`): several
// instances started at once on one empty database, and the mistakes that stop a start, each told in
// one sentence on stderr with exit code 1.

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
