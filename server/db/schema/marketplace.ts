import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../domain/catalog/catalog';
import { BOOKING_STATUSES, JOB_STATUSES, QUOTE_STATUSES } from '../../../domain/catalog/statuses';
import type { LineItem } from '../../../domain/marketplace/pricing';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';

export const jobPostings = pgTable(
  'job_postings',
  {
    id: id(),
    customerId: requiredRef('customer_id', () => users.id),
    title: text('title').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    budgetMin: integer('budget_min'),
    budgetMax: integer('budget_max'),
    postcode: text('postcode').notNull(),
    // Outcode and centroid are derived once at posting so listings never geocode per row.
    outcode: text('outcode').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    preferredStartDate: date('preferred_start_date'),
    // Set when a customer requests a quote from one tradesperson's profile.
    invitedTradespersonId: uuid('invited_tradesperson_id').references(() => users.id),
    status: text('status').notNull().default('open'),
    // Pending and accepted quotes, kept by the quote service under the job's row lock. It makes "at most
    // 3 live quotes" a constraint and lets the open-jobs list skip full jobs without counting per row.
    liveQuoteCount: integer('live_quote_count').notNull().default(0),
    cancelledAt: tsz('cancelled_at'),
    createdAt: createdAt({ listed: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_postings_status_check', oneOf(t.status, JOB_STATUSES)),
    check(
      'job_postings_title_length',
      sql`char_length(${t.title}) between ${sql.raw(String(LIMITS.jobTitleMin))} and ${sql.raw(String(LIMITS.jobTitleMax))}`,
    ),
    check(
      'job_postings_description_length',
      sql`char_length(${t.description}) between ${sql.raw(String(LIMITS.jobDescriptionMin))} and ${sql.raw(String(LIMITS.jobDescriptionMax))}`,
    ),
    check(
      'job_postings_budget_check',
      sql`(${t.budgetMin} is null or ${t.budgetMin} >= 0) and (${t.budgetMax} is null or ${t.budgetMax} >= 0) and (${t.budgetMin} is null or ${t.budgetMax} is null or ${t.budgetMax} >= ${t.budgetMin})`,
    ),
    check(
      'job_postings_live_quotes_check',
      sql`${t.liveQuoteCount} between 0 and ${sql.raw(String(LIMITS.liveQuotesPerJob))}`,
    ),
    // A person's own lists (My Jobs, Manage Quotes, My Bookings) come newest first by (created_at, id):
    // with the id in the index a page is read in that order and stops after 21 rows, with no sort
    // (bench/history-pages.mjs, own-lists-plan.int.test.ts).
    index('job_postings_customer_idx').on(t.customerId, t.createdAt, t.id),
    // The admin overview counts jobs posted per week.
    index('job_postings_created_at_idx').on(t.createdAt),
    // The open-jobs list: newest first with a keyset cursor on (created_at, id), read backwards (an
    // index declared DESC NULLS LAST cannot serve ORDER BY ... DESC, whose nulls come first).
    index('job_postings_open_list_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    // The Nearby filter: a latitude/longitude box first, then the exact distance.
    index('job_postings_open_lat_lng_idx').on(t.lat, t.lng).where(sql`${t.status} = 'open'`),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    jobId: requiredRef('job_id', () => jobPostings.id),
    tradespersonId: requiredRef('tradesperson_id', () => users.id),
    amount: integer('amount').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('pending'),
    /** Itemised lines (domain/marketplace/pricing LineItem[]), or null for a one-figure quote. */
    lineItems: jsonb('line_items').$type<LineItem[]>(),
    /** With line items: their net sum; `amount` is always the total including VAT. */
    subtotalPence: integer('subtotal_pence'),
    vatPence: integer('vat_pence').notNull().default(0),
    /** The tradesperson's VAT number when the quote was made (a quote with VAT names it). */
    vatNumber: text('vat_number'),
    validUntil: date('valid_until'),
    exclusions: text('exclusions'),
    estimatedStart: date('estimated_start'),
    estimatedDurationDays: integer('estimated_duration_days'),
    /** 1 for the first version; each revision before acceptance adds one (quote_revisions keeps the old). */
    revision: integer('revision').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'quotes_totals_check',
      sql`${t.vatPence} >= 0 and (${t.subtotalPence} is null or ${t.subtotalPence} + ${t.vatPence} = ${t.amount}) and (${t.vatPence} = 0 or ${t.vatNumber} is not null)`,
    ),
    check(
      'quotes_exclusions_length',
      sql`${t.exclusions} is null or char_length(${t.exclusions}) between 1 and 2000`,
    ),
    check(
      'quotes_duration_check',
      sql`${t.estimatedDurationDays} is null or ${t.estimatedDurationDays} between 1 and 365`,
    ),
    check('quotes_revision_check', sql`${t.revision} >= 1`),
    // One quote per tradesperson per job.
    unique('quotes_job_tradesperson_unique').on(t.jobId, t.tradespersonId),
    check('quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check(
      'quotes_amount_check',
      sql`${t.amount} > 0 and ${t.amount} <= ${sql.raw(String(LIMITS.quoteMaxPence))}`,
    ),
    check('quotes_message_length', sql`char_length(${t.message}) between 1 and 2000`),
    index('quotes_tradesperson_idx').on(t.tradespersonId, t.createdAt, t.id),
  ],
);

/**
 * The earlier versions of a quote: each revision before acceptance stores the version it replaced,
 * so the customer can see what changed. The cap of live quotes counts quotes (tradespeople), not these.
 */
export const quoteRevisions = pgTable(
  'quote_revisions',
  {
    id: id(),
    quoteId: requiredRef('quote_id', () => quotes.id),
    /** The replaced version's number (1 for the original). */
    revision: integer('revision').notNull(),
    amount: integer('amount').notNull(),
    message: text('message').notNull(),
    /** The replaced version's other terms: line items, VAT, validity, exclusions, start, duration. */
    terms: jsonb('terms').notNull(),
    /** When that version was made. */
    madeAt: tsz('made_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('quote_revisions_quote_revision_unique').on(t.quoteId, t.revision),
    check('quote_revisions_amount_check', sql`${t.amount} > 0`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    jobId: requiredRef('job_id', () => jobPostings.id),
    quoteId: requiredRef('quote_id', () => quotes.id),
    customerId: requiredRef('customer_id', () => users.id),
    tradespersonId: requiredRef('tradesperson_id', () => users.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    depositPaid: boolean('deposit_paid').notNull().default(false),
    scheduledDate: date('scheduled_date'),
    /** The date the day-before reminder was sent for: once per date, even with several instances. */
    remindedFor: date('reminded_for'),
    confirmedAt: tsz('confirmed_at'),
    completedAt: tsz('completed_at'),
    cancelledAt: tsz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live booking per job: a cancelled booking frees the job, anything else blocks a second.
    uniqueIndex('bookings_one_live_per_job').on(t.jobId).where(sql`${t.status} <> 'cancelled'`),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
    check('bookings_amount_check', sql`${t.amount} > 0`),
    check('bookings_parties_check', sql`${t.customerId} <> ${t.tradespersonId}`),
    check('bookings_completed_at_check', sql`${t.status} <> 'completed' or ${t.completedAt} is not null`),
    index('bookings_customer_idx').on(t.customerId, t.createdAt, t.id),
    index('bookings_tradesperson_idx').on(t.tradespersonId, t.createdAt, t.id),
    // A tradesperson's days: how full a day is (availability), their calendar and feed.
    index('bookings_tradesperson_day_idx').on(t.tradespersonId, t.scheduledDate),
  ],
);
