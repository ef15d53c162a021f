import { z } from 'zod';
import { Id, Timestamp } from '../fields';
import { PHOTO_LIMITS } from './rules';

// The photos API contract (docs/api/photos.md). A photo is uploaded on its own (multipart), then its id
// is named when a job is posted or saved, or a change proposed.

/** A photo as everyone allowed to see it gets it: both copies' addresses and their sizes (no layout shift). */
export const PhotoView = z.object({
  id: Id,
  caption: z.string().max(PHOTO_LIMITS.captionMax).nullable(),
  /** The display copy (WebP, longer side at most 1600 px). */
  url: z.string().max(200),
  width: z.number().int(),
  height: z.number().int(),
  thumbUrl: z.string().max(200),
  thumbWidth: z.number().int(),
  thumbHeight: z.number().int(),
  createdAt: Timestamp,
});
export type PhotoView = z.infer<typeof PhotoView>;

export const PhotoResponse = z.object({ photo: PhotoView });
export type PhotoResponse = z.infer<typeof PhotoResponse>;

/** A photo named on a job or a change: its id and the caption (alt text) to keep with it, in order. */
export const AttachedPhoto = z.object({
  id: z.uuid(),
  caption: z
    .string()
    .trim()
    .max(PHOTO_LIMITS.captionMax, 'Captions must be at most 200 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type AttachedPhoto = z.infer<typeof AttachedPhoto>;

export const AttachedPhotos = z
  .array(AttachedPhoto)
  .max(PHOTO_LIMITS.maxPerJob, 'You can add up to 8 photos');
