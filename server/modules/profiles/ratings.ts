import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { ratingFromTotals, TOP_RATED_FROM } from '../../../domain/reviews/rating';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles } from '../../db/schema';

export interface Rating {
  rating: number;
  reviewCount: number;
}

const NONE: Rating = { rating: 0, reviewCount: 0 };

/** The columns that carry a person's rating, for queries that read it alongside other things. */
export const ratingColumns = { ratingTotal: profiles.ratingTotal, reviewCount: profiles.reviewCount };

export const toRating = (row: { ratingTotal: number; reviewCount: number }): Rating => ({
  rating: ratingFromTotals(row.ratingTotal, row.reviewCount),
  reviewCount: row.reviewCount,
});

/**
 * The one definition of a rating (DOMAIN-RULES 8), read from the totals a trigger keeps on each
 * profile (migration 0005), so the same person shows the same number everywhere.
 */
export async function ratingsOf(db: Executor, userIds: readonly string[]): Promise<Map<string, Rating>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, Rating>(ids.map((id) => [id, NONE]));
  if (ids.length === 0) return result;
  const rows = await prepared(db, 'ratings_of', (d) =>
    d
      .select({ userId: profiles.id, ...ratingColumns })
      .from(profiles)
      .where(sql`${profiles.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('ratings_of'),
  ).execute({ ids });
  for (const row of rows) result.set(row.userId, toRating(row));
  return result;
}

/**
 * "Top Rated" in SQL over a table with the rating columns: a shown rating of at least 4.5, that is a
 * mean of at least 4.45, compared in integers (100 × total ≥ 445 × count) so it matches `ratingFromTotals`.
 */
export function isTopRated(t: { ratingTotal: AnyColumn; reviewCount: AnyColumn }): SQL {
  const hundredths = Math.round((TOP_RATED_FROM - 0.05) * 100);
  return sql`${t.reviewCount} > 0 and 100 * ${t.ratingTotal} >= ${sql.raw(String(hundredths))} * ${t.reviewCount}`;
}
