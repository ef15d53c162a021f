import { DISPUTE_MESSAGES, DISPUTE_RULES } from '../../../domain/disputes/messages';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/sharp';
import { isDecodableImage, MAX_INPUT_PIXELS, sniffContentType } from '../profiles';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const notAPhoto = () =>
  AppError.validation(DISPUTE_MESSAGES.photoType, [{ field: 'file', message: DISPUTE_MESSAGES.photoType }]);

/**
 * Turns an uploaded photo into stored evidence the way profile pictures are made: decided from its
 * bytes (not its name or declared type), turned upright by its EXIF orientation, shrunk to at most
 * 1600 px on its longer side (never enlarged) and re-encoded as WebP without metadata, so a phone
 * photo's GPS position never reaches the other party and only pixels are ever served.
 */
export async function toEvidencePhoto(
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const type = sniffContentType(bytes);
  if (!type || !PHOTO_TYPES.has(type) || !(await isDecodableImage(bytes, type))) throw notAPhoto();
  const side = DISPUTE_RULES.photoLongSidePx;
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw notAPhoto();
  }
}
