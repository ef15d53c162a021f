import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { QuoteStatus } from '../../../domain/catalog/statuses';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { jobPostings, quotes } from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;

export async function insertQuote(db: Executor, values: typeof quotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  return row!;
}

export async function findQuote(db: Executor, id: string, { forUpdate = false } = {}) {
  const query = db.select().from(quotes).where(eq(quotes.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateQuote(
  db: Executor,
  id: string,
  changes: Partial<Pick<QuoteRow, 'amount' | 'message' | 'status'>>,
): Promise<QuoteRow> {
  const [row] = await db
    .update(quotes)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}

/** Rejects a job's other pending quotes; returns how many were live before. */
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

export async function quotesOfJob(db: Executor, jobId: string, onlyTradespersonId?: string) {
  if (onlyTradespersonId) {
    return prepared(db, 'quotes_of_job_by', (d) =>
      d
        .select()
        .from(quotes)
        .where(
          and(
            eq(quotes.jobId, sql.placeholder('jobId')),
            eq(quotes.tradespersonId, sql.placeholder('tradespersonId')),
          ),
        )
        .prepare('quotes_of_job_by'),
    ).execute({ jobId, tradespersonId: onlyTradespersonId });
  }
  return prepared(db, 'quotes_of_job', (d) =>
    d
      .select()
      .from(quotes)
      .where(eq(quotes.jobId, sql.placeholder('jobId')))
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .prepare('quotes_of_job'),
  ).execute({ jobId });
}

const TAB: Record<'pending' | 'accepted' | 'rejected', QuoteStatus> = {
  pending: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
};

/** A tradesperson's quotes with their job, newest first. */
export async function quotesOfTradesperson(
  db: Executor,
  tradespersonId: string,
  tab: 'all' | 'pending' | 'accepted' | 'rejected',
  limit?: number,
) {
  const query = db
    .select({ quote: quotes, job: jobPostings })
    .from(quotes)
    .innerJoin(jobPostings, eq(jobPostings.id, quotes.jobId))
    .where(
      and(eq(quotes.tradespersonId, tradespersonId), tab === 'all' ? undefined : eq(quotes.status, TAB[tab])),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id));
  return limit ? query.limit(limit) : query;
}

export async function jobsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(jobPostings).where(inArray(jobPostings.id, ids));
}
