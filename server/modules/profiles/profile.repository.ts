import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { profiles, tradespersonProfiles } from '../../db/schema';

// Only the columns this module reads and writes, named one by one: the table has columns (such as
// search's generated service box) that are none of this module's business.
const ownColumns = {
  businessName: tradespersonProfiles.businessName,
  vatNumber: tradespersonProfiles.vatNumber,
  phone: tradespersonProfiles.phone,
  trade: tradespersonProfiles.trade,
  bio: tradespersonProfiles.bio,
  yearsExperience: tradespersonProfiles.yearsExperience,
  hourlyRateMin: tradespersonProfiles.hourlyRateMin,
  hourlyRateMax: tradespersonProfiles.hourlyRateMax,
  specialties: tradespersonProfiles.specialties,
  serviceAreas: tradespersonProfiles.serviceAreas,
  basePostcode: tradespersonProfiles.basePostcode,
  serviceRadiusMiles: tradespersonProfiles.serviceRadiusMiles,
  verified: tradespersonProfiles.verified,
  setupCompletedAt: tradespersonProfiles.setupCompletedAt,
  avatarUrl: profiles.avatarUrl,
};

export type OwnProfileRow = {
  businessName: string | null;
  vatNumber: string | null;
  phone: string | null;
  trade: string | null;
  bio: string | null;
  yearsExperience: number | null;
  hourlyRateMin: number | null;
  hourlyRateMax: number | null;
  specialties: string[];
  serviceAreas: string[];
  basePostcode: string | null;
  serviceRadiusMiles: number;
  verified: boolean;
  setupCompletedAt: Date | null;
  avatarUrl: string | null;
};

/**
 * What saving a profile may change: the fields a tradesperson edits (the trade may be changed, never
 * cleared) and the base postcode's centroid.
 */
export type ProfileChanges = Partial<
  Omit<OwnProfileRow, 'trade' | 'verified' | 'setupCompletedAt' | 'avatarUrl'> & {
    trade: string;
    baseLat: number | null;
    baseLng: number | null;
  }
>;

/**
 * The tradesperson's own profile. Built once (prepared()): the profile page and every save read it, and
 * writing its SQL cost more CPU than PostgreSQL reading the two rows.
 */
export async function findOwnProfile(db: Executor, userId: string): Promise<OwnProfileRow | undefined> {
  const [row] = await prepared(db, 'own_tradesperson_profile', (d) =>
    d
      .select(ownColumns)
      .from(tradespersonProfiles)
      .innerJoin(profiles, eq(profiles.id, tradespersonProfiles.userId))
      .where(eq(tradespersonProfiles.userId, sql.placeholder('userId')))
      .prepare('own_tradesperson_profile'),
  ).execute({ userId });
  return row;
}

/** Sign-up creates the row; this covers an account made before that, so editing never meets a gap. */
export async function ensureProfileRow(db: Executor, userId: string): Promise<void> {
  await db.insert(tradespersonProfiles).values({ userId }).onConflictDoNothing();
}

export async function updateProfile(db: Executor, userId: string, changes: ProfileChanges, now = new Date()) {
  await db
    .update(tradespersonProfiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(tradespersonProfiles.userId, userId));
}

/** Records the first completion of Business Setup; completing again keeps the first date. */
export async function markSetupComplete(db: Executor, userId: string, now = new Date()) {
  await db
    .update(tradespersonProfiles)
    .set({
      setupCompletedAt: sql`coalesce(${tradespersonProfiles.setupCompletedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(tradespersonProfiles.userId, userId));
}

/** The current picture URL, with the row locked so two uploads replace one another in turn. */
export async function lockAvatarUrl(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return row?.avatarUrl ?? null;
}

export async function setAvatarUrl(db: Executor, userId: string, avatarUrl: string | null, now = new Date()) {
  await db.update(profiles).set({ avatarUrl, updatedAt: now }).where(eq(profiles.id, userId));
}
