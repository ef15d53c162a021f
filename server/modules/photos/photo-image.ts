import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';
import { PHOTO_LIMITS, PHOTO_MESSAGES, type PhotoType } from '../../../domain/photos/rules';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/sharp';
import { sniffContentType } from '../profiles';

// What an uploaded photo really is (from its bytes, never its name or declared type), whether it is
// safe to decode, and the two copies kept of it: a display copy and a thumbnail, both WebP re-encoded
// from pixels only, so no EXIF (camera, GPS position) or anything else the upload carried survives.

export interface PhotoCopy {
  bytes: Buffer;
  width: number;
  height: number;
}

export interface PhotoCopies {
  display: PhotoCopy;
  thumb: PhotoCopy;
}

const notAPhoto = () =>
  AppError.validation(PHOTO_MESSAGES.type, [{ field: 'file', message: PHOTO_MESSAGES.type }]);
const tooLarge = () =>
  AppError.validation(PHOTO_MESSAGES.tooLarge, [{ field: 'file', message: PHOTO_MESSAGES.tooLarge }]);

// HEIF files are ISO-BMFF: a box of type 'ftyp' first, naming a major brand and compatible brands.
// HEVC-coded images (iPhone photos) carry heic/heix (or the sequence brands hevc/hevx, heim/heis);
// mif1/msf1 say only "some HEIF", which AVIF files say too, so those are told apart by 'avif'/'avis'.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

function heifType(bytes: Buffer): 'image/heic' | 'image/heif' | null {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 512);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return null;
  if (brands.some((b) => HEIC_BRANDS.has(b))) return 'image/heic';
  if (brands.some((b) => HEIF_BRANDS.has(b))) return 'image/heif';
  return null;
}

/** The photo type a file's first bytes announce, or null for anything we do not take. */
export function sniffPhotoType(bytes: Buffer): PhotoType | null {
  const basic = sniffContentType(bytes);
  if (basic === 'image/jpeg' || basic === 'image/png' || basic === 'image/webp') return basic;
  return heifType(bytes);
}

interface HeifImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type HeicDecode = { all(input: { buffer: Buffer }): Promise<HeifImage[] & { dispose(): void }> };

// sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF: sharp.format.heif lists '.avif'
// alone), as HEVC is patent-encumbered; phones' HEIC photos are decoded by libheif compiled to wasm
// (heic-decode), loaded on the first HEIC upload only.
let heicDecode: HeicDecode | undefined;
function loadHeicDecode(): HeicDecode {
  heicDecode ??= createRequire(import.meta.url)('heic-decode') as HeicDecode;
  return heicDecode;
}

const overLimit = (width: number, height: number) => width * height > PHOTO_LIMITS.maxInputPixels;

/** A HEIC/HEIF photo's first image as raw RGBA for sharp, its size checked before any decoding. */
async function decodeHeif(bytes: Buffer): Promise<Sharp> {
  let images: Awaited<ReturnType<HeicDecode['all']>>;
  try {
    images = await loadHeicDecode().all({ buffer: bytes });
  } catch {
    throw notAPhoto();
  }
  try {
    const first = images[0];
    if (!first) throw notAPhoto();
    if (overLimit(first.width, first.height)) throw tooLarge();
    const { width, height, data } = await first.decode().catch(() => {
      throw notAPhoto();
    });
    const sharp = await loadSharp();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

/** A JPEG, PNG or WebP photo for sharp, upright by its EXIF orientation; its size read from the header first. */
async function openPicture(bytes: Buffer, type: 'image/jpeg' | 'image/png' | 'image/webp'): Promise<Sharp> {
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<Sharp['metadata']>>;
  try {
    // metadata() reads the header only: nothing is decoded yet.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAPhoto();
  }
  if (`image/${meta.format}` !== type || !meta.width || !meta.height) {
    throw notAPhoto();
  }
  if (overLimit(meta.width, meta.height)) throw tooLarge();
  // The limit again, in the decoder itself, in case a header and the data disagree.
  return sharp(bytes, { limitInputPixels: PHOTO_LIMITS.maxInputPixels, failOn: 'error' }).rotate();
}

async function copyOf(image: Sharp, longSide: number, quality: number): Promise<PhotoCopy> {
  const { data, info } = await image
    .clone()
    .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/**
 * The display copy (longer side at most 1600 px) and the thumbnail (400 px) of an uploaded photo,
 * never enlarged, WebP without metadata (sharp keeps none unless asked). Refuses anything that is
 * not a JPEG, PNG, WebP or HEIC/HEIF image, and a decompression bomb, before decoding it.
 */
export async function toPhotoCopies(bytes: Buffer): Promise<PhotoCopies> {
  const type = sniffPhotoType(bytes);
  if (!type) throw notAPhoto();
  const image =
    type === 'image/heic' || type === 'image/heif' ? await decodeHeif(bytes) : await openPicture(bytes, type);
  try {
    const [display, thumb] = await Promise.all([
      copyOf(image, PHOTO_LIMITS.displayLongSidePx, 80),
      copyOf(image, PHOTO_LIMITS.thumbLongSidePx, 70),
    ]);
    return { display, thumb };
  } catch {
    // A header that reads but pixel data that does not (a truncated file) is still not a usable photo.
    throw notAPhoto();
  }
}
