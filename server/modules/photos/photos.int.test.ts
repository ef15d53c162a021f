import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../../../domain/photos/rules';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { image, postMultipart, temporaryDataDir } from '../../../test/uploads';
import type { App } from '../../app';
import { bookingChanges, jobPostings, photos } from '../../db/schema';
import {
  createAdmin,
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

// Job photos (issue 38, docs/api/photos.md): what an upload must be, what is kept of it (no EXIF, no
// GPS: read back from the served file), who may fetch it, the pending cap and the cleanup of photos
// never attached. Every refusal is checked to leave no row and no file behind.

const HOUR = 3_600_000;
const HEIC = readFileSync(path.join(import.meta.dirname, 'fixtures', 'small.heic'));

/** A PNG whose header declares `width`×`height` over a few bytes of data: a decompression bomb's shape. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A phone-like JPEG: camera make and a GPS position in its EXIF. */
function jpegWithGps(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3999/100',
        GPSMapDatum: 'WGS-84',
      },
    })
    .toBuffer();
}

describeOnDatabases('photos', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  afterAll(() => data.remove());
  const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ DATA_DIR: data.dir, RATE_LIMIT_MAX: '100000' }, { clock });
    return built;
  };

  const upload = async (
    cookie: string,
    bytes: Buffer,
    {
      name = 'photo.jpg',
      type = 'image/jpeg',
      caption,
    }: { name?: string; type?: string; caption?: string } = {},
  ) =>
    postMultipart(await app(), '/api/v1/photos', cookie, caption === undefined ? {} : { caption }, {
      bytes,
      name,
      type,
    });
  const get = async (url: string, cookie?: string) =>
    (await app()).inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

  /** Stored photo files, and the owner's rows. */
  const storedFiles = () => {
    try {
      return readdirSync(path.join(data.filesDir, 'photos'), { recursive: true }).filter((f) =>
        String(f).endsWith('.webp'),
      ).length;
    } catch {
      return 0;
    }
  };
  const rowsOf = async (ownerId: string) =>
    (await db().select({ n: count() }).from(photos).where(eq(photos.ownerId, ownerId)))[0]!.n;

  const customerSession = async () => {
    const user = await createCustomer(db());
    return { user, cookie: await sessionFor(db(), user.id) };
  };

  it('keeps a display copy and a thumbnail, WebP without EXIF or GPS, and serves them to the owner', async () => {
    const { cookie } = await customerSession();
    const jpeg = await jpegWithGps(2400, 1800);
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes('WGS-84')).toBe(true);

    const res = await upload(cookie, jpeg, { caption: '  The leak under the sink  ' });
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({
      caption: 'The leak under the sink',
      url: `/api/v1/photos/${photo.id}/display`,
      thumbUrl: `/api/v1/photos/${photo.id}/thumb`,
      width: 1600,
      height: 1200,
      thumbWidth: 400,
      thumbHeight: 300,
    });

    for (const [url, width] of [
      [photo.url, 1600],
      [photo.thumbUrl, 400],
    ] as const) {
      const served = await get(url, cookie);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('private, max-age=86400, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(served.rawPayload.includes('WGS-84')).toBe(false);
      expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation and never enlarges a small one', async () => {
    const { cookie } = await customerSession();
    const sideways = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(cookie, sideways);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().photo).toMatchObject({ width: 600, height: 800, thumbWidth: 300, thumbHeight: 400 });
  });

  it('takes a HEIC photo from a phone, decided from its bytes', async () => {
    const { cookie } = await customerSession();
    const res = await upload(cookie, HEIC, { name: 'IMG_0001.HEIC', type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const { photo } = res.json();
    expect(photo).toMatchObject({ width: 64, height: 48, thumbWidth: 64, thumbHeight: 48 });
    const served = await get(photo.url, cookie);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it.each([
    [
      'text renamed .jpg',
      async () => Buffer.from('not a photo at all, just words'),
      400,
      PHOTO_MESSAGES.type,
    ],
    ['a PDF', async () => Buffer.from('%PDF-1.4\n%%EOF\n'), 400, PHOTO_MESSAGES.type],
    ['a GIF', () => image('gif'), 400, PHOTO_MESSAGES.type],
    [
      'a JPEG cut short',
      async () => (await image('jpeg', { width: 1200, height: 900 })).subarray(0, 400),
      400,
      PHOTO_MESSAGES.type,
    ],
    [
      'a HEIC header over garbage',
      async () => Buffer.concat([HEIC.subarray(0, 40), Buffer.alloc(200, 7)]),
      400,
      PHOTO_MESSAGES.type,
    ],
    [
      'a decompression bomb (20000×20000 declared)',
      async () => pngDeclaring(20_000, 20_000),
      400,
      PHOTO_MESSAGES.tooLarge,
    ],
    [
      'a file one byte over 10 MB',
      async () => Buffer.alloc(10 * 1024 * 1024 + 1, 0xff),
      413,
      PHOTO_MESSAGES.tooBig,
    ],
  ])('refuses %s with a clear message and stores nothing', async (_name, make, status, message) => {
    const { user, cookie } = await customerSession();
    const filesBefore = storedFiles();
    const res = await upload(cookie, await make());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await rowsOf(user.id)).toBe(0);
    expect(storedFiles()).toBe(filesBefore);
  });

  it('refuses a caption over 200 characters and stores nothing', async () => {
    const { user, cookie } = await customerSession();
    const res = await upload(cookie, await image('png'), { caption: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: PHOTO_MESSAGES.captionLong });
    expect(await rowsOf(user.id)).toBe(0);
  });

  it('refuses the ninth photo waiting to be attached, and stores nothing of it', async () => {
    const { user, cookie } = await customerSession();
    const png = await image('png', { width: 120, height: 90 });
    for (let i = 0; i < 8; i++) expect((await upload(cookie, png)).statusCode).toBe(201);
    const filesBefore = storedFiles();
    const ninth = await upload(cookie, png);
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().error).toMatchObject({ code: 'photo_limit', message: PHOTO_MESSAGES.tooMany });
    expect(await rowsOf(user.id)).toBe(8);
    expect(storedFiles()).toBe(filesBefore);
  });

  it('lets exactly one of two uploads at once take the eighth place', async () => {
    const { user, cookie } = await customerSession();
    const png = await image('png', { width: 120, height: 90 });
    for (let i = 0; i < 7; i++) expect((await upload(cookie, png)).statusCode).toBe(201);
    const filesBefore = storedFiles();
    const results = await Promise.all([upload(cookie, png), upload(cookie, png), upload(cookie, png)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await rowsOf(user.id)).toBe(8);
    expect(storedFiles()).toBe(filesBefore + 2);
  });

  it('lets the owner remove a photo not attached yet, files and all; anyone else gets a 404', async () => {
    const { user, cookie } = await customerSession();
    const other = await customerSession();
    const { photo } = (await upload(cookie, await image('png'))).json();
    const remove = async (c: string) =>
      (await app()).inject({ method: 'DELETE', url: `/api/v1/photos/${photo.id}`, headers: { cookie: c } });
    const filesBefore = storedFiles();
    expect((await remove(other.cookie)).statusCode).toBe(404);
    expect(await rowsOf(user.id)).toBe(1);
    expect((await remove(cookie)).statusCode).toBe(204);
    expect(await rowsOf(user.id)).toBe(0);
    expect(storedFiles()).toBe(filesBefore - 2);
    expect((await remove(cookie)).statusCode).toBe(404);
  });

  it('serves a job photo to exactly who may see the job, and a pending one to its owner alone', async () => {
    const owner = await customerSession();
    const { photo } = (await upload(owner.cookie, await image('png'))).json();
    const stranger = await customerSession();
    const pro = await createTradesperson(db());
    const quoted = await createTradesperson(db());
    const admin = await createAdmin(db());
    const as = async (userId: string) => sessionFor(db(), userId);
    const statusFor = async (cookie: string) => (await get(photo.thumbUrl, cookie)).statusCode;

    // Pending: the owner alone, not even an admin.
    expect(await statusFor(owner.cookie)).toBe(200);
    for (const id of [stranger.user.id, pro.id, admin.id]) expect(await statusFor(await as(id))).toBe(404);
    expect((await get(photo.thumbUrl)).statusCode).toBe(401);

    const job = await createJob(db(), { customerId: owner.user.id });
    await db().update(photos).set({ jobId: job.id }).where(eq(photos.id, photo.id));
    await createQuote(db(), { jobId: job.id, tradespersonId: quoted.id });
    // An open job: its owner, admins and any tradesperson; other customers never.
    for (const id of [owner.user.id, admin.id, pro.id, quoted.id])
      expect(await statusFor(await as(id))).toBe(200);
    expect(await statusFor(stranger.cookie)).toBe(404);

    // Once it is no longer open: only the tradespeople who quoted (or are booked) keep seeing it.
    await db().update(jobPostings).set({ status: 'cancelled' }).where(eq(jobPostings.id, job.id));
    expect(await statusFor(await as(pro.id))).toBe(404);
    expect(await statusFor(await as(quoted.id))).toBe(200);
    expect(await statusFor(await as(admin.id))).toBe(200);
    expect((await get(`/api/v1/photos/${crypto.randomUUID()}/thumb`, owner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/v1/photos/${photo.id}/original`, owner.cookie)).statusCode).toBe(404);
  });

  it("serves a change's photo to the booking's two parties and admins only", async () => {
    const booking = await createBooking(db());
    const customerCookie = await sessionFor(db(), booking.customerId);
    const { photo } = (await upload(customerCookie, await image('png'))).json();
    const [change] = await db()
      .insert(bookingChanges)
      .values({
        bookingId: booking.id,
        proposedBy: booking.customerId,
        description: 'Replace the rotten joist found under the floor',
        direction: 'increase',
        amountPence: 12_000,
      })
      .returning();
    await db().update(photos).set({ changeId: change!.id }).where(eq(photos.id, photo.id));
    const statusFor = async (userId: string) =>
      (await get(photo.url, await sessionFor(db(), userId))).statusCode;
    expect(await statusFor(booking.customerId)).toBe(200);
    expect(await statusFor(booking.tradespersonId)).toBe(200);
    expect(await statusFor((await createAdmin(db())).id)).toBe(200);
    expect(await statusFor((await createTradesperson(db())).id)).toBe(404);
    expect(await statusFor((await createCustomer(db())).id)).toBe(404);
  });

  it('removes photos never attached after a day, with their files, and keeps attached ones', async () => {
    const owner = await customerSession();
    const png = await image('png');
    const stale = (await upload(owner.cookie, png)).json().photo;
    const attached = (await upload(owner.cookie, png)).json().photo;
    const job = await createJob(db(), { customerId: owner.user.id });
    await db().update(photos).set({ jobId: job.id }).where(eq(photos.id, attached.id));
    const a = await app();
    const runCleanup = async () => {
      await a.queue.send(db(), 'photos.remove-stale', {});
      await a.queue.runDue('photos.remove-stale');
    };

    clock.advance(23 * HOUR);
    await runCleanup();
    expect(await rowsOf(owner.user.id)).toBe(2);
    const fileOf = (id: string, copy: string) => path.join(data.filesDir, 'photos', id, `${copy}.webp`);
    expect(existsSync(fileOf(stale.id, 'display'))).toBe(true);

    clock.advance(2 * HOUR);
    await runCleanup();
    const left = await db().select({ id: photos.id }).from(photos).where(eq(photos.ownerId, owner.user.id));
    expect(left).toEqual([{ id: attached.id }]);
    expect(existsSync(fileOf(stale.id, 'display'))).toBe(false);
    expect(existsSync(fileOf(stale.id, 'thumb'))).toBe(false);
    expect(existsSync(fileOf(attached.id, 'display'))).toBe(true);
    expect((await get(stale.url, owner.cookie)).statusCode).toBe(404);
  });
});
