import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import type { EmbeddedClient } from './embedded-client';

// The embedded database's thread keeps its files' sizes instead of asking the system at every seek to
// their end (rememberFileSizes in embedded-worker.ts). PostgreSQL reads a table's size from that seek,
// so a size kept wrong would hide rows it wrote, or read past the end of a truncated file: here the size
// PostgreSQL reports is checked against the file on disk as the table grows, shrinks and is replaced.
const dir = mkdtempSync(path.join(tmpdir(), 'tradenest-sizes-'));
const dataDir = path.join(dir, 'db');
let database: DatabaseHandle;
let client: EmbeddedClient;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir });
  client = database.client as EmbeddedClient;
  await client.exec("create table grown (id int primary key, pad text not null default repeat('x', 200))");
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function sizes(table: string) {
  const { rows } = await client.query<{ reported: number; file: string; n: number }>(
    `select pg_relation_size('${table}')::int as reported, pg_relation_filepath('${table}') as file,
       (select count(*)::int from ${table}) as n`,
  );
  const { reported, file, n } = rows[0]!;
  return { reported, onDisk: statSync(path.join(dataDir, file)).size, rows: n };
}

/** The table holds `rows` rows and PostgreSQL's size is the file's; returns the sizes. */
async function expectSizesAgree(rows: number) {
  const now = await sizes('grown');
  expect(now.rows).toBe(rows);
  expect(now.reported).toBe(now.onDisk);
  return now;
}

it('reports each table size as the file on disk has it, as the table grows, shrinks and is replaced', async () => {
  const empty = await sizes('grown');
  expect(empty).toEqual({ reported: 0, onDisk: 0, rows: 0 });

  await client.exec('insert into grown (id) select g from generate_series(1, 5000) g');
  const grown = await expectSizesAgree(5000);
  expect(grown.reported).toBeGreaterThan(100 * 8192);

  // VACUUM gives the empty pages at the end back: the file is truncated.
  await client.exec('delete from grown where id > 100');
  await client.exec('vacuum grown');
  const shrunk = await expectSizesAgree(100);
  expect(shrunk.onDisk).toBeLessThan(grown.onDisk);

  await client.exec('insert into grown (id) select g from generate_series(101, 3000) g');
  await expectSizesAgree(3000);

  // TRUNCATE moves the table to a new, empty file.
  await client.exec('truncate grown');
  await client.exec('insert into grown (id) select g from generate_series(1, 1000) g');
  await expectSizesAgree(1000);
});

it('finds every row written, after a reopening reads the sizes afresh', async () => {
  await database.close();
  database = await openDatabase({ kind: 'pglite', dataDir });
  client = database.client as EmbeddedClient;
  await expectSizesAgree(1000);
});
