import { and, asc, count, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AttachedPhoto, PhotoView } from '../../../domain/photos/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../domain/photos/rules';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { bookingChanges, bookings, photos, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type PhotoRow = typeof photos.$inferSelect;

/** Where a photo is attached: a job, or a proposed change to a booking. */
export type PhotoTarget = { jobId: string } | { changeId: string };

const targetColumn = (target: PhotoTarget) =>
  'jobId' in target ? eq(photos.jobId, target.jobId) : eq(photos.changeId, target.changeId);

const PHOTOS_URL = '/api/v1/photos/';

export function photoView(row: PhotoRow): PhotoView {
  return {
    id: row.id,
    caption: row.caption,
    url: `${PHOTOS_URL}${row.id}/display`,
    width: row.width,
    height: row.height,
    thumbUrl: `${PHOTOS_URL}${row.id}/thumb`,
    thumbWidth: row.thumbWidth,
    thumbHeight: row.thumbHeight,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A photo as the JSON of photosJsonOfJob. */
export interface PhotoJson {
  id: string;
  caption: string | null;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
  createdAt: string;
}

/**
 * A job's photos in order as a JSON array, a subquery of a statement that reads the job (its id is
 * `jobId`), so the job page reads them in its own one statement.
 */
export const photosJsonOfJob = (jobId: SQL) =>
  sql<PhotoJson[]>`(select coalesce(json_agg(json_build_object('id', ph.id, 'caption', ph.caption,
    'width', ph.width, 'height', ph.height, 'thumbWidth', ph.thumb_width, 'thumbHeight', ph.thumb_height,
    'createdAt', ph.created_at) order by ph.position), '[]') from ${photos} ph where ph.job_id = ${jobId})`;

export function photoViewOfJson(json: PhotoJson): PhotoView {
  return {
    ...json,
    url: `${PHOTOS_URL}${json.id}/display`,
    thumbUrl: `${PHOTOS_URL}${json.id}/thumb`,
    createdAt: new Date(json.createdAt).toISOString(),
  };
}

/**
 * Makes `wanted` the target's photos, in that order and with those captions, inside the caller's
 * transaction (which holds the job's or booking's row lock). Each named photo must be the owner's and
 * either not attached yet or already on this target; the target's photos left out are detached and
 * returned, so the caller deletes their files after commit. Anything else is a 400 that changes nothing.
 */
export async function attachPhotos(
  tx: Executor,
  ownerId: string,
  target: PhotoTarget,
  wanted: readonly AttachedPhoto[],
): Promise<{ removed: PhotoRow[] }> {
  if (wanted.length > PHOTO_LIMITS.maxPerJob) throw AppError.validation(PHOTO_MESSAGES.tooMany);
  const ids = wanted.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw AppError.validation(PHOTO_MESSAGES.notFound);
  const current = await tx.select().from(photos).where(targetColumn(target)).for('update');
  const named =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(photos)
          .where(
            and(
              inArray(photos.id, ids),
              eq(photos.ownerId, ownerId),
              or(and(isNull(photos.jobId), isNull(photos.changeId)), targetColumn(target)),
            ),
          )
          .for('update');
  if (named.length !== ids.length) throw AppError.validation(PHOTO_MESSAGES.notFound);

  const removed = current.filter((row) => !ids.includes(row.id));
  if (removed.length > 0) {
    await tx.delete(photos).where(
      inArray(
        photos.id,
        removed.map((r) => r.id),
      ),
    );
  }
  for (const [position, photo] of wanted.entries()) {
    await tx
      .update(photos)
      .set({ ...target, position, caption: photo.caption ?? null })
      .where(eq(photos.id, photo.id));
  }
  return { removed };
}

/** The photos of several changes, in order, by change id (one statement, built once). */
export async function photosOfChanges(
  db: Executor,
  changeIds: readonly string[],
): Promise<Map<string, PhotoView[]>> {
  const byChange = new Map<string, PhotoView[]>();
  if (changeIds.length === 0) return byChange;
  // The ids bound as one array: an `in (…)` list would be a different statement for each length.
  const rows = await prepared(db, 'photos_of_changes', (d) =>
    d
      .select()
      .from(photos)
      .where(sql`${photos.changeId} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(asc(photos.position))
      .prepare('photos_of_changes'),
  ).execute({ ids: [...changeIds] });
  for (const row of rows) {
    const list = byChange.get(row.changeId!) ?? [];
    list.push(photoView(row));
    byChange.set(row.changeId!, list);
  }
  return byChange;
}

const pending = and(isNull(photos.jobId), isNull(photos.changeId));

/** How many of the owner's photos wait to be attached. */
export async function countPending(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photos)
    .where(and(eq(photos.ownerId, ownerId), pending));
  return row?.n ?? 0;
}

/**
 * Holds the owner's uploads one at a time until the transaction ends, so two at once cannot both count
 * seven pending and make nine. NO KEY UPDATE: rows referencing the user (their key share) still go in.
 */
export async function lockUploader(tx: Executor, ownerId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

export async function insertPhoto(tx: Executor, values: typeof photos.$inferInsert): Promise<PhotoRow> {
  const [row] = await tx.insert(photos).values(values).returning();
  return row!;
}

/**
 * A photo with what decides who may see it: its job, or the parties of the booking its change is on.
 */
export async function photoWithParent(db: Executor, id: string) {
  // Built once (prepared()): a job's page asks for each of its photos, each a request of its own.
  const [row] = await prepared(db, 'photo_with_parent', (d) =>
    d
      .select({
        photo: photos,
        changeParties: { customerId: bookings.customerId, tradespersonId: bookings.tradespersonId },
      })
      .from(photos)
      .leftJoin(bookingChanges, eq(bookingChanges.id, photos.changeId))
      .leftJoin(bookings, eq(bookings.id, bookingChanges.bookingId))
      .where(eq(photos.id, sql.placeholder('id')))
      .prepare('photo_with_parent'),
  ).execute({ id });
  return row;
}

/** Deletes the owner's photo if it is still waiting to be attached; the row, or undefined. */
export async function deletePending(
  tx: Executor,
  ownerId: string,
  id: string,
): Promise<PhotoRow | undefined> {
  const [row] = await tx
    .delete(photos)
    .where(and(eq(photos.id, id), eq(photos.ownerId, ownerId), pending))
    .returning();
  return row;
}

/**
 * Deletes up to `limit` photos uploaded before `before` and never attached. The condition is checked
 * again by the delete itself, so a photo attached meanwhile stays.
 */
export async function deleteStalePending(db: Executor, before: Date, limit: number): Promise<PhotoRow[]> {
  const stale = db
    .select({ id: photos.id })
    .from(photos)
    .where(and(pending, lt(photos.createdAt, before)))
    .orderBy(asc(photos.createdAt))
    .limit(limit);
  return db
    .delete(photos)
    .where(and(inArray(photos.id, stale), pending))
    .returning();
}
