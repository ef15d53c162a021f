import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_POLICIES, JOB_SCHEDULES, QUEUE_SCHEMA, queueDefinitions } from '../queue/jobs';
import { openDatabase } from './client';

const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-cluster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded database template', () => {
  it("holds the job queues and schedules the server's queue start would create, and no job", async () => {
    // openDatabase copies the template (creating it first if this machine has none).
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      const rows = async <Row>(query: string) => (await (database.client as PGlite).query<Row>(query)).rows;
      const queues = await rows<{ name: string; retryLimit: number; deadLetter: string | null }>(
        `select name, retry_limit as "retryLimit", dead_letter as "deadLetter" from ${QUEUE_SCHEMA}.queue`,
      );
      for (const definition of queueDefinitions(JOB_POLICIES)) {
        expect(queues).toContainEqual({
          name: definition.name,
          retryLimit: definition.retryLimit,
          deadLetter: definition.deadLetter ?? null,
        });
      }
      const schedules = await rows<{ name: string; cron: string; timezone: string }>(
        `select name, cron, timezone from ${QUEUE_SCHEMA}.schedule order by name`,
      );
      expect(schedules).toEqual(
        Object.entries(JOB_SCHEDULES)
          .map(([name, cron]) => ({ name, cron, timezone: 'UTC' }))
          .sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
      expect(await rows<{ count: number }>(`select count(*)::int as count from ${QUEUE_SCHEMA}.job`)).toEqual(
        [{ count: 0 }],
      );
    } finally {
      await database.close();
    }
  });
});
