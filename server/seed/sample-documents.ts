import { eq, like, sql } from 'drizzle-orm';
import type { FileStorage } from '../adapters/storage';
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

/**
 * Writes the sample file of every demo document (pending ones first, the queue's), and records its
 * real size. Returns how many it wrote.
 */
export async function writeSampleDocuments(db: Executor, storage: FileStorage): Promise<number> {
  const rows = await db
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
  let written = 0;
  for (const row of rows) {
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
    await db.update(documents).set({ sizeBytes: bytes.length }).where(eq(documents.id, row.id));
    written++;
  }
  return written;
}
