import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq, like, sql } from 'drizzle-orm';
import type { FileStorage } from '../adapters/storage';
import type { Config } from '../config/config';
import type { Executor } from '../db/client';
import { documents, profiles } from '../db/schema';
import { loadSharp } from '../lib/sharp';

// The demo's verification documents point at files under `seed/documents/…`. So that an admin trying
// the verification queue sees something where the file would be, each gets a generated sample that
// says plainly it is demo data, never a likeness of a real certificate or passport.

const KIND_TEXT: Record<string, string> = {
  photo_id: 'Sample photo ID',
  insurance: 'Sample public liability insurance certificate',
  accreditation: 'Sample trade accreditation',
};

interface SampleLines {
  heading: string;
  lines: string[];
}

async function samplePdf({ heading, lines }: SampleLines): Promise<Buffer> {
  // Loaded when first needed (after a first start is already serving), not with the server.
  const { PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(`TradeNest demo data: ${heading}`);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('TradeNest demo data', { x: 50, y: 780, size: 12, font: bold, color: rgb(0.6, 0.1, 0.1) });
  page.drawText(heading, { x: 50, y: 740, size: 20, font: bold });
  for (const [i, line] of lines.entries()) {
    page.drawText(line, { x: 50, y: 700 - i * 22, size: 13, font: regular });
  }
  return Buffer.from(await pdf.save());
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

async function sampleImage({ heading, lines }: SampleLines, type: string): Promise<Buffer> {
  const text = [heading, ...lines]
    .map(
      (line, i) =>
        `<text x="40" y="${130 + i * 40}" font-family="sans-serif" font-size="${i === 0 ? 30 : 22}">${escapeXml(line)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#f8fafc" stroke="#94a3b8" stroke-width="6"/><text x="40" y="70" font-family="sans-serif" font-size="22" fill="#991b1b">TradeNest demo data</text>${text}</svg>`;
  const image = (await loadSharp())(Buffer.from(svg));
  if (type === 'image/png') return image.png().toBuffer();
  if (type === 'image/webp') return image.webp().toBuffer();
  return image.jpeg({ quality: 85 }).toBuffer();
}

export interface SampleDocumentRow {
  id: string;
  kind: string;
  title: string;
  key: string;
  mimeType: string;
  expiresOn: string | null;
  name: string | null;
}

/** The demo documents whose files are samples, pending ones first (the verification queue's). */
export function sampleDocumentRows(db: Executor): Promise<SampleDocumentRow[]> {
  return db
    .select({
      id: documents.id,
      kind: documents.kind,
      title: documents.title,
      key: documents.storageKey,
      mimeType: documents.mimeType,
      expiresOn: documents.expiresOn,
      name: profiles.fullName,
    })
    .from(documents)
    .leftJoin(profiles, eq(profiles.id, documents.userId))
    .where(like(documents.storageKey, 'seed/%'))
    .orderBy(sql`${documents.status} = 'pending' desc`, documents.createdAt);
}

/** Generates one document's sample file and stores it; returns its size in bytes. */
export async function writeSampleFile(row: SampleDocumentRow, storage: FileStorage): Promise<number> {
  const sample: SampleLines = {
    heading: KIND_TEXT[row.kind] ?? 'Sample document',
    lines: [
      row.title,
      `Issued to: ${row.name ?? 'a demo tradesperson'}`,
      ...(row.expiresOn ? [`Expires: ${row.expiresOn}`] : []),
      'Not a real document.',
    ],
  };
  const bytes =
    row.mimeType === 'application/pdf' ? await samplePdf(sample) : await sampleImage(sample, row.mimeType);
  await storage.put(row.key, bytes, row.mimeType);
  return bytes.length;
}

const recordSize = (db: Executor, id: string, sizeBytes: number) =>
  db.update(documents).set({ sizeBytes }).where(eq(documents.id, id));

/**
 * Writes the sample file of every demo document in this process, and records its real size. Returns
 * how many it wrote.
 */
export async function writeSampleDocuments(db: Executor, storage: FileStorage): Promise<number> {
  let written = 0;
  for (const row of await sampleDocumentRows(db)) {
    await recordSize(db, row.id, await writeSampleFile(row, storage));
    written++;
  }
  return written;
}

/** What the child process is given on its standard input. */
export interface SampleDocumentsJob {
  storage: Pick<Config, 'storage' | 'dataDir'>;
  rows: SampleDocumentRow[];
}

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The child's command line: the compiled entry beside this code when it runs compiled (`npm start`,
 * dist/server), else the TypeScript source through tsx.
 */
function childCommand(): string[] {
  const here = import.meta.filename ?? fileURLToPath(import.meta.url);
  if (here.endsWith('.js')) return [path.join(path.dirname(here), 'sample-documents-child.js')];
  return ['--import', 'tsx', fileURLToPath(new URL('./sample-documents-child.ts', import.meta.url))];
}

/**
 * As `writeSampleDocuments`, with the files generated and stored by a short-lived child process: sharp
 * (libvips) and pdf-lib, and the garbage of ~800 images and PDFs, would otherwise stay in the server's
 * memory for good (~30-50 MB of a first start's RSS). This process only records the sizes the child
 * reports. Aborting `signal` (the server stopping) ends the child.
 */
export async function writeSampleDocumentsInChild(
  db: Executor,
  storage: Pick<Config, 'storage' | 'dataDir'>,
  signal?: AbortSignal,
): Promise<number> {
  const rows = await sampleDocumentRows(db);
  if (rows.length === 0) return 0;
  const child = spawn(process.execPath, childCommand(), {
    cwd: PROJECT_ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(signal ? { signal } : {}),
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`sample documents child exited with ${code}: ${stderr.trim()}`)),
    );
  });
  exited.catch(() => {}); // awaited below, after the sizes
  child.stdin.on('error', () => {}); // a child that failed early; its exit says why
  child.stdin.end(JSON.stringify({ storage, rows } satisfies SampleDocumentsJob));
  let written = 0;
  // One line per file stored: `{"id":…,"size":…}`.
  for await (const line of createInterface({ input: child.stdout })) {
    if (!line) continue;
    const { id, size } = JSON.parse(line) as { id: string; size: number };
    await recordSize(db, id, size);
    written++;
  }
  await exited;
  return written;
}
