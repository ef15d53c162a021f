import { randomUUID } from 'node:crypto';
import type { OwnProfile } from '../../../domain/profiles/api';
import type { SetupDetails, SetupServices, UpdateProfile } from '../../../domain/profiles/schemas';
import { SETUP_MESSAGES } from '../../../domain/profiles/schemas';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { FileStorage } from '../../adapters/storage';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { AVATAR_PREFIX, deleteQuietly, fileUrl, keyOfFileUrl, type Logger } from '../../lib/stored-files';
import type { AuthContext } from '../../plugins/auth-context';
import { toProfilePicture } from './picture';
import {
  ensureProfileRow,
  findOwnProfile,
  lockAvatarUrl,
  markSetupComplete,
  type OwnProfileRow,
  type ProfileChanges,
  setAvatarUrl,
  updateProfile,
} from './profile.repository';
import { requireTradesperson } from './tradesperson';

export interface ProfileDeps {
  db: Database;
  storage: FileStorage;
}

function ownProfileView(row: OwnProfileRow): OwnProfile {
  return {
    businessName: row.businessName,
    vatNumber: row.vatNumber,
    phone: row.phone,
    trade: row.trade as OwnProfile['trade'],
    bio: row.bio,
    yearsExperience: row.yearsExperience,
    hourlyRateMin: row.hourlyRateMin,
    hourlyRateMax: row.hourlyRateMax,
    specialties: row.specialties,
    serviceAreas: row.serviceAreas,
    basePostcode: row.basePostcode,
    serviceRadiusMiles: row.serviceRadiusMiles,
    avatarUrl: row.avatarUrl,
    verified: row.verified,
    setupCompletedAt: row.setupCompletedAt?.toISOString() ?? null,
  };
}

export async function getOwnProfile(deps: ProfileDeps, auth: AuthContext): Promise<OwnProfile> {
  requireTradesperson(auth);
  let row = await findOwnProfile(deps.db, auth.user.id);
  if (!row) {
    await ensureProfileRow(deps.db, auth.user.id);
    row = await findOwnProfile(deps.db, auth.user.id);
  }
  if (!row) throw AppError.notFound();
  return ownProfileView(row);
}

/**
 * The base postcode's point, for "whose service area covers this place" searches. A postcode that is
 * well formed but unknown to the bundled data cannot be placed, so it is refused rather than stored
 * without a point.
 */
function basePoint(postcode: string | null): Pick<ProfileChanges, 'basePostcode' | 'baseLat' | 'baseLng'> {
  if (postcode === null) return { basePostcode: null, baseLat: null, baseLng: null };
  const place = getGeoDirectory().geocodePostcode(postcode);
  if (!place.ok) {
    throw AppError.validation(place.message, [{ field: 'basePostcode', message: place.message }]);
  }
  return { basePostcode: place.postcode, baseLat: place.lat, baseLng: place.lng };
}

async function saveChanges(deps: ProfileDeps, auth: AuthContext, changes: ProfileChanges) {
  requireTradesperson(auth);
  await ensureProfileRow(deps.db, auth.user.id);
  await updateProfile(deps.db, auth.user.id, changes);
  return getOwnProfile(deps, auth);
}

/** Edit Profile's form, saved whole. */
export function saveProfile(deps: ProfileDeps, auth: AuthContext, input: UpdateProfile) {
  const { basePostcode, ...fields } = input;
  return saveChanges(deps, auth, { ...fields, ...basePoint(basePostcode) });
}

/** Business Setup, step 1: Business Details. */
export function saveSetupDetails(deps: ProfileDeps, auth: AuthContext, input: SetupDetails) {
  const { basePostcode, ...fields } = input;
  return saveChanges(deps, auth, { ...fields, ...basePoint(basePostcode) });
}

/** Business Setup, step 2: Services & Pricing. */
export function saveSetupServices(deps: ProfileDeps, auth: AuthContext, input: SetupServices) {
  return saveChanges(deps, auth, input);
}

/**
 * Business Setup's last step. A profile without a trade or a base cannot be matched to any job or
 * search, so setup is complete only once it has both; documents and payouts can follow later.
 */
export async function completeSetup(deps: ProfileDeps, auth: AuthContext): Promise<OwnProfile> {
  const profile = await getOwnProfile(deps, auth);
  if (!profile.trade) {
    throw AppError.validation(SETUP_MESSAGES.needsTrade, [
      { field: 'trade', message: SETUP_MESSAGES.needsTrade },
    ]);
  }
  if (!profile.basePostcode) {
    throw AppError.validation(SETUP_MESSAGES.needsPostcode, [
      { field: 'basePostcode', message: SETUP_MESSAGES.needsPostcode },
    ]);
  }
  await markSetupComplete(deps.db, auth.user.id);
  return getOwnProfile(deps, auth);
}

/** Stores a new picture, points the profile at it, then removes the one it replaced. */
export async function replacePicture(
  deps: ProfileDeps,
  auth: AuthContext,
  upload: Buffer,
  log: Logger,
): Promise<string> {
  requireTradesperson(auth);
  const picture = await toProfilePicture(upload);
  // A new key per upload: the URL can be cached for a year, and a new picture is a new URL.
  const key = `${AVATAR_PREFIX}${randomUUID()}.webp`;
  await deps.storage.put(key, picture, 'image/webp');
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const old = await lockAvatarUrl(tx, auth.user.id);
      await setAvatarUrl(tx, auth.user.id, fileUrl(key));
      return old;
    });
  } catch (err) {
    await deleteQuietly(deps.storage, key, log);
    throw err;
  }
  await deleteQuietly(deps.storage, keyOfFileUrl(previous), log);
  return fileUrl(key);
}

export async function removePicture(deps: ProfileDeps, auth: AuthContext, log: Logger): Promise<void> {
  requireTradesperson(auth);
  const previous = await deps.db.transaction(async (tx) => {
    const old = await lockAvatarUrl(tx, auth.user.id);
    if (old !== null) await setAvatarUrl(tx, auth.user.id, null);
    return old;
  });
  await deleteQuietly(deps.storage, keyOfFileUrl(previous), log);
}
