import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import type { Executor } from '../../db/client';
import { createCustomer, createJob, createTradesperson } from '../../seed/factories';
import { bookingCardsOfUser } from './bookings.repository';
import { customerJobCards } from './jobs.repository';
import { quoteCardsOfTradesperson } from './quotes.repository';

const HISTORY = 300;

/** An array as one value (PostgreSQL's array literal): Drizzle spreads a JavaScript array into a list. */
const arrayOf = (ids: string[]) => `{${ids.join(',')}}`;

/** The rows a statement returns, as both drivers give them. */
async function rows(db: Executor, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * The plans PostgreSQL chooses for the first-page statement the repository prepared on this connection
 * (found by its text; a page after a cursor casts its time), for its first executions (custom) and once
 * it settles (generic).
 */
async function plansOf(db: Executor, textLike: string, args: string[]): Promise<string[]> {
  const [prepared] = await rows(
    db,
    sql`select name from pg_prepared_statements
      where statement like ${textLike} and statement not like '%::timestamptz%' limit 1`,
  );
  if (!prepared) throw new Error(`no prepared statement like ${textLike}`);
  const call = sql.raw(`"${prepared.name}"(${args.map((a) => `'${a}'`).join(', ')})`);
  const plans = [];
  for (const mode of ['force_custom_plan', 'force_generic_plan']) {
    await db.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
    plans.push(
      (await rows(db, sql`explain (costs off) execute ${call}`)).map((r) => r['QUERY PLAN']).join('\n'),
    );
  }
  return plans;
}

describeOnDatabases("a person's own lists with a long history", (ctx) => {
  const db = () => ctx.database().db;

  it('read a page along an index, newest first, instead of sorting the whole history', async () => {
    // Ten pairs of a customer and a tradesperson, each with HISTORY jobs of the customer quoted by, booked
    // with and completed by the tradesperson, their times interleaved (set-based, as a year of use): the
    // first pair's rows are a tenth of each table, as one person's are among many.
    const pairs = [];
    for (let k = 0; k < 10; k++) {
      pairs.push({
        customer: await createCustomer(db()),
        pro: await createTradesperson(db(), { verified: true }),
      });
    }
    const template = await createJob(db(), { customerId: pairs[0]!.customer.id });
    await db().execute(sql`
      create temporary table history as
      select gen_random_uuid() job_id, gen_random_uuid() quote_id, k, c, p,
             timestamptz '2026-01-01' + i * interval '1 hour' + k * interval '1 minute' made
      from generate_series(1, ${HISTORY}::int) i,
           unnest(${arrayOf(pairs.map((p) => p.customer.id))}::uuid[], ${arrayOf(pairs.map((p) => p.pro.id))}::uuid[])
             with ordinality as pair(c, p, k)`);
    await db().execute(sql`
      insert into job_postings (id, customer_id, title, category, description, postcode, outcode, status,
        live_quote_count, created_at, updated_at)
      select job_id, c, ${template.title}, ${template.category}, ${template.description},
        ${template.postcode}, ${template.outcode}, 'completed', 1, made, made from history`);
    await db().execute(sql`
      insert into quotes (id, job_id, tradesperson_id, amount, message, status, created_at, updated_at)
      select quote_id, job_id, p, 20000, 'Happy to help.', 'accepted', made, made from history`);
    await db().execute(sql`
      insert into bookings (job_id, quote_id, customer_id, tradesperson_id, amount, status, completed_at,
        created_at, updated_at)
      select job_id, quote_id, c, p, 20000, 'completed', made, made, made from history`);
    await db().execute(sql`drop table history`);
    await db().execute(sql`analyze job_postings, quotes, bookings`);
    const { customer, pro } = pairs[0]!;

    await db().transaction(async (tx) => {
      // Each list's first page and a page after a cursor, each prepared on this connection.
      const after = { exact: '2026-01-10T00:00:00+00:00', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };
      const lists = [
        {
          read: (a: typeof after | null) => customerJobCards(tx, customer.id, 'all', { after: a, limit: 21 }),
          like: '%from "job_postings" "j" where "j"."customer_id" = $1%',
          scans: ['job_postings_customer_idx on job_postings j'],
          args: [customer.id],
        },
        {
          read: (a: typeof after | null) =>
            quoteCardsOfTradesperson(tx, pro.id, 'all', { after: a, limit: 21 }),
          like: '%where "q"."tradesperson_id" = $1%',
          scans: ['quotes_tradesperson_idx on quotes q'],
          args: [pro.id],
        },
        {
          read: (a: typeof after | null) => bookingCardsOfUser(tx, customer.id, { after: a, limit: 21 }),
          like: '%from "bookings" s%s.customer_id = $1%',
          scans: ['bookings_customer_idx on bookings s', 'bookings_tradesperson_idx on bookings s_1'],

          args: [customer.id, customer.id],
        },
      ];
      for (const list of lists) {
        expect(await list.read(null)).toHaveLength(21);
        for (const plan of await plansOf(tx, list.like, list.args)) {
          for (const scan of list.scans)
            expect(plan).toMatch(new RegExp(`Index (Only )?Scan Backward using ${scan}\\b`));
          // Nothing sorted: the bookings' two sides are merged in order (Merge Append).
          expect(plan).not.toMatch(/Sort\n\s+Sort Key: \w+\.created_at/);
          expect(plan).not.toMatch(
            /(Seq|Bitmap Heap) Scan on (job_postings j|quotes q|bookings s|bookings b)\b/,
          );
        }
        expect((await list.read(after)).length).toBeGreaterThan(0);
      }
    });
  });
});
