import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { awaitSyncReply, EmbeddedClient } from './embedded-client';

// The embedded database's client on its own (decision 0037): a transaction's statements are answered
// without the main thread going back to its event loop, so a busy server cannot hold the database's only
// connection open between them.
let client: EmbeddedClient;
beforeAll(async () => {
  client = await EmbeddedClient.open({ dataDir: undefined, startParams: [] });
  await client.exec('create table t (id int primary key, v text not null)');
}, 120_000);
afterAll(() => client?.close());

it("answers a transaction's statements before anything else queued on the event loop runs", async () => {
  const turns: string[] = [];
  await client.transaction(async (tx) => {
    setImmediate(() => turns.push('event loop'));
    await tx.query('insert into t values ($1, $2)', [1, 'one']);
    await tx.query('update t set v = $2 where id = $1', [1, 'uno']);
    await tx.query('select v from t where id = $1', [1]);
    turns.push('statements done');
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(turns).toEqual(['statements done', 'event loop']);
  // Outside a transaction a statement is awaited as any other reply.
  const { rows } = await client.query<{ v: string }>('select v from t where id = $1', [1]);
  expect(rows).toEqual([{ v: 'uno' }]);
});

it("rejects a transaction's failing statement with the database's error, and rolls it back", async () => {
  const failed = client.transaction(async (tx) => {
    await tx.query('insert into t values ($1, $2)', [2, 'two']);
    await tx.query('insert into t values ($1, $2)', [2, 'again']);
  });
  await expect(failed).rejects.toMatchObject({ code: '23505', constraint: 't_pkey' });
  const { rows } = await client.query('select id from t where id = $1', [2]);
  expect(rows).toEqual([]);
});

it('lets other callers in once a transaction ends, in order', async () => {
  const order: string[] = [];
  const writing = client.transaction(async (tx) => {
    await tx.query('insert into t values ($1, $2)', [3, 'three']);
    order.push('transaction');
  });
  const reading = client.query<{ n: number }>('select count(*)::int as n from t').then((r) => {
    order.push('read');
    return r.rows[0]!.n;
  });
  await writing;
  expect(await reading).toBe(2);
  expect(order).toEqual(['transaction', 'read']);
});

it('lets a second transaction wait for the first without holding up this thread', async () => {
  const order: string[] = [];
  let releaseFirst!: () => void;
  const firstMayEnd = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const first = client.transaction(async (tx) => {
    await tx.query('insert into t values ($1, $2)', [10, 'first']);
    order.push('first in');
    // The first transaction waits on this thread's event loop while it holds the database.
    await firstMayEnd;
    order.push('first out');
  });
  const second = client.transaction(async (tx) => {
    order.push('second in');
    const { rows } = await tx.query<{ v: string }>('select v from t where id = $1', [10]);
    order.push(`second read ${rows[0]?.v}`);
  });
  // Had this thread blocked until the second transaction began, the first could never end.
  setTimeout(releaseFirst, 50);
  await Promise.all([first, second]);
  expect(order).toEqual(['first in', 'first out', 'second in', 'second read first']);
});

it('keeps this thread free while a transaction waits to begin behind a long statement', async () => {
  // The worker runs the long statement to its end before it reads the BEGIN; waited for on the spot,
  // that BEGIN stopped this thread for the statement's whole time (a 10-minute load collapsed on it).
  const long = client.query('select count(*) from generate_series(1, 2000000)');
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    await client.transaction(async (tx) => {
      await tx.query('select 1');
    });
  } finally {
    clearInterval(timer);
  }
  await long;
  expect(ticks).toBeGreaterThan(3);
});

it('waits for its own reply when a late wake-up from the one before arrives first', async () => {
  // A stand-in for the database's thread, replaying what CI's load produced: request 1's reply is
  // stored, its notify comes only once this thread waits for request 2, and request 2's reply later.
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const helper = new Worker(
    `const { parentPort, workerData: { signal, port } } = require('node:worker_threads');
     port.postMessage({ id: 1, result: 'one' });
     Atomics.store(signal, 0, 1);
     parentPort.postMessage('answered 1');
     parentPort.once('message', () => {
       // The late notify, repeated until it wakes a waiter: this thread waiting for request 2.
       const nap = new Int32Array(new SharedArrayBuffer(4));
       while (Atomics.notify(signal, 0) === 0) Atomics.wait(nap, 0, 0, 1);
       setTimeout(() => {
         port.postMessage({ id: 2, result: 'two' });
         Atomics.store(signal, 0, 2);
         Atomics.notify(signal, 0);
       }, 50);
     });`,
    { eval: true, workerData: { signal, port: port2 }, transferList: [port2] },
  );
  try {
    await new Promise((resolve) => helper.once('message', resolve));
    expect(awaitSyncReply(signal, port1, 1, 10_000)).toMatchObject({ id: 1, result: 'one' });
    helper.postMessage('request 2 sent');
    expect(awaitSyncReply(signal, port1, 2, 10_000)).toMatchObject({ id: 2, result: 'two' });
  } finally {
    await helper.terminate();
    port1.close();
  }
});

it('prepares a statement without values on its second run, and never a long one-off', async () => {
  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );
  const short = 'select count(*)::int as n from t where v is not null';
  const first = (await client.query<{ n: number }>(short)).rows;
  expect(await preparedTexts()).not.toContain(short);
  expect((await client.query<{ n: number }>(short)).rows).toEqual(first);
  expect(await preparedTexts()).toContain(short);
  // A statement with values is prepared on its first run.
  const withValue = 'select v from t where id = $1 and v is not null';
  await client.query(withValue, [1]);
  expect(await preparedTexts()).toContain(withValue);
  // A long text with its values written in (the demo seed's inserts) stays unprepared, however often.
  const values = Array.from({ length: 2_000 }, (_, i) => `(${1_000 + i}, 'row ${i}')`).join(', ');
  const long = `select count(*)::int as n from (values ${values}) as v(id, label) where id > 0`;
  expect(long.length).toBeGreaterThan(16_384);
  for (let i = 0; i < 3; i++) expect((await client.query<{ n: number }>(long)).rows).toEqual([{ n: 2_000 }]);
  expect(await preparedTexts()).not.toContain(long);
});

it("parses each type as PGlite does, leaving the caller's own types as text for its parsers", async () => {
  const text = `select $1::int as n, true as b, '{"a":1}'::jsonb as j, '{1,2}'::int[] as list,
    timestamptz '2026-01-02 03:04:05+00' as at, 12.50::numeric as amount`;
  // Drizzle's way: its parsers for timestamps and numerics receive PostgreSQL's text.
  const parsers = { 1184: (v: string) => `text:${v}`, 1700: (v: string) => `text:${v}` };
  // First run, then the prepared statement's runs.
  for (let i = 0; i < 3; i++) {
    const { rows } = await client.query(text, [7], { parsers });
    expect(rows).toEqual([
      { n: 7, b: true, j: { a: 1 }, list: [1, 2], at: 'text:2026-01-02 03:04:05+00', amount: 'text:12.50' },
    ]);
  }
});

it('leaves json and jsonb as text on the database thread and parses them here, unless the caller parses them', async () => {
  const text = `select '{"a":[1,"x"]}'::json as j, '{"b":null}'::jsonb as jb, null::jsonb as none, '[]'::json as empty`;
  for (let i = 0; i < 2; i++) {
    const { rows } = await client.query(text);
    expect(rows).toEqual([{ j: { a: [1, 'x'] }, jb: { b: null }, none: null, empty: [] }]);
    const arrays = await client.query(text, [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[{ a: [1, 'x'] }, { b: null }, null, []]]);
  }
  // A caller's own parser for a JSON type gets the text, as on PGlite itself.
  const own = await client.query(`select '{"a":1}'::jsonb as jb`, [], {
    parsers: { 3802: (v: string) => `own:${v}` },
  });
  expect(own.rows).toEqual([{ jb: 'own:{"a": 1}' }]);
  // Inside a transaction too (those statements are answered on the spot).
  const inside = await client.transaction((tx) => tx.query(`select '{"t":true}'::jsonb as jb`));
  expect(inside.rows).toEqual([{ jb: { t: true } }]);
});
