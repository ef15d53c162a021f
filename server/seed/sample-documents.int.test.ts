import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/databases';
import { temporaryDataDir } from '../../test/uploads';
import { LocalFileStorage } from '../adapters/storage/local-file-storage';
import { documents } from '../db/schema';
import { createTradesperson } from './factories';
import { writeSampleDocuments, writeSampleDocumentsInChild } from './sample-documents';

describeOnDatabases('demo document files', (ctx) => {
  const data = temporaryDataDir();
  afterAll(data.remove);

  it('writes a readable sample, marked as demo data, for every demo document, with its real size', async () => {
    const db = ctx.database().db;
    const pro = await createTradesperson(db, { verified: true });
    const storage = new LocalFileStorage(data.filesDir);
    expect(await writeSampleDocuments(db, storage)).toBeGreaterThanOrEqual(pro.documents.length);
    for (const doc of await db.select().from(documents).where(eq(documents.userId, pro.id))) {
      const bytes = readFileSync(path.join(data.filesDir, doc.storageKey));
      expect(doc.sizeBytes).toBe(bytes.length);
      if (doc.mimeType === 'application/pdf') {
        const pdf = await PDFDocument.load(bytes);
        expect(pdf.getPageCount()).toBe(1);
        expect(pdf.getTitle()).toMatch(/^TradeNest demo data: Sample /);
      } else {
        const meta = await sharp(bytes).metadata();
        expect(`image/${meta.format}`).toBe(doc.mimeType);
      }
    }
  });

  it('writes them from a child process too, and records the sizes it reports', async () => {
    const db = ctx.database().db;
    const pro = await createTradesperson(db, { verified: true });
    await db.update(documents).set({ sizeBytes: 1 }).where(eq(documents.userId, pro.id));
    const storage = { storage: { driver: 'local' as const }, dataDir: data.dir };
    expect(await writeSampleDocumentsInChild(db, storage)).toBeGreaterThanOrEqual(pro.documents.length);
    for (const doc of await db.select().from(documents).where(eq(documents.userId, pro.id))) {
      expect(doc.sizeBytes).toBe(readFileSync(path.join(data.filesDir, doc.storageKey)).length);
    }
  });
});
