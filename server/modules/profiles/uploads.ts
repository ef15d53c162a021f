import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES } from '../../../domain/profiles/documents';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/sharp';
import { refuseNul } from '../../plugins/text-guard';

// Reading one uploaded file from a multipart request, and deciding what it really is. Neither the
// file's name nor the type the browser declared is trusted: both are the sender's to choose.

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

export const EXTENSION_OF: Record<SniffedType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The type a file's first bytes announce (its "magic number"), or null for anything else. */
export function sniffContentType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

// A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded.
// 40 megapixels is more than any phone camera takes.
export const MAX_INPUT_PIXELS = 40_000_000;

const SHARP_FORMATS: Partial<Record<string, SniffedType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** Whether an image's decoder agrees with its magic number (a truncated or forged header fails). */
export async function isDecodableImage(bytes: Buffer, expected: SniffedType): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return SHARP_FORMATS[meta.format ?? ''] === expected && Boolean(meta.width && meta.height);
  } catch {
    return false;
  }
}

export interface Upload {
  bytes: Buffer;
  /** The name the sender gave, made safe to show and to put in a header. */
  fileName: string;
  /** Text fields sent alongside, first value of each allowed name. */
  fields: Record<string, string>;
}

export interface UploadRules {
  maxBytes: number;
  /** Text fields to keep; anything else is ignored. */
  fields?: readonly string[];
  messages: { tooBig: string; missing: string };
}

// What a multipart envelope adds around the file: boundaries, part headers and a few short fields.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads the `file` part (and the allowed text fields) of a multipart request. The file is buffered up
 * to `maxBytes` and no further: a larger one is refused with 413 as soon as the limit is passed, or at
 * once when the request declares a length that cannot fit.
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules): Promise<Upload> {
  if (!request.isMultipart()) throw AppError.validation(rules.messages.missing);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > rules.maxBytes + FORM_OVERHEAD_BYTES) {
    throw new AppError(413, 'file_too_large', rules.messages.tooBig);
  }

  const wanted = new Set(rules.fields ?? []);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: rules.maxBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 50,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.validation(rules.messages.missing);
        }
        file = { bytes: await part.toBuffer(), fileName: safeFileName(part.filename) };
      } else if (wanted.has(part.fieldname) && !(part.fieldname in fields)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (err) {
    throw uploadError(err, rules);
  }
  // The app-wide guard never sees these fields: they are read here, after validation.
  refuseNul(fields);
  if (!file || file.bytes.length === 0) throw AppError.validation(rules.messages.missing);
  return { ...file, fields };
}

function uploadError(err: unknown, rules: UploadRules): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'file_too_large', rules.messages.tooBig);
  if (code === 'FST_FILES_LIMIT') return AppError.validation(UPLOAD_MESSAGES.oneFile);
  // Anything else here is a malformed or cut-off form: the sender's input, never a server fault.
  return AppError.validation(UPLOAD_MESSAGES.unreadable);
}

/**
 * The last path segment of the sender's file name, without control characters or quotes, at most
 * 120 characters; 'upload' when nothing usable is left.
 */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(-120);
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'upload' : cleaned;
}
