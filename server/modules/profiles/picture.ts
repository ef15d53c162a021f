import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '../../../domain/profiles/documents';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/sharp';
import { isDecodableImage, MAX_INPUT_PIXELS, sniffContentType } from './uploads';

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const notAPicture = () =>
  AppError.validation(UPLOAD_MESSAGES.pictureType, [{ field: 'file', message: UPLOAD_MESSAGES.pictureType }]);

/**
 * Turns an uploaded photo into the stored profile picture: a 512×512 WebP, cropped to fill the square,
 * turned upright by its EXIF orientation, then stripped of all metadata (sharp keeps none unless asked),
 * so a phone photo's GPS position and camera details never leave with it. Re-encoding also means only
 * pixels are ever served, whatever else the upload carried.
 */
export async function toProfilePicture(bytes: Buffer): Promise<Buffer> {
  const type = sniffContentType(bytes);
  if (!type || !PICTURE_TYPES.has(type) || !(await isDecodableImage(bytes, type))) throw notAPicture();
  const side = UPLOAD_LIMITS.pictureSidePx;
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads but pixel data that does not (a truncated file) is still not a usable image.
    throw notAPicture();
  }
}
