import type { PDFDocument } from 'pdf-lib';
import { UPLOAD_MESSAGES } from '../../../domain/profiles/documents';
import { AppError } from '../../lib/app-error';
import { loadSharp } from '../../lib/sharp';
import { MAX_INPUT_PIXELS, type SniffedType, sniffContentType } from '../profiles';

// A verification document is stored as a copy we wrote ourselves, never as the bytes we were sent: a
// file whose first bytes say "PDF" can carry anything after them (an HTML page, a script), and only a
// parser that reads the whole file can tell. Images are decoded and re-encoded; PDFs are parsed and
// their pages copied into a new file without scripts or automatic actions.

const rejected = (message: string = UPLOAD_MESSAGES.documentType) =>
  AppError.validation(message, [{ field: 'file', message }]);

export interface StoredDocument {
  bytes: Buffer;
  type: SniffedType;
}

export async function toStoredDocument(upload: Buffer): Promise<StoredDocument> {
  const type = sniffContentType(upload);
  if (!type) throw rejected();
  if (type === 'application/pdf') return { bytes: await rewritePdf(upload), type };
  return { bytes: await reencodeImage(upload, type), type };
}

/** Pixels only, upright, at full size (the text on a certificate must stay legible), no metadata. */
async function reencodeImage(bytes: Buffer, type: Exclude<SniffedType, 'application/pdf'>): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const expected = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[type];
    if (meta.format !== expected || !meta.width || !meta.height) throw rejected();
    if (type === 'image/jpeg') return await image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    if (type === 'image/png') return await image.png().toBuffer();
    return await image.webp({ quality: 90 }).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A header that reads but pixel data that does not (a truncated or forged file).
    throw rejected();
  }
}

// Entries that make a PDF viewer run something by itself: on opening, on a page or field event, or
// when a link is followed (JavaScript, launching a program, submitting a form).
const ACTION_KEYS = ['OpenAction', 'AA', 'A'];

async function rewritePdf(bytes: Buffer): Promise<Buffer> {
  // pdf-lib is loaded with the first PDF uploaded, not with the server (it cost ~25 MB and ~100 ms at
  // every start).
  const { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName } = await import('pdf-lib');
  const actionKeys = ACTION_KEYS.map((k) => PDFName.of(k));
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // A file with no catalog or page tree fails here, not in load.
    if (source.getPageCount() === 0) throw rejected();
  } catch (err) {
    if (err instanceof EncryptedPDFError) throw rejected(UPLOAD_MESSAGES.documentEncrypted);
    throw rejected();
  }
  try {
    for (const page of source.getPages()) {
      for (const key of actionKeys) page.node.delete(key);
      const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (let i = 0; i < (annotations?.size() ?? 0); i++) {
        const annotation = annotations!.lookupMaybe(i, PDFDict);
        for (const key of actionKeys) annotation?.delete(key);
      }
    }
    // Only the pages (and what they draw with) are copied: the catalog's scripts, attachments, forms
    // and anything appended after the end of the file stay behind.
    const copy = await PDFDocument.create({ updateMetadata: false });
    for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
    return Buffer.from(await copy.save({ useObjectStreams: false }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw rejected();
  }
}
