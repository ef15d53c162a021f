import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QuoteStatus } from '../../../domain/catalog/statuses';
import type { LineItem } from '../../../domain/marketplace/pricing';
import type { Executor } from '../../db/client';
import { literalLimit, prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import { jobPostings, quoteRevisions, quotes, tradespersonProfiles } from '../../db/schema';
import { type TradespersonJson, tradespersonJson } from './people';

export type QuoteRow = typeof quotes.$inferSelect;

/** A version's terms beside its amount and message: the columns a revision replaces. */
export type QuoteTermsColumns = Pick<
  QuoteRow,
  | 'amount'
  | 'message'
  | 'lineItems'
  | 'subtotalPence'
  | 'vatPence'
  | 'vatNumber'
  | 'validUntil'
  | 'exclusions'
  | 'estimatedStart'
  | 'estimatedDurationDays'
>;

/** What `quote_revisions.terms` holds of the version it keeps (besides its amount and message). */
export interface StoredQuoteTerms {
  lineItems: LineItem[] | null;
  vatNumber: string | null;
  validUntil: string | null;
  exclusions: string | null;
  estimatedStart: string | null;
  estimatedDurationDays: number | null;
}

export const { insert: insertQuote, find: findQuote } = tableRows(quotes);

export async function updateQuote(
  db: Executor,
  id: string,
  changes: Partial<QuoteTermsColumns & Pick<QuoteRow, 'status' | 'revision'>>,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}

/** Rejects the job's pending quotes (all but `exceptId`); returns the rejected quotes. */
export async function rejectPendingQuotes(db: Executor, jobId: string, exceptId?: string) {
  const rows = await db
    .update(quotes)
    .set({ status: 'rejected', updatedAt: new Date() })
    .where(
      and(
        eq(quotes.jobId, jobId),
        eq(quotes.status, 'pending'),
        exceptId ? ne(quotes.id, exceptId) : undefined,
      ),
    )
    .returning({ id: quotes.id, tradespersonId: quotes.tradespersonId });
  return rows;
}

/** A quote as the pages show it, as PostgreSQL builds it in JSON (timestamps are ISO strings). */
export interface QuoteJson {
  id: string;
  jobId: string;
  tradespersonId: string;
  amount: number;
  message: string;
  status: string;
  lineItems: LineItem[] | null;
  vatNumber: string | null;
  validUntil: string | null;
  exclusions: string | null;
  estimatedStart: string | null;
  estimatedDurationDays: number | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
  tradesperson: TradespersonJson | null;
}

/** A quote with the summary of its job (a tradesperson's quote lists, the booking screen). */
export interface QuoteCard extends QuoteJson {
  job: {
    id: string;
    title: string;
    category: string;
    status: string;
    outcode: string;
    budgetMin: number | null;
    budgetMax: number | null;
  };
}

const quoteFields = sql`'id', q.id, 'jobId', q.job_id, 'tradespersonId', q.tradesperson_id, 'amount', q.amount,
  'message', q.message, 'status', q.status, 'lineItems', q.line_items, 'vatNumber', q.vat_number,
  'validUntil', q.valid_until, 'exclusions', q.exclusions, 'estimatedStart', q.estimated_start,
  'estimatedDurationDays', q.estimated_duration_days, 'revision', q.revision,
  'createdAt', q.created_at, 'updatedAt', q.updated_at,
  'tradesperson', ${tradespersonJson(sql`q.tradesperson_id`)}`;

/** The QuoteJson of the quotes row `q` of the surrounding statement, its tradesperson included. */
export const quoteJson = sql`json_build_object(${quoteFields})`;

/** The QuoteCard of the quotes row `q` joined to its job `j` in the surrounding statement. */
export const quoteCardJson = sql`json_build_object(${quoteFields}, 'job', json_build_object('id', j.id,
  'title', j.title, 'category', j.category, 'status', j.status, 'outcode', j.outcode,
  'budgetMin', j.budget_min, 'budgetMax', j.budget_max))`;

const q = alias(quotes, 'q');
const j = alias(jobPostings, 'j');
const card = sql<QuoteCard>`${quoteCardJson}`;

const TAB: Record<'pending' | 'accepted' | 'rejected', QuoteStatus> = {
  pending: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
};

/** A page of a tradesperson's quotes with their jobs, newest first, after the keyset `after`: one statement. */
export async function quoteCardsOfTradesperson(
  db: Executor,
  tradespersonId: string,
  tab: 'all' | 'pending' | 'accepted' | 'rejected',
  { after, limit }: { after: { exact: string; id: string } | null; limit: number },
): Promise<QuoteCard[]> {
  const name = `quote_cards_of_tradesperson_${tab}_${after ? 'after_' : ''}${limit}`;
  const rows = await prepared(db, name, (d) =>
    d
      .select({ card })
      .from(q)
      .innerJoin(j, eq(j.id, q.jobId))
      .where(
        and(
          eq(q.tradespersonId, sql.placeholder('tradespersonId')),
          tab === 'all' ? undefined : eq(q.status, TAB[tab]),
          after
            ? sql`(${q.createdAt}, ${q.id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(q.createdAt), desc(q.id))
      .limit(literalLimit(limit))
      .prepare(name),
  ).execute(after ? { tradespersonId, at: after.exact, id: after.id } : { tradespersonId });
  return rows.map((r) => r.card);
}

/** One quote as its card, with who may see it: its tradesperson and its job's customer. */
export async function quoteCardById(db: Executor, id: string) {
  const [row] = await prepared(db, 'quote_card_by_id', (d) =>
    d
      .select({ card, customerId: j.customerId })
      .from(q)
      .innerJoin(j, eq(j.id, q.jobId))
      .where(eq(q.id, sql.placeholder('id')))
      .prepare('quote_card_by_id'),
  ).execute({ id });
  return row;
}

/** Keeps the version a revision replaces (its number, terms and when it was made). */
export async function insertQuoteRevision(
  db: Executor,
  quote: QuoteRow,
  terms: StoredQuoteTerms,
): Promise<void> {
  await db.insert(quoteRevisions).values({
    quoteId: quote.id,
    revision: quote.revision,
    amount: quote.amount,
    message: quote.message,
    terms,
    madeAt: quote.updatedAt,
  });
}

export type QuoteRevisionRow = typeof quoteRevisions.$inferSelect;

/** A quote's earlier versions, newest first. */
export function revisionsOfQuote(db: Executor, quoteId: string): Promise<QuoteRevisionRow[]> {
  return prepared(db, 'revisions_of_quote', (d) =>
    d
      .select()
      .from(quoteRevisions)
      .where(eq(quoteRevisions.quoteId, sql.placeholder('quoteId')))
      .orderBy(desc(quoteRevisions.revision))
      .prepare('revisions_of_quote'),
  ).execute({ quoteId });
}

/** A job's live quotes (pending or accepted): the ones a customer compares. */
export function liveQuotesOfJob(db: Executor, jobId: string): Promise<QuoteRow[]> {
  return prepared(db, 'live_quotes_of_job', (d) =>
    d
      .select()
      .from(quotes)
      .where(and(eq(quotes.jobId, sql.placeholder('jobId')), inArray(quotes.status, ['pending', 'accepted'])))
      .prepare('live_quotes_of_job'),
  ).execute({ jobId });
}

/** The tradesperson's VAT number as their profile holds it now (null: not VAT registered). */
export async function tradespersonVatNumber(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ vatNumber: tradespersonProfiles.vatNumber })
    .from(tradespersonProfiles)
    .where(eq(tradespersonProfiles.userId, userId));
  return row?.vatNumber ?? null;
}
