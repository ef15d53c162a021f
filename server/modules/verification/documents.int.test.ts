import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import {
  type FilePart,
  image,
  jpegWithExif,
  MINIMAL_PDF,
  multipart,
  PDF_HEADER_THEN_HTML,
  PDF_WITH_SCRIPT_AND_HTML,
  postMultipart,
  temporaryDataDir,
} from '../../../test/uploads';
import type { App } from '../../app';
import { documents } from '../../db/schema';
import { createAdmin, createCustomer, createTradesperson, TEST_PASSWORD } from '../../seed/factories';

const MB = 1024 * 1024;
const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;

describeOnDatabases('verification documents', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  afterAll(data.remove);
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ DATA_DIR: data.dir });
    return built;
  };
  const tradesperson = async () => {
    const pro = await createTradesperson(db(), { documents: false });
    return { ...pro, cookie: await sessionFor(db(), pro.id) };
  };
  const upload = async (cookie: string, fields: Record<string, string>, ...files: FilePart[]) =>
    postMultipart(await app(), '/api/v1/documents', cookie, fields, ...files);
  const pdf: FilePart = { name: 'insurance.pdf', type: 'application/pdf', bytes: MINIMAL_PDF };
  const storedFiles = () =>
    existsSync(path.join(data.filesDir, 'documents'))
      ? readdirSync(path.join(data.filesDir, 'documents')).filter((f) => !f.includes('~'))
      : [];

  it('stores an insurance PDF as pending and lists it for its owner', async () => {
    const pro = await tradesperson();
    const res = await upload(
      pro.cookie,
      { kind: 'insurance', title: 'Public liability (£5m)', expiresOn: nextYear() },
      pdf,
    );
    expect(res.statusCode).toBe(201);
    const { document } = res.json();
    expect(document).toEqual({
      id: expect.any(String),
      kind: 'insurance',
      title: 'Public liability (£5m)',
      status: 'pending',
      fileName: 'insurance.pdf',
      expiresOn: nextYear(),
      createdAt: expect.any(String),
      rejectionReason: null,
      replacesId: null,
    });
    const [row] = await db().select().from(documents).where(eq(documents.id, document.id));
    expect(row).toMatchObject({
      userId: pro.id,
      mimeType: 'application/pdf',
      storageKey: `documents/${document.id}.pdf`,
    });
    // What is stored is our own copy of the pages, not the bytes that were sent.
    const stored = readFileSync(path.join(data.filesDir, 'documents', `${document.id}.pdf`));
    expect(row!.sizeBytes).toBe(stored.length);
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
    const list = await (await app()).inject({ url: '/api/v1/documents', headers: { cookie: pro.cookie } });
    expect(list.json()).toEqual({
      documents: [document],
      verification: { verified: false, missing: ['photo_id', 'insurance'] },
    });
  });

  it('takes photos of ID as they are, named after their kind when untitled', async () => {
    const pro = await tradesperson();
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await upload(
        pro.cookie,
        { kind: 'photo_id' },
        {
          name: `C:\\Users\\me\\passport.${format}`,
          type: 'application/octet-stream',
          bytes: await image(format),
        },
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().document).toMatchObject({
        kind: 'photo_id',
        title: 'Photo ID',
        fileName: `passport.${format}`,
      });
    }
  });

  it('ignores an expiry date sent with a kind that has none, even a past one', async () => {
    const pro = await tradesperson();
    const photo: FilePart = { name: 'passport.png', type: 'image/png', bytes: await image('png') };
    const res = await upload(pro.cookie, { kind: 'photo_id', expiresOn: '2020-01-01' }, photo);
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ kind: 'photo_id', expiresOn: null });
  });

  it('judges an expiry date by the app’s clock', async () => {
    const later = await ctx.app(
      { DATA_DIR: data.dir },
      { clock: new ManualClock(new Date(Date.UTC(new Date().getUTCFullYear() + 2, 0, 1))) },
    );
    const pro = await tradesperson();
    const res = await postMultipart(
      later,
      '/api/v1/documents',
      pro.cookie,
      {
        kind: 'insurance',
        expiresOn: nextYear(),
      },
      pdf,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The expiry date cannot be in the past');
  });

  it('serves a document’s file to its owner and admins only', async () => {
    const pro = await tradesperson();
    const { document } = (await upload(pro.cookie, { kind: 'accreditation', title: 'Part P' }, pdf)).json();
    const url = `/api/v1/files/documents/${document.id}.pdf`;

    const own = await (await app()).inject({ url, headers: { cookie: pro.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Downloaded under its own name, never rendered as a page of ours.
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="insurance.pdf"; filename*=UTF-8''insurance.pdf`,
    );
    expect(own.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const admin = await createAdmin(db());
    expect(
      (await (await app()).inject({ url, headers: { cookie: await sessionFor(db(), admin.id) } })).statusCode,
    ).toBe(200);

    const other = await tradesperson();
    const customer = await createCustomer(db());
    for (const cookie of [other.cookie, await sessionFor(db(), customer.id), undefined]) {
      const res = await (await app()).inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('answers 404 to unknown files and to paths that try to leave the files folder', async () => {
    const pro = await tradesperson();
    writeFileSync(path.join(data.dir, 'secret.txt'), 'top secret');
    const attempts = [
      '/api/v1/files/avatars/nothing-here.webp',
      '/api/v1/files/../secret.txt',
      '/api/v1/files/avatars/../../secret.txt',
      '/api/v1/files/..%2Fsecret.txt',
      '/api/v1/files/avatars%2F..%2F..%2Fsecret.txt',
      '/api/v1/files/avatars/%2e%2e/%2e%2e/secret.txt',
      '/api/v1/files/avatars/..%5C..%5Csecret.txt',
      '/api/v1/files/%2Fetc%2Fpasswd',
      '/api/v1/files/avatars/x.webp~content-type',
      '/api/v1/files/',
    ];
    for (const url of attempts) {
      const res = await (await app()).inject({ url, headers: { cookie: pro.cookie } });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('top secret');
      expect(res.body).not.toContain('root:');
    }
    // A null character is refused before any route reads the path (plugins/text-guard.ts).
    for (const url of ['/api/v1/files/avatars/%00.webp', '/api/v1/files/documents/a.pdf%00.txt']) {
      const res = await (await app()).inject({ url, headers: { cookie: pro.cookie } });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.body).not.toContain('top secret');
    }
  });

  it.each([
    [{ kind: 'insurance' }, 'Please enter the insurance expiry date'],
    [{ kind: 'insurance', expiresOn: '2020-01-01' }, 'The expiry date cannot be in the past'],
    [{ kind: 'insurance', expiresOn: 'soon' }, 'Please enter a valid expiry date'],
    // Not a calendar date: PostgreSQL refused it after the file was stored (a 500).
    [
      { kind: 'insurance', expiresOn: `${new Date().getUTCFullYear() + 1}-02-30` },
      'Please enter a valid expiry date',
    ],
    [{ kind: 'driving_licence' }, 'Please choose the type of document'],
    [{}, 'Please choose the type of document'],
    [{ kind: 'accreditation', title: 'x'.repeat(101) }, 'Title must be less than 100 characters'],
  ])('refuses the fields %j with their message and stores nothing', async (fields, message) => {
    const pro = await tradesperson();
    const before = storedFiles().length;
    const res = await upload(pro.cookie, fields, pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
    expect(await db().select().from(documents).where(eq(documents.userId, pro.id))).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  it.each([
    [
      'a text file named .pdf',
      { name: 'scan.pdf', type: 'application/pdf', bytes: Buffer.from('hello, I am text') },
    ],
    [
      'an HTML page named .png',
      { name: 'id.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    ],
    [
      'a PNG header with no image behind it',
      {
        name: 'id.png',
        type: 'image/png',
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      },
    ],
  ])('refuses %s: Please upload a PDF, JPEG, PNG or WebP file', async (_label, part) => {
    const pro = await tradesperson();
    const res = await upload(pro.cookie, { kind: 'photo_id' }, part);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload a PDF, JPEG, PNG or WebP file');
    expect(await db().select().from(documents).where(eq(documents.userId, pro.id))).toEqual([]);
  });

  it('refuses a PDF header followed by an HTML page, and a PDF without pages', async () => {
    const pro = await tradesperson();
    for (const bytes of [
      PDF_HEADER_THEN_HTML,
      Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      ),
    ]) {
      const res = await upload(pro.cookie, { kind: 'accreditation', title: 'Gas Safe' }, { ...pdf, bytes });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please upload a PDF, JPEG, PNG or WebP file');
    }
    expect(await db().select().from(documents).where(eq(documents.userId, pro.id))).toEqual([]);
  });

  it('stores a real PDF without its scripts, automatic actions or what was appended after its end', async () => {
    const pro = await tradesperson();
    const res = await upload(
      pro.cookie,
      { kind: 'accreditation', title: 'NICEIC' },
      { ...pdf, bytes: PDF_WITH_SCRIPT_AND_HTML },
    );
    expect(res.statusCode).toBe(201);
    const stored = readFileSync(path.join(data.filesDir, 'documents', `${res.json().document.id}.pdf`));
    const text = stored.toString('latin1');
    for (const needle of ['JavaScript', 'OpenAction', '/AA', '<html', '<script'])
      expect(text).not.toContain(needle);
    expect((await PDFDocument.load(stored)).getPageCount()).toBe(1);
  });

  it('stores photos as freshly encoded pixels, without their metadata', async () => {
    const pro = await tradesperson();
    const res = await upload(
      pro.cookie,
      { kind: 'photo_id' },
      { name: 'licence.jpg', bytes: await jpegWithExif() },
    );
    expect(res.statusCode).toBe(201);
    const stored = readFileSync(path.join(data.filesDir, 'documents', `${res.json().document.id}.jpg`));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('PhoneMaker');
  });

  it('refuses documents over 10 MB with 413 and asks for a file when none is sent', async () => {
    const pro = await tradesperson();
    const big = await upload(
      pro.cookie,
      { kind: 'photo_id' },
      { ...pdf, bytes: Buffer.concat([MINIMAL_PDF, Buffer.alloc(10 * MB)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toEqual({
      code: 'file_too_large',
      message: 'Documents must be 10 MB or smaller',
    });
    const none = await upload(pro.cookie, { kind: 'photo_id' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please choose a file to upload');
    const empty = await upload(pro.cookie, { kind: 'photo_id' }, { ...pdf, bytes: Buffer.alloc(0) });
    expect(empty.json().error.message).toBe('Please choose a file to upload');
  });

  it('lets the owner withdraw a pending document, and nobody else', async () => {
    const pro = await tradesperson();
    const { document } = (await upload(pro.cookie, { kind: 'photo_id' }, pdf)).json();
    const key = `${document.id}.pdf`;
    expect(storedFiles()).toContain(key);

    const other = await tradesperson();
    const theirs = await (await app()).inject({
      method: 'DELETE',
      url: `/api/v1/documents/${document.id}`,
      headers: { cookie: other.cookie },
    });
    expect(theirs.statusCode).toBe(404);

    const mine = await (await app()).inject({
      method: 'DELETE',
      url: `/api/v1/documents/${document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(mine.statusCode).toBe(204);
    expect(storedFiles()).not.toContain(key);
    expect(await db().select().from(documents).where(eq(documents.id, document.id))).toEqual([]);

    const again = await (await app()).inject({
      method: 'DELETE',
      url: `/api/v1/documents/${document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(again.statusCode).toBe(404);
    const malformed = await (await app()).inject({
      method: 'DELETE',
      url: '/api/v1/documents/not-a-uuid',
      headers: { cookie: pro.cookie },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('keeps reviewed documents: deleting one is a conflict', async () => {
    const pro = await tradesperson();
    const { document } = (await upload(pro.cookie, { kind: 'photo_id' }, pdf)).json();
    await db()
      .update(documents)
      .set({ status: 'approved', reviewedAt: new Date() })
      .where(eq(documents.id, document.id));
    const res = await (await app()).inject({
      method: 'DELETE',
      url: `/api/v1/documents/${document.id}`,
      headers: { cookie: pro.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'not_pending',
      message: 'Only a document waiting for review can be deleted',
    });
  });

  it('caps documents waiting for review at ten', async () => {
    const pro = await tradesperson();
    for (let i = 0; i < 10; i++) {
      expect((await upload(pro.cookie, { kind: 'accreditation', title: `Cert ${i}` }, pdf)).statusCode).toBe(
        201,
      );
    }
    const eleventh = await upload(pro.cookie, { kind: 'accreditation' }, pdf);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error.code).toBe('too_many_pending');
  });

  it('answers 404 to customers and 401 to visitors', async () => {
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const form = await multipart({ kind: 'photo_id' }, pdf);
    const calls = [
      { method: 'GET', url: '/api/v1/documents' },
      { method: 'POST', url: '/api/v1/documents', headers: form.headers, payload: form.payload },
      { method: 'DELETE', url: '/api/v1/documents/00000000-0000-4000-8000-000000000000' },
    ] as const;
    for (const call of calls) {
      const headers = 'headers' in call ? call.headers : {};
      const asCustomer = await (await app()).inject({ ...call, headers: { ...headers, cookie } });
      expect([call.method, asCustomer.statusCode]).toEqual([call.method, 404]);
      const asVisitor = await (await app()).inject({ ...call, headers });
      expect([call.method, asVisitor.statusCode]).toEqual([call.method, 401]);
    }
    expect(await db().select().from(documents).where(eq(documents.userId, customer.id))).toEqual([]);
  });

  it("deletes the account's stored files with the account: documents and profile picture", async () => {
    const pro = await tradesperson();
    const doc = await upload(pro.cookie, { kind: 'insurance', expiresOn: nextYear() }, pdf);
    expect(doc.statusCode).toBe(201);
    const picture = { name: 'me.png', type: 'image/png', bytes: await image('png') };
    const uploaded = await postMultipart(
      await app(),
      '/api/v1/tradesperson/profile/picture',
      pro.cookie,
      {},
      picture,
    );
    expect(uploaded.statusCode).toBe(200);
    const { avatarUrl } = uploaded.json() as { avatarUrl: string };
    expect(avatarUrl).toMatch(/^\/api\/v1\/files\/avatars\//);
    const docKey = `documents/${doc.json().document.id}.pdf`;
    const onDisk = (key: string) => existsSync(path.join(data.filesDir, key));
    expect(onDisk(docKey)).toBe(true);
    expect(onDisk(avatarUrl.slice('/api/v1/files/'.length))).toBe(true);

    const deleted = await (await app()).inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: { cookie: pro.cookie },
      payload: { password: TEST_PASSWORD },
    });
    expect(deleted.statusCode).toBe(204);
    expect(onDisk(docKey)).toBe(false);
    expect(onDisk(avatarUrl.slice('/api/v1/files/'.length))).toBe(false);
    expect((await (await app()).inject({ url: avatarUrl })).statusCode).toBe(404);
  });
});
