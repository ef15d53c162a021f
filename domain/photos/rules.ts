// Photos of a job (and of a proposed change to a booking): what may be uploaded and how it is kept.
// The server enforces these; the upload form shows the same limits before sending.

export const PHOTO_LIMITS = {
  /** At most this many photos on one job, and on one change. */
  maxPerJob: 8,
  maxBytes: 10 * 1024 * 1024,
  captionMax: 200,
  /** The display copy's longer side (never enlarged). */
  displayLongSidePx: 1600,
  /** The thumbnail's longer side. */
  thumbLongSidePx: 400,
  /** Uploaded but not yet attached to a job: removed after this long. */
  pendingHours: 24,
  /**
   * A decompression bomb (a small file that decodes to gigapixels) is refused from its header, before
   * any decoding: 40 megapixels is more than any phone camera takes.
   */
  maxInputPixels: 40_000_000,
} as const;

/** The types a photo may be (decided from its bytes), and what a file picker offers. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
// Some browsers know HEIC files by their extension only, so the picker names those too.
export const PHOTO_ACCEPT = [...PHOTO_TYPES, '.heic', '.heif'].join(',');

export const PHOTO_MESSAGES = {
  type: 'Choose a photo (JPEG, PNG, HEIC or WebP)',
  tooBig: 'Each photo must be 10 MB or smaller',
  missing: 'Choose a photo to upload',
  tooMany: 'You can add up to 8 photos',
  tooLarge: 'This photo is too large to process: its dimensions are over 40 megapixels',
  captionLong: 'Captions must be at most 200 characters',
  notFound: 'Photo not found',
  /** The form's own: a job cannot be sent while a photo is on its way. */
  stillUploading: 'Wait until your photos have finished uploading',
  uploadFailed: 'This photo could not be uploaded. Try again.',
} as const;
