import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PHOTO_LIMITS } from '../../../domain/photos/rules';
import { users } from './accounts';
import { bookingChanges } from './changes';
import { createdAt, id, requiredRef } from './helpers';
import { jobPostings } from './marketplace';

/**
 * A photo of a job or of a proposed change to a booking. It is uploaded first (attached to nothing,
 * its owner's alone), then attached when the job is posted or saved, or the change proposed; one
 * never attached is removed after PHOTO_LIMITS.pendingHours. Both stored copies are re-encoded WebP
 * without metadata (no EXIF, no GPS).
 */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    ownerId: requiredRef('owner_id', () => users.id),
    jobId: uuid('job_id').references(() => jobPostings.id),
    changeId: uuid('change_id').references(() => bookingChanges.id),
    /** Order on the job or change, from 0. */
    position: integer('position').notNull().default(0),
    /** The uploader's caption, also the photo's alt text. */
    caption: text('caption'),
    displayKey: text('display_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull(),
    thumbHeight: integer('thumb_height').notNull(),
    /** Stored bytes of both copies, for the owner's storage use. */
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('photos_one_parent_check', sql`${t.jobId} is null or ${t.changeId} is null`),
    check(
      'photos_caption_length',
      sql`${t.caption} is null or char_length(${t.caption}) between 1 and ${sql.raw(String(PHOTO_LIMITS.captionMax))}`,
    ),
    check(
      'photos_dimensions_check',
      sql`${t.width} > 0 and ${t.height} > 0 and ${t.thumbWidth} > 0 and ${t.thumbHeight} > 0 and ${t.bytes} > 0`,
    ),
    check(
      'photos_position_check',
      sql`${t.position} between 0 and ${sql.raw(String(PHOTO_LIMITS.maxPerJob - 1))}`,
    ),
    index('photos_job_idx').on(t.jobId, t.position).where(sql`${t.jobId} is not null`),
    index('photos_change_idx').on(t.changeId, t.position).where(sql`${t.changeId} is not null`),
    // Uploads not attached yet: the owner's count, and the cleanup of old ones.
    index('photos_pending_idx')
      .on(t.ownerId, t.createdAt)
      .where(sql`${t.jobId} is null and ${t.changeId} is null`),
  ],
);
