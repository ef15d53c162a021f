import { randomUUID } from 'node:crypto';
import type { PhotoView } from '../../../domain/photos/api';
import { PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../domain/photos/rules';
import type { FileStorage, StoredFile } from '../../adapters/storage';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { toPhotoCopies } from './photo-image';
import {
  countPending,
  deletePending,
  deleteStalePending,
  insertPhoto,
  lockUploader,
  type PhotoRow,
  photoView,
  photoWithParent,
} from './photos.repository';

export interface PhotoDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  /**
   * Whether the user may see the job (DOMAIN-RULES 2: the owner, admins, and tradespeople while it is
   * open or once they quoted or are booked). The marketplace owns that rule and builds on photos, so
   * it is handed in (wired in app.ts) rather than imported (decision 0012).
   */
  mayViewJob: (db: Executor, auth: AuthContext, jobId: string) => Promise<boolean>;
}

const photoNotFound = () => AppError.notFound(PHOTO_MESSAGES.notFound);
const tooMany = () => AppError.conflict('photo_limit', PHOTO_MESSAGES.tooMany);

/**
 * Deletes the stored copies of photos whose rows are gone. A failure leaves an orphaned file, which
 * costs storage but no correctness (nobody can reach it without its row), so it is not an error.
 */
export async function deletePhotoFiles(
  storage: FileStorage,
  rows: readonly Pick<PhotoRow, 'displayKey' | 'thumbKey'>[],
): Promise<void> {
  await Promise.all(
    rows.flatMap((row) => [row.displayKey, row.thumbKey]).map((key) => storage.delete(key).catch(() => {})),
  );
}

function cleanCaption(caption: string | undefined): string | null {
  const trimmed = caption?.trim() ?? '';
  if (trimmed.length > PHOTO_LIMITS.captionMax) {
    throw AppError.validation(PHOTO_MESSAGES.captionLong, [
      { field: 'caption', message: PHOTO_MESSAGES.captionLong },
    ]);
  }
  return trimmed || null;
}

/**
 * A photo uploaded on its own, before the job or change it is for: checked (its bytes, its pixel
 * count before decoding), re-encoded into a display copy and a thumbnail, stored, and recorded as
 * the uploader's pending photo. The 9th pending photo is refused, before any work and again under the
 * uploader's lock; a refusal after the files were stored removes them, so nothing is left behind.
 */
export async function uploadPhoto(
  deps: PhotoDeps,
  auth: AuthContext,
  upload: { bytes: Buffer; caption: string | undefined },
): Promise<PhotoView> {
  const ownerId = auth.user.id;
  const caption = cleanCaption(upload.caption);
  if ((await countPending(deps.db, ownerId)) >= PHOTO_LIMITS.maxPerJob) throw tooMany();
  const copies = await toPhotoCopies(upload.bytes);
  const id = randomUUID();
  const stored = { displayKey: `photos/${id}/display.webp`, thumbKey: `photos/${id}/thumb.webp` };
  try {
    await deps.storage.put(stored.displayKey, copies.display.bytes, 'image/webp');
    await deps.storage.put(stored.thumbKey, copies.thumb.bytes, 'image/webp');
    const row = await deps.db.transaction(async (tx) => {
      await lockUploader(tx, ownerId);
      if ((await countPending(tx, ownerId)) >= PHOTO_LIMITS.maxPerJob) throw tooMany();
      return insertPhoto(tx, {
        id,
        ownerId,
        caption,
        displayKey: stored.displayKey,
        thumbKey: stored.thumbKey,
        width: copies.display.width,
        height: copies.display.height,
        thumbWidth: copies.thumb.width,
        thumbHeight: copies.thumb.height,
        bytes: copies.display.bytes.length + copies.thumb.bytes.length,
        createdAt: deps.clock.now(),
      });
    });
    return photoView(row);
  } catch (error) {
    await deletePhotoFiles(deps.storage, [stored]);
    throw error;
  }
}

/** The owner removes a photo not attached yet; anything else (attached, another's, unknown) is a 404. */
export async function removePendingPhoto(deps: PhotoDeps, auth: AuthContext, id: string): Promise<void> {
  const row = await deletePending(deps.db, auth.user.id, id);
  if (!row) throw photoNotFound();
  await deletePhotoFiles(deps.storage, [row]);
}

/**
 * One stored copy of a photo, to who may see its parent: a job's photo as the job itself, a change's
 * to the booking's two parties and admins, a pending one to its owner alone. Everyone else gets the
 * 404 an unknown id gets.
 */
export async function photoFile(
  deps: PhotoDeps,
  auth: AuthContext,
  id: string,
  copy: 'display' | 'thumb',
): Promise<StoredFile> {
  const found = await photoWithParent(deps.db, id);
  if (!found) throw photoNotFound();
  const { photo, changeParties } = found;
  const me = auth.user.id;
  const visible = photo.jobId
    ? await deps.mayViewJob(deps.db, auth, photo.jobId)
    : photo.changeId
      ? auth.user.isAdmin || changeParties?.customerId === me || changeParties?.tradespersonId === me
      : photo.ownerId === me;
  if (!visible) throw photoNotFound();
  const file = await deps.storage.get(copy === 'display' ? photo.displayKey : photo.thumbKey);
  if (!file) throw photoNotFound();
  return file;
}

// Rows per statement of the cleanup: a backlog is worked through in batches, never one huge delete.
const CLEANUP_BATCH = 500;

/**
 * The `photos.remove-stale` job (hourly): photos uploaded more than PHOTO_LIMITS.pendingHours ago and
 * never attached (a form abandoned) are removed, rows first, then their files.
 */
export async function removeStalePhotos(deps: Pick<PhotoDeps, 'db' | 'storage' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - PHOTO_LIMITS.pendingHours * 3_600_000);
  let removed = 0;
  for (;;) {
    const rows = await deleteStalePending(deps.db, before, CLEANUP_BATCH);
    await deletePhotoFiles(deps.storage, rows);
    removed += rows.length;
    if (rows.length < CLEANUP_BATCH) return removed;
  }
}
