import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookingReschedules,
  bookings,
  disputes,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  profiles,
  quotes,
  reviews,
} from '../../db/schema';
import { toRating } from '../profiles';
import { type PersonJson, personJson, type TradespersonJson, tradespersonJson } from './people';
import { type QuoteCard, quoteCardJson } from './quotes.repository';

export type BookingRow = typeof bookings.$inferSelect;

export const { insert: insertBooking, find: findBooking } = tableRows(bookings);

export async function liveBookingOfJob(db: Executor, jobId: string) {
  const [row] = await prepared(db, 'live_booking_of_job', (d) =>
    d
      .select()
      .from(bookings)
      .where(and(eq(bookings.jobId, sql.placeholder('jobId')), ne(bookings.status, 'cancelled')))
      .prepare('live_booking_of_job'),
  ).execute({ jobId });
  return row;
}

/**
 * A resolved dispute hands the booking back to where the work had got to, keeping the times it was
 * confirmed and completed (setBookingStatus would stamp them anew).
 */
export async function restoreBookingStatus(db: Executor, id: string, status: BookingStatus, now: Date) {
  await db.update(bookings).set({ status, updatedAt: now }).where(eq(bookings.id, id));
}

export async function setBookingStatus(db: Executor, id: string, status: BookingStatus, now = new Date()) {
  const [row] = await db
    .update(bookings)
    .set({
      status,
      updatedAt: now,
      ...(status === 'confirmed' ? { confirmedAt: now } : {}),
      ...(status === 'completed' ? { completedAt: now } : {}),
      ...(status === 'cancelled' ? { cancelledAt: now } : {}),
    })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/**
 * A booking as every page shows it, as PostgreSQL builds it in JSON (timestamps are ISO strings): its
 * columns, its job's summary, both parties, the payments behind its money state, where its reviews
 * stand (completed and paid bookings only) and its latest dispute. What these mean is decided in
 * presenters.ts (`bookingCardView`).
 */
export interface BookingCard {
  id: string;
  jobId: string;
  quoteId: string;
  customerId: string;
  tradespersonId: string;
  status: string;
  amount: number;
  depositPaid: boolean;
  scheduledDate: string | null;
  completedAt: string | null;
  createdAt: string;
  job: { id: string; title: string; category: string; outcode: string };
  customer: PersonJson | null;
  tradesperson: TradespersonJson | null;
  /** Its succeeded and refunded payments (its single payment, or its milestones'), null when none. */
  payments:
    | {
        amountPence: number;
        refundedPence: number;
        releasedPence: number;
        heldUntil: string | null;
        releasedAt: string | null;
        status: string;
        milestone: boolean;
      }[]
    | null;
  reviews: {
    paidAt: string | null;
    customerReviewed: boolean;
    tradespersonReviewed: boolean;
    published: boolean;
  } | null;
  dispute: { id: string; status: string } | null;
  /** The proposed new date waiting for an answer, while the booking's date can still move. */
  reschedule: {
    id: string;
    proposedBy: 'customer' | 'tradesperson';
    fromDate: string | null;
    toDate: string;
    note: string | null;
    createdAt: string;
  } | null;
}

/**
 * The BookingCard of the bookings row `b` of the surrounding statement. A page reads its bookings and
 * everything they show in its own one statement: money, reviews, disputes and people were a statement
 * each, and each statement costs a round trip and CPU on both sides however little it reads.
 */
export const bookingCardJson = sql`json_build_object(
  'id', b.id, 'jobId', b.job_id, 'quoteId', b.quote_id, 'customerId', b.customer_id,
  'tradespersonId', b.tradesperson_id, 'status', b.status, 'amount', b.amount, 'depositPaid', b.deposit_paid,
  'scheduledDate', b.scheduled_date, 'completedAt', b.completed_at, 'createdAt', b.created_at,
  'job', (select json_build_object('id', bj.id, 'title', bj.title, 'category', bj.category, 'outcode', bj.outcode)
    from ${jobPostings} bj where bj.id = b.job_id),
  'customer', ${personJson(sql`b.customer_id`)},
  'tradesperson', ${tradespersonJson(sql`b.tradesperson_id`)},
  'payments', (select json_agg(json_build_object('amountPence', m.amount_pence, 'refundedPence', m.refunded_pence,
      'releasedPence', m.released_pence, 'heldUntil', m.held_until, 'releasedAt', m.released_at,
      'status', m.status, 'milestone', m.milestone_id is not null))
    from ${payments} m where m.booking_id = b.id and m.status in ('succeeded', 'refunded')),
  'reviews', case when b.status = 'completed' and b.deposit_paid then json_build_object(
    'paidAt', (select min(m.paid_at) from ${payments} m where m.booking_id = b.id and m.paid_at is not null),
    'customerReviewed', exists (select 1 from ${reviews} r where r.booking_id = b.id and r.reviewer_id = b.customer_id),
    'tradespersonReviewed', exists (select 1 from ${reviews} r where r.booking_id = b.id and r.reviewer_id = b.tradesperson_id),
    'published', exists (select 1 from ${reviews} r where r.booking_id = b.id and r.published_at is not null)) end,
  'dispute', (select json_build_object('id', d.id, 'status', d.status) from ${disputes} d
    where d.booking_id = b.id order by d.created_at desc limit 1),
  'reschedule', (select json_build_object('id', r.id,
      'proposedBy', case when r.proposed_by = b.customer_id then 'customer' else 'tradesperson' end,
      'fromDate', r.from_date, 'toDate', r.to_date, 'note', r.note, 'createdAt', r.created_at)
    from ${bookingReschedules} r
    where r.booking_id = b.id and r.status = 'pending' and b.status in ('pending', 'confirmed')))`;

const b = alias(bookings, 'b');
const card = sql<BookingCard>`${bookingCardJson}`;

/**
 * A page of a user's bookings (as either party), newest first after the keyset `after`, as cards: one
 * statement. Each side (as the customer, as the tradesperson) is read newest first along its own index
 * and stops after a page; the page is the newest of those, and only its bookings are made into cards,
 * each found by its id in a subquery of its own. Written as `customer_id = … or tradesperson_id = …`,
 * PostgreSQL read every booking of the user and sorted them; with the page joined to the bookings (`id
 * in (…)`, or a join PostgreSQL flattens) it matched the page's ids against the whole table by hashing.
 * Either way a page cost more the longer the history (bench/history-pages.mjs). A booking is on one
 * side only (bookings_parties_check), so the two sides never repeat a booking.
 */
export async function bookingCardsOfUser(
  db: Executor,
  userId: string,
  { after, limit }: { after: { exact: string; id: string } | null; limit: number },
): Promise<BookingCard[]> {
  const name = `booking_cards_of_user_${after ? 'after_' : ''}${limit}`;
  const rows = await prepared(db, name, (d) => {
    const before = after
      ? sql`and (s.created_at, s.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
      : sql``;
    const side = (party: SQL) => sql`(select s.id, s.created_at from ${bookings} s
      where ${party} = ${sql.placeholder('userId')} ${before}
      order by s.created_at desc, s.id desc limit ${literalLimit(limit)})`;
    return d
      .select({ card: sql<BookingCard>`(select ${bookingCardJson} from ${bookings} b where b.id = page.id)` })
      .from(
        sql`(select * from (${side(sql`s.customer_id`)} union all ${side(sql`s.tradesperson_id`)}) u
          order by u.created_at desc, u.id desc limit ${literalLimit(limit)}) page`,
      )
      .orderBy(sql`page.created_at desc, page.id desc`)
      .prepare(name);
  }).execute(after ? { userId, at: after.exact, id: after.id } : { userId });
  return rows.map((r) => r.card);
}

/** One booking as its card, read after a write to it. */
export async function bookingCardById(db: Executor, id: string): Promise<BookingCard | undefined> {
  const [row] = await prepared(db, 'booking_card_by_id', (d) =>
    d
      .select({ card })
      .from(b)
      .where(eq(b.id, sql.placeholder('id')))
      .prepare('booking_card_by_id'),
  ).execute({ id });
  return row?.card;
}

/**
 * The tradesperson dashboard in one statement: its figures (active bookings, quotes waiting for an
 * answer, money released to them from the ledger's release postings to their payable account, their
 * rating's totals), their latest quotes and their active bookings. It was seven statements.
 */
export async function tradespersonDashboardData(
  db: Executor,
  tradespersonId: string,
  limits: { quotes: number; bookings: number },
) {
  const name = `tradesperson_dashboard_${limits.quotes}_${limits.bookings}`;
  const [row] = await prepared(db, name, (d) => {
    const id = sql.placeholder('id');
    return d
      .select({
        // The figures read the profile's id: no profile, no figures (zeros), as before.
        active: sql<number>`(select count(*)::int from ${bookings} b
          where b.tradesperson_id = p.id and b.status in ('pending', 'confirmed'))`,
        pendingQuotes: sql<number>`(select count(*)::int from ${quotes} q
          where q.tradesperson_id = p.id and q.status = 'pending')`,
        earningsPence: sql<number>`(select coalesce(sum(e.amount_pence), 0)::bigint from ${ledgerEntries} e
          join ${ledgerAccounts} a on a.id = e.account_id
          join ${ledgerTransactions} t on t.id = e.transaction_id
          where a.code = 'tradesperson_payable:' || p.id::text and t.kind = 'release')`.mapWith(Number),
        ratingTotal: sql<number | null>`p.rating_total`,
        reviewCount: sql<number | null>`p.review_count`,
        recentQuotes: sql<
          QuoteCard[]
        >`(select coalesce(json_agg(x.card order by x.created_at desc, x.id desc), '[]')
          from (select ${quoteCardJson} as card, q.created_at, q.id from ${quotes} q
            join ${jobPostings} j on j.id = q.job_id
            where q.tradesperson_id = ${id}
            order by q.created_at desc, q.id desc limit ${literalLimit(limits.quotes)}) x)`,
        activeBookings: sql<
          BookingCard[]
        >`(select coalesce(json_agg(x.card order by x.created_at desc, x.id desc), '[]')
          from (select ${bookingCardJson} as card, b.created_at, b.id from ${bookings} b
            where (b.customer_id = ${id} or b.tradesperson_id = ${id}) and b.status in ('pending', 'confirmed')
            order by b.created_at desc, b.id desc limit ${literalLimit(limits.bookings)}) x)`,
      })
      .from(sql`(select 1) as one left join ${profiles} p on p.id = ${id}`)
      .prepare(name);
  }).execute({ id: tradespersonId });
  return {
    active: row?.active ?? 0,
    pendingQuotes: row?.pendingQuotes ?? 0,
    earningsPence: row?.earningsPence ?? 0,
    ...toRating({ ratingTotal: row?.ratingTotal ?? 0, reviewCount: row?.reviewCount ?? 0 }),
    recentQuotes: row?.recentQuotes ?? [],
    activeBookings: row?.activeBookings ?? [],
  };
}
