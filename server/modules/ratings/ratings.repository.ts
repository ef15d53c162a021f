import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { reviews } from '../../db/schema';

export interface Rating {
  rating: number;
  reviewCount: number;
}

const NONE: Rating = { rating: 0, reviewCount: 0 };

/**
 * The one definition of a rating (DOMAIN-RULES 8): the mean of a person's reviews rounded to 1 decimal,
 * 0 with none. Every screen reads it from here, so the same person shows the same number everywhere.
 */
export async function ratingsOf(db: Executor, userIds: readonly string[]): Promise<Map<string, Rating>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, Rating>(ids.map((id) => [id, NONE]));
  if (ids.length === 0) return result;
  const rows = await prepared(db, 'ratings_of', (d) =>
    d
      .select({
        userId: reviews.revieweeId,
        rating: sql<string>`round(avg(${reviews.rating})::numeric, 1)`,
        reviewCount: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(sql`${reviews.revieweeId} = any(${sql.placeholder('ids')}::uuid[])`)
      .groupBy(reviews.revieweeId)
      .prepare('ratings_of'),
  ).execute({ ids });
  for (const row of rows)
    result.set(row.userId, { rating: Number(row.rating), reviewCount: row.reviewCount });
  return result;
}
