import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, tradespersonProfiles, users } from '../../db/schema';
import { ratingColumns, toRating } from '../ratings/ratings.repository';

export interface PersonRow {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
  emailVerified: boolean;
  trade: string | null;
  verified: boolean;
  rating: number;
  reviewCount: number;
  baseLat: number | null;
  baseLng: number | null;
  serviceRadiusMiles: number | null;
}

/** Names, ratings and trade details of the people a response mentions: one query whatever their number. */
export async function peopleByIds(db: Executor, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  const result = new Map<string, PersonRow>();
  if (unique.length === 0) return result;
  const rows = await prepared(db, 'people_by_ids', (d) =>
    d
      .select({
        id: users.id,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        emailVerifiedAt: users.emailVerifiedAt,
        trade: tradespersonProfiles.trade,
        verified: tradespersonProfiles.verified,
        baseLat: tradespersonProfiles.baseLat,
        baseLng: tradespersonProfiles.baseLng,
        serviceRadiusMiles: tradespersonProfiles.serviceRadiusMiles,
        ...ratingColumns,
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, users.id))
      .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('people_by_ids'),
  ).execute({ ids: unique });
  for (const r of rows) {
    result.set(r.id, {
      id: r.id,
      fullName: r.fullName,
      avatarUrl: r.avatarUrl,
      emailVerified: r.emailVerifiedAt !== null,
      trade: r.trade,
      verified: r.verified ?? false,
      baseLat: r.baseLat,
      baseLng: r.baseLng,
      serviceRadiusMiles: r.serviceRadiusMiles,
      ...toRating(r),
    });
  }
  return result;
}

export function personView(p: PersonRow | undefined, id: string) {
  return { id, fullName: p?.fullName ?? null, rating: p?.rating ?? 0, reviewCount: p?.reviewCount ?? 0 };
}

export function tradespersonView(p: PersonRow | undefined, id: string) {
  return {
    ...personView(p, id),
    trade: p?.trade ?? null,
    verified: p?.verified ?? false,
    avatarUrl: p?.avatarUrl ?? null,
  };
}
