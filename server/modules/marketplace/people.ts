import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, tradespersonProfiles, users } from '../../db/schema';
import { ratingColumns, toRating } from '../profiles';

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

const personColumns = {
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
};

function peopleQuery(db: Executor, where: SQL, name: string) {
  return db
    .select(personColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(tradespersonProfiles, eq(tradespersonProfiles.userId, users.id))
    .where(where)
    .prepare(name);
}

function byId(rows: Awaited<ReturnType<ReturnType<typeof peopleQuery>['execute']>>) {
  const result = new Map<string, PersonRow>();
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

/** Names, ratings and trade details of the people a response mentions: one query whatever their number. */
export async function peopleByIds(db: Executor, ids: readonly string[]): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await prepared(db, 'people_by_ids', (d) =>
    peopleQuery(d, sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`, 'people_by_ids'),
  ).execute({ ids: unique });
  return byId(rows);
}

/** A person as the pages name them: their name and the totals behind their rating. */
export interface PersonJson {
  fullName: string | null;
  ratingTotal: number;
  reviewCount: number;
}

/** A tradesperson as the pages name them, with their trade, badge and photo. */
export interface TradespersonJson extends PersonJson {
  avatarUrl: string | null;
  trade: string | null;
  verified: boolean | null;
}

/** The person with this id as JSON (null when there is none); `id` is an expression of the outer query. */
export const personJson = (id: SQL) =>
  sql`(select json_build_object('fullName', p.full_name, 'ratingTotal', p.rating_total, 'reviewCount', p.review_count)
    from ${profiles} p where p.id = ${id})`;

/** The tradesperson with this id as JSON (null when there is none). */
export const tradespersonJson = (id: SQL) =>
  sql`(select json_build_object('fullName', p.full_name, 'ratingTotal', p.rating_total, 'reviewCount', p.review_count,
      'avatarUrl', p.avatar_url, 'trade', t.trade, 'verified', t.verified)
    from ${profiles} p left join ${tradespersonProfiles} t on t.user_id = p.id where p.id = ${id})`;

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

/** A person's view from their JSON (personJson); one without a profile shows no name and no rating. */
export function personJsonView(p: PersonJson | null, id: string) {
  return p ? { id, fullName: p.fullName, ...toRating(p) } : { id, fullName: null, rating: 0, reviewCount: 0 };
}

export function tradespersonJsonView(p: TradespersonJson | null, id: string) {
  return {
    ...personJsonView(p, id),
    trade: p?.trade ?? null,
    verified: p?.verified ?? false,
    avatarUrl: p?.avatarUrl ?? null,
  };
}
