// Helpers for the upload tests: real (small) images made with sharp, and multipart bodies for inject.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { App } from '../server/app';

export function image(
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  { width = 800, height = 600 }: { width?: number; height?: number } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF data, as phone photos do (camera, copyright, GPS position). */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Person', Make: 'PhoneMaker' } })
    .toBuffer();
}

/** The smallest PDF a real parser accepts: a catalog, a page tree and one blank A4 page. */
export const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A PDF that opens a script when viewed, with an HTML page appended after its end. */
export const PDF_WITH_SCRIPT_AND_HTML = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction 4 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/AA<</O 4 0 R>>>>endobj\n4 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n<html><script>alert(document.cookie)</script></html>\n',
);

/** The probe's file: a PDF header followed by an HTML page. */
export const PDF_HEADER_THEN_HTML = Buffer.from(
  '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n',
);

export interface FilePart {
  name?: string;
  type?: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser would send it: text fields, then the files. */
export async function multipart(fields: Record<string, string>, ...files: FilePart[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      file.field ?? 'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'upload.bin',
    );
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** POSTs a multipart/form-data body (text fields, then the files) to `url` as the session `cookie`. */
export async function postMultipart(
  app: App,
  url: string,
  cookie: string,
  fields: Record<string, string>,
  ...files: FilePart[]
) {
  const form = await multipart(fields, ...files);
  return app.inject({ method: 'POST', url, headers: { cookie, ...form.headers }, payload: form.payload });
}

/** A fresh DATA_DIR for one test file, so stored files can be checked and are cleaned up. */
export function temporaryDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tradenest-uploads-'));
  return {
    dir,
    filesDir: path.join(dir, 'files'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
