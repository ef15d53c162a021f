import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { jobPostings, profiles, quotes, tradespersonProfiles, users } from '../../db/schema';
import { ratingColumns, toRating } from '../ratings';

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

/**
 * Everyone a job's page may name (its customer, everyone who quoted, the viewer), found from the
 * job's id so that the lookup runs alongside the job's own instead of after it.
 */
export async function peopleOfJob(db: Executor, jobId: string, viewerId: string) {
  const job = sql.placeholder('jobId');
  const rows = await prepared(db, 'people_of_job', (d) =>
    peopleQuery(
      d,
      // As one array, so the lookup is an index scan on users (an OR of the three is a scan of them all).
      sql`${users.id} = any(array(
        select ${sql.placeholder('viewerId')}::uuid
        union select ${jobPostings.customerId} from ${jobPostings} where ${jobPostings.id} = ${job}
        union select ${quotes.tradespersonId} from ${quotes} where ${quotes.jobId} = ${job}))`,
      'people_of_job',
    ),
  ).execute({ jobId, viewerId });
  return byId(rows);
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
