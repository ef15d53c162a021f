import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseContext, describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import {
  type FilePart,
  image,
  jpegWithExif,
  MINIMAL_PDF,
  multipart,
  postMultipart,
  temporaryDataDir,
} from '../../../test/uploads';
import type { App } from '../../app';
import { profiles, tradespersonProfiles } from '../../db/schema';
import { createCustomer, createTradesperson } from '../../seed/factories';

const MB = 1024 * 1024;

const validProfile = () => ({
  trade: 'Electrician',
  bio: 'NICEIC registered electrician covering Leeds.',
  yearsExperience: 8,
  hourlyRateMin: 45,
  hourlyRateMax: 65,
  specialties: ['Rewiring', 'EV chargers'],
  serviceAreas: ['Leeds', 'Bradford'],
  basePostcode: 'ls1 4ap',
  serviceRadiusMiles: 30,
});

/** One app for the describe, on a data folder of its own (pictures go there), built when first asked for. */
function appOnOwnDataDir(ctx: DatabaseContext) {
  const data = temporaryDataDir();
  afterAll(data.remove);
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ DATA_DIR: data.dir });
    return built;
  };
  return { app, data };
}

describeOnDatabases('a tradesperson’s own profile', (ctx) => {
  const db = () => ctx.database().db;
  const { app } = appOnOwnDataDir(ctx);
  const tradesperson = async (overrides: Parameters<typeof createTradesperson>[1] = {}) => {
    const pro = await createTradesperson(db(), { documents: false, ...overrides });
    return { ...pro, cookie: await sessionFor(db(), pro.id) };
  };

  it('shows the tradesperson their profile as the contract shapes it', async () => {
    const pro = await tradesperson({
      trade: 'Plumber',
      businessName: 'Pipes & Co',
      phone: '0161 496 0000',
      basePostcode: 'M1 1AE',
      specialties: ['Boilers'],
      serviceAreas: ['Salford'],
    });
    const res = await (await app()).inject({
      url: '/api/v1/tradesperson/profile',
      headers: { cookie: pro.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toEqual({
      businessName: 'Pipes & Co',
      vatNumber: null,
      phone: '0161 496 0000',
      trade: 'Plumber',
      bio: expect.any(String),
      yearsExperience: 10,
      hourlyRateMin: expect.any(Number),
      hourlyRateMax: expect.any(Number),
      specialties: ['Boilers'],
      serviceAreas: ['Salford'],
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 15,
      avatarUrl: null,
      verified: false,
      setupCompletedAt: null,
    });
  });

  it('gives a tradesperson who signed up through the API an empty profile to fill in', async () => {
    const { signUp } = await import('../../../test/http');
    const account = await signUp(await app(), { userType: 'tradesperson' });
    const res = await (await app()).inject({
      url: '/api/v1/tradesperson/profile',
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      trade: null,
      specialties: [],
      serviceRadiusMiles: 15,
      avatarUrl: null,
    });
  });

  it('answers 404 to customers on every endpoint and 401 to visitors', async () => {
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const png = await multipart({}, { name: 'me.png', type: 'image/png', bytes: await image('png') });
    const calls = [
      { method: 'GET', url: '/api/v1/tradesperson/profile' },
      { method: 'PUT', url: '/api/v1/tradesperson/profile', payload: validProfile() },
      { method: 'PUT', url: '/api/v1/tradesperson/profile', payload: { trade: 'nonsense' } },
      {
        method: 'PUT',
        url: '/api/v1/tradesperson/setup/details',
        payload: { basePostcode: 'M1 1AE', serviceRadiusMiles: 10 },
      },
      { method: 'PUT', url: '/api/v1/tradesperson/setup/services', payload: { trade: 'Roofer' } },
      { method: 'POST', url: '/api/v1/tradesperson/setup/complete' },
      { method: 'POST', url: '/api/v1/tradesperson/profile/picture', ...png },
      { method: 'DELETE', url: '/api/v1/tradesperson/profile/picture' },
    ] as const;
    for (const call of calls) {
      const asCustomer = await (await app()).inject({
        ...call,
        headers: { ...('headers' in call ? call.headers : {}), cookie },
      });
      expect([call.method, call.url, asCustomer.statusCode]).toEqual([call.method, call.url, 404]);
      expect(asCustomer.json().error.code).toBe('not_found');
      const asVisitor = await (await app()).inject(call);
      expect([call.method, call.url, asVisitor.statusCode]).toEqual([call.method, call.url, 401]);
    }
    const [row] = await db().select().from(profiles).where(eq(profiles.id, customer.id));
    expect(row!.avatarUrl).toBeNull();
  });

  it('keeps a VAT number normalised, refuses a wrong one unchanged, and shows "VAT registered" publicly', async () => {
    const pro = await tradesperson({ verified: true });
    const put = async (vatNumber: string) =>
      (await app()).inject({
        method: 'PUT',
        url: '/api/v1/tradesperson/profile',
        headers: { cookie: pro.cookie },
        payload: { ...validProfile(), vatNumber },
      });
    const saved = await put('gb 980 7806 84');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.vatNumber).toBe('GB980780684');

    const wrong = await put('GB 980 7806 85');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'validation_error',
      message: 'That VAT number is not valid: please check the digits',
      details: [{ field: 'vatNumber', message: 'That VAT number is not valid: please check the digits' }],
    });
    const [row] = await db()
      .select()
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, pro.id));
    expect(row!.vatNumber).toBe('GB980780684');
    expect((await put('12345')).json().error.message).toBe(
      'Enter a UK VAT number: GB and 9 digits, like GB 123 4567 89',
    );

    const visible = async () =>
      (await (await app()).inject({ url: `/api/v1/tradespeople/${pro.id}` })).json().profile;
    expect((await visible()).vatRegistered).toBe(true);
    expect(JSON.stringify(await visible())).not.toContain('980780684');
    expect((await put('')).json().profile.vatNumber).toBeNull();
  });

  it('saves the Edit Profile form, normalised, with the base postcode geocoded', async () => {
    const pro = await tradesperson();
    const res = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/profile',
      headers: { cookie: pro.cookie },
      payload: {
        ...validProfile(),
        specialties: [' Rewiring ', 'rewiring', 'EV chargers'],
        hourlyRateMin: '45',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      trade: 'Electrician',
      specialties: ['Rewiring', 'EV chargers'],
      serviceAreas: ['Leeds', 'Bradford'],
      hourlyRateMin: 45,
      hourlyRateMax: 65,
      yearsExperience: 8,
      basePostcode: 'LS1 4AP',
      serviceRadiusMiles: 30,
    });
    const [row] = await db()
      .select()
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, pro.id));
    expect(row).toMatchObject({ basePostcode: 'LS1 4AP', serviceRadiusMiles: 30 });
    expect(row!.baseLat).toBeCloseTo(53.8, 1);
    expect(row!.baseLng).toBeCloseTo(-1.55, 1);
  });

  it('clears optional fields sent empty, the base point with the postcode', async () => {
    const pro = await tradesperson({ basePostcode: 'M1 1AE' });
    const res = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/profile',
      headers: { cookie: pro.cookie },
      payload: {
        ...validProfile(),
        bio: '',
        yearsExperience: '',
        hourlyRateMin: '',
        hourlyRateMax: null,
        basePostcode: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      bio: null,
      yearsExperience: null,
      hourlyRateMin: null,
      basePostcode: null,
    });
    const [row] = await db()
      .select()
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, pro.id));
    expect(row).toMatchObject({ basePostcode: null, baseLat: null, baseLng: null });
  });

  it.each([
    [{ trade: '' }, 'Please select your trade'],
    [{ trade: 'Juggler' }, 'Please select your trade'],
    [{ hourlyRateMin: 12.5 }, 'Hourly rates must be whole pounds'],
    [{ hourlyRateMin: 70, hourlyRateMax: 60 }, 'Maximum rate must be greater than or equal to minimum rate'],
    [{ yearsExperience: '3.5' }, 'Years of experience must be a whole number'],
    [{ specialties: ['x'.repeat(51)] }, 'Each specialty must be 50 characters or fewer'],
    [
      { serviceAreas: Array.from({ length: 21 }, (_, i) => `Town ${i}`) },
      'You can add up to 20 service areas',
    ],
    [{ basePostcode: 'nonsense' }, 'Invalid UK postcode format'],
    [{ basePostcode: 'SW1A 1AA ABCDEF' }, 'Postcode is too long'],
    [{ basePostcode: 'JE2 3AB' }, 'We could not find that postcode'],
    [{ serviceRadiusMiles: 0 }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ serviceRadiusMiles: 250 }, 'Service radius must be a whole number of miles from 1 to 200'],
    [{ trade: 5 }, 'Please select your trade'],
    [{ specialties: 'Rewiring' }, 'You can add up to 20 specialties'],
    [{ yearsExperience: { n: 1 } }, 'Years of experience must be a whole number'],
  ])('refuses %j with its message and changes nothing', async (change, message) => {
    const pro = await tradesperson({ trade: 'Plumber', basePostcode: 'M1 1AE' });
    const res = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/profile',
      headers: { cookie: pro.cookie },
      payload: { ...validProfile(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
    const [row] = await db()
      .select()
      .from(tradespersonProfiles)
      .where(eq(tradespersonProfiles.userId, pro.id));
    expect(row).toMatchObject({ trade: 'Plumber', basePostcode: 'M1 1AE' });
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    const pro = await tradesperson();
    for (const payload of ['{not json', '[]', 'null', '"text"']) {
      const res = await (await app()).inject({
        method: 'PUT',
        url: '/api/v1/tradesperson/profile',
        headers: { cookie: pro.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect([payload, res.statusCode]).toEqual([payload, 400]);
    }
  });

  it('saves Business Setup step by step and completes it once a trade and a base are set', async () => {
    const pro = await tradesperson({ trade: null, basePostcode: null });
    const headers = { cookie: pro.cookie };
    const early = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/tradesperson/setup/complete',
      headers,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Please select your trade before completing setup');

    const details = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/details',
      headers,
      payload: {
        businessName: ' Bright Sparks Ltd ',
        phone: '07700 900123',
        basePostcode: 'm1 1ae',
        serviceRadiusMiles: '20',
      },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().profile).toMatchObject({
      businessName: 'Bright Sparks Ltd',
      phone: '07700 900123',
      basePostcode: 'M1 1AE',
      serviceRadiusMiles: 20,
      setupCompletedAt: null,
    });

    const services = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/services',
      headers,
      payload: {
        trade: 'Electrician',
        specialties: ['Rewiring'],
        hourlyRateMin: '40',
        hourlyRateMax: '',
        yearsExperience: 3,
        bio: ' Careful work. ',
      },
    });
    expect(services.statusCode).toBe(200);
    expect(services.json().profile).toMatchObject({
      trade: 'Electrician',
      specialties: ['Rewiring'],
      hourlyRateMin: 40,
      hourlyRateMax: null,
      bio: 'Careful work.',
      // Step 1's answers are untouched by step 2.
      businessName: 'Bright Sparks Ltd',
    });

    const done = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/tradesperson/setup/complete',
      headers,
    });
    expect(done.statusCode).toBe(200);
    const completedAt = done.json().profile.setupCompletedAt;
    expect(Date.parse(completedAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/tradesperson/setup/complete',
      headers,
    });
    expect(again.json().profile.setupCompletedAt).toBe(completedAt);
  });

  it('refuses setup steps with the spec’s messages', async () => {
    const pro = await tradesperson();
    const details = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/details',
      headers: { cookie: pro.cookie },
      payload: { businessName: 'X', phone: '12345', basePostcode: 'M1 1AE', serviceRadiusMiles: 10 },
    });
    expect(details.json().error.message).toBe('Please enter a valid UK phone number');
    const noBase = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/details',
      headers: { cookie: pro.cookie },
      payload: { serviceRadiusMiles: 10 },
    });
    expect(noBase.json().error.message).toBe('Please enter your base postcode');
    const services = await (await app()).inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/services',
      headers: { cookie: pro.cookie },
      payload: { specialties: [] },
    });
    expect(services.json().error.message).toBe('Please select your trade');
  });
});

describeOnDatabases('profile pictures', (ctx) => {
  const db = () => ctx.database().db;
  const { app, data } = appOnOwnDataDir(ctx);
  const tradesperson = async () => {
    const pro = await createTradesperson(db(), { documents: false });
    return { ...pro, cookie: await sessionFor(db(), pro.id) };
  };
  const upload = async (cookie: string, ...parts: FilePart[]) =>
    postMultipart(await app(), '/api/v1/tradesperson/profile/picture', cookie, {}, ...parts);
  const avatarFiles = () =>
    existsSync(path.join(data.filesDir, 'avatars'))
      ? readdirSync(path.join(data.filesDir, 'avatars')).filter((f) => f.endsWith('.webp'))
      : [];

  it.each(['jpeg', 'png', 'webp'] as const)(
    'stores a %s as a 512×512 WebP served publicly with a long cache',
    async (format) => {
      const pro = await tradesperson();
      const res = await upload(pro.cookie, {
        name: `me.${format}`,
        type: `image/${format}`,
        bytes: await image(format),
      });
      expect(res.statusCode).toBe(200);
      const { avatarUrl } = res.json();
      expect(avatarUrl).toMatch(/^\/api\/v1\/files\/avatars\/[0-9a-f-]{36}\.webp$/);
      const [row] = await db().select().from(profiles).where(eq(profiles.id, pro.id));
      expect(row!.avatarUrl).toBe(avatarUrl);

      // Anyone may see a profile picture, signed in or not.
      const file = await (await app()).inject({ url: avatarUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

      const own = await (await app()).inject({
        url: '/api/v1/tradesperson/profile',
        headers: { cookie: pro.cookie },
      });
      expect(own.json().profile.avatarUrl).toBe(avatarUrl);
    },
  );

  it('strips EXIF data such as the camera and the owner’s name', async () => {
    const pro = await tradesperson();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const { avatarUrl } = (
      await upload(pro.cookie, { name: 'photo.jpg', type: 'image/jpeg', bytes: original })
    ).json();
    const stored = (await (await app()).inject({ url: avatarUrl })).rawPayload;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Private Person'))).toBe(false);
  });

  it('deletes the old picture when a new one replaces it, and on removal', async () => {
    const pro = await tradesperson();
    const first = (
      await upload(pro.cookie, { name: 'a.png', type: 'image/png', bytes: await image('png') })
    ).json().avatarUrl;
    const second = (
      await upload(pro.cookie, {
        name: 'b.png',
        type: 'image/png',
        bytes: await image('png', { width: 300, height: 900 }),
      })
    ).json().avatarUrl;
    expect(second).not.toBe(first);
    expect((await (await app()).inject({ url: first })).statusCode).toBe(404);
    expect((await (await app()).inject({ url: second })).statusCode).toBe(200);

    const removed = await (await app()).inject({
      method: 'DELETE',
      url: '/api/v1/tradesperson/profile/picture',
      headers: { cookie: pro.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect((await (await app()).inject({ url: second })).statusCode).toBe(404);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, pro.id));
    expect(row!.avatarUrl).toBeNull();
    // Removing again is harmless.
    const again = await (await app()).inject({
      method: 'DELETE',
      url: '/api/v1/tradesperson/profile/picture',
      headers: { cookie: pro.cookie },
    });
    expect(again.statusCode).toBe(204);
  });

  const notPictures: [string, () => Promise<FilePart>][] = [
    [
      'a text file named .png',
      async () => ({
        name: 'me.png',
        type: 'image/png',
        bytes: Buffer.from('just some text, not a picture'),
      }),
    ],
    ['a PDF named .jpg', async () => ({ name: 'me.jpg', type: 'image/jpeg', bytes: MINIMAL_PDF })],
    [
      'an SVG',
      async () => ({
        name: 'me.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      }),
    ],
    ['a GIF', async () => ({ name: 'me.gif', type: 'image/gif', bytes: await image('gif') })],
    [
      'a truncated JPEG',
      async () => ({ name: 'me.jpg', type: 'image/jpeg', bytes: (await image('jpeg')).subarray(0, 400) }),
    ],
  ];

  it.each(notPictures)('refuses %s: Please upload a JPEG, PNG or WebP image', async (_label, part) => {
    const pro = await tradesperson();
    const before = avatarFiles().length;
    const res = await upload(pro.cookie, await part());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Please upload a JPEG, PNG or WebP image',
    });
    expect(avatarFiles().length).toBe(before);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, pro.id));
    expect(row!.avatarUrl).toBeNull();
  });

  it('refuses pictures over 5 MB with 413, whether or not the request declares its length', async () => {
    const pro = await tradesperson();
    const big = Buffer.concat([await image('jpeg'), Buffer.alloc(6 * MB, 1)]);
    const declared = await upload(pro.cookie, { name: 'big.jpg', type: 'image/jpeg', bytes: big });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toEqual({
      code: 'file_too_large',
      message: 'Images must be 5 MB or smaller',
    });

    // Just over the limit: the length header fits the allowance, so the reader's own limit refuses it.
    const justOver = Buffer.concat([await image('jpeg'), Buffer.alloc(5 * MB, 1)]);
    const streamed = await upload(pro.cookie, { name: 'big.jpg', type: 'image/jpeg', bytes: justOver });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error.message).toBe('Images must be 5 MB or smaller');
  });

  it('asks for a file when none, two, or something else is sent', async () => {
    const pro = await tradesperson();
    const none = await postMultipart(await app(), '/api/v1/tradesperson/profile/picture', pro.cookie, {
      note: 'hi',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Please choose an image to upload');

    const png = await image('png');
    const two = await upload(
      pro.cookie,
      { name: 'a.png', type: 'image/png', bytes: png },
      { name: 'b.png', type: 'image/png', bytes: png },
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe('Please upload one file at a time');

    const json = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/tradesperson/profile/picture',
      headers: { cookie: pro.cookie },
      payload: { file: 'not a file' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('Please choose an image to upload');

    const broken = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/tradesperson/profile/picture',
      headers: { cookie: pro.cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
  });
});
