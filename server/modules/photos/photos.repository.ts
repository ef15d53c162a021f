import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AttachedPhoto, PhotoView } from '../../../domain/photos/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../domain/photos/rules';
import type { Executor } from '../../db/client';
import { photos } from '../../db/schema';
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

/** The photos of several jobs or changes, in order, by target id (one statement). */
export async function photosOf(
  db: Executor,
  target: { jobIds: readonly string[] } | { changeIds: readonly string[] },
): Promise<Map<string, PhotoView[]>> {
  const byTarget = new Map<string, PhotoView[]>();
  const ids = 'jobIds' in target ? target.jobIds : target.changeIds;
  if (ids.length === 0) return byTarget;
  const column = 'jobIds' in target ? photos.jobId : photos.changeId;
  const rows = await db
    .select()
    .from(photos)
    .where(inArray(column, [...ids]))
    .orderBy(asc(photos.position));
  for (const row of rows) {
    const key = ('jobIds' in target ? row.jobId : row.changeId)!;
    const list = byTarget.get(key) ?? [];
    list.push(photoView(row));
    byTarget.set(key, list);
  }
  return byTarget;
}
