import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { secondInstance } from '../../../test/instances';
import type { App } from '../../app';
import { tradespersonProfiles, userSettings } from '../../db/schema';
import { createCustomer, createJob, createTradesperson } from '../../seed/factories';

// Decision 0020: what visitors read of tradespeople is shared between them until a write clears it.
describeOnDatabases('visitors’ reads of tradespeople, shared', (ctx) => {
  const db = () => ctx.database().db;
  const CACHED = { PUBLIC_CACHE_MS: '60000' };

  const pro = () =>
    createTradesperson(db(), { verified: true, basePostcode: 'LS1 4AP', businessName: 'First Name Ltd' });
  const nameSeenBy = async (app: App, id: string, cookie?: string) =>
    (await app.inject({ url: `/api/v1/tradespeople/${id}`, headers: cookie ? { cookie } : {} })).json()
      .profile.businessName;
  const renameBehindTheAppsBack = (id: string, businessName: string) =>
    db().update(tradespersonProfiles).set({ businessName }).where(eq(tradespersonProfiles.userId, id));
  const renameThroughTheApp = (app: App, cookie: string, businessName: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/tradesperson/setup/details',
      headers: { cookie },
      payload: { businessName, phone: '07700 900123', basePostcode: 'LS1 4AP', serviceRadiusMiles: 25 },
    });

  it('answers visitors from the shared copy, and clears it when the tradesperson saves a change', async () => {
    const app = await ctx.app(CACHED);
    const t = await pro();
    expect(await nameSeenBy(app, t.id)).toBe('First Name Ltd');
    // Changed without the app knowing: visitors still get the shared copy, which shows it is shared.
    await renameBehindTheAppsBack(t.id, 'Unannounced Ltd');
    expect(await nameSeenBy(app, t.id)).toBe('First Name Ltd');
    // Signed-in viewers read their own, never the visitors' copy.
    const customer = await sessionFor(db(), (await createCustomer(db())).id);
    expect(await nameSeenBy(app, t.id, customer)).toBe('Unannounced Ltd');

    const saved = await renameThroughTheApp(app, await sessionFor(db(), t.id), 'Second Name Ltd');
    expect(saved.statusCode).toBe(200);
    expect(await nameSeenBy(app, t.id)).toBe('Second Name Ltd');
    const featured = await app.inject({ url: '/api/v1/tradespeople/featured' });
    expect(featured.statusCode).toBe(200);
  });

  it('keeps the shared copy through writes that change nothing visitors read (a quote, a notification read)', async () => {
    const app = await ctx.app(CACHED);
    const t = await pro();
    const cookie = await sessionFor(db(), t.id);
    expect(await nameSeenBy(app, t.id)).toBe('First Name Ltd');
    await renameBehindTheAppsBack(t.id, 'Unannounced Ltd');
    const job = await createJob(db(), { category: 'Plumbing' });
    const quoted = await app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job.id}/quotes`,
      headers: { cookie },
      payload: { amount: '120', message: 'I can come on Tuesday.' },
    });
    expect(quoted.statusCode).toBe(201);
    const read = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    // Still the shared copy: neither write cleared it (a real change announces itself, test above).
    expect(await nameSeenBy(app, t.id)).toBe('First Name Ltd');
  });

  it('keeps nothing of a failed read: a hidden profile is a 404, and shows as soon as it is visible', async () => {
    const app = await ctx.app(CACHED);
    const t = await pro();
    const visible = (profileVisible: boolean) =>
      db().update(userSettings).set({ profileVisible }).where(eq(userSettings.userId, t.id));
    await visible(false);
    expect((await app.inject({ url: `/api/v1/tradespeople/${t.id}` })).statusCode).toBe(404);
    await visible(true);
    expect((await app.inject({ url: `/api/v1/tradespeople/${t.id}` })).statusCode).toBe(200);
  });

  it("sends the shared copy's bytes as a signed-in reader's answer would be, in each encoding asked for", async () => {
    const app = await ctx.app(CACHED);
    const pros = [];
    for (let i = 0; i < 8; i++) pros.push(await pro());
    const cookie = await sessionFor(db(), (await createCustomer(db())).id);
    const url = '/api/v1/tradespeople?location=LS1%204AP&limit=50';
    const own = await app.inject({ url, headers: { cookie, 'accept-encoding': 'identity' } });
    // Only the viewer's own `saved` may differ, and this customer saved nobody.
    const expected = own.json();
    expect(expected.tradespeople.length).toBeGreaterThanOrEqual(8);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (b: Buffer) => b],
    ] as const) {
      // Twice each: the first request makes the copy, the second is sent the kept one.
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/i);
        expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(expected);
      }
    }
  });

  it.runIf(ctx.kind === 'postgres')(
    "clears every instance's copy when a write goes through one of them",
    async () => {
      const instanceA = await ctx.app(CACHED);
      const { app: instanceB, close } = await secondInstance(ctx, CACHED);
      try {
        const t = await pro();
        expect(await nameSeenBy(instanceB, t.id)).toBe('First Name Ltd');
        const saved = await renameThroughTheApp(instanceA, await sessionFor(db(), t.id), 'Renamed On A Ltd');
        expect(saved.statusCode).toBe(200);
        // Far sooner than B's 60 s: A's NOTIFY cleared B's copy.
        await expect
          .poll(() => nameSeenBy(instanceB, t.id), { timeout: 3000, interval: 50 })
          .toBe('Renamed On A Ltd');
      } finally {
        await close();
      }
    },
  );
});
