import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { userSettings } from '../../db/schema';
import { createAdmin, createCustomer, createTradesperson } from '../../seed/factories';

describeOnDatabases('saved professionals', (ctx) => {
  const db = () => ctx.database().db;
  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string) =>
    (await ctx.app()).inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
  const savedIds = async (cookie: string) => {
    const res = await call('GET', '/saved-pros', cookie);
    expect(res.statusCode).toBe(200);
    return res.json().tradespeople.map((c: { id: string }) => c.id);
  };

  it('saves and removes idempotently, most recently saved first', async () => {
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const first = await createTradesperson(db(), { verified: true });
    const second = await createTradesperson(db(), { verified: true });

    for (let i = 0; i < 2; i++) {
      expect((await call('PUT', `/saved-pros/${first.id}`, cookie)).statusCode).toBe(204);
    }
    expect((await call('PUT', `/saved-pros/${second.id}`, cookie)).statusCode).toBe(204);
    expect(await savedIds(cookie)).toEqual([second.id, first.id]);
    const list = await call('GET', '/saved-pros', cookie);
    expect(list.json().tradespeople[0]).toMatchObject({ id: second.id, saved: true, verified: true });

    for (let i = 0; i < 2; i++) {
      expect((await call('DELETE', `/saved-pros/${second.id}`, cookie)).statusCode).toBe(204);
    }
    expect(await savedIds(cookie)).toEqual([first.id]);
    // The profile says so too.
    const profile = await call('GET', `/tradespeople/${first.id}`, cookie);
    expect(profile.json().profile.saved).toBe(true);
  });

  it('is for customers only: tradespeople get 404, visitors are asked to sign in', async () => {
    const tradesperson = await createTradesperson(db(), { verified: true });
    const other = await createTradesperson(db(), { verified: true });
    const cookie = await sessionFor(db(), tradesperson.id);
    expect((await call('GET', '/saved-pros', cookie)).statusCode).toBe(404);
    expect((await call('PUT', `/saved-pros/${other.id}`, cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/saved-pros/${other.id}`, cookie)).statusCode).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(method, method === 'GET' ? '/saved-pros' : `/saved-pros/${other.id}`);
      expect(res.statusCode).toBe(401);
    }
  });

  it('saves only profiles everyone may see', async () => {
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const hidden = await createTradesperson(db(), { verified: true, settings: { profileVisible: false } });
    const suspended = await createTradesperson(db(), { verified: true, suspendedAt: new Date() });
    const anotherCustomer = await createCustomer(db());
    for (const id of [hidden.id, suspended.id, anotherCustomer.id, '00000000-0000-4000-8000-000000000000']) {
      expect((await call('PUT', `/saved-pros/${id}`, cookie)).statusCode).toBe(404);
    }
    expect((await call('PUT', '/saved-pros/not-a-uuid', cookie)).statusCode).toBe(400);
    // An unverified tradesperson has a profile page, so it can be saved.
    const unverified = await createTradesperson(db(), { verified: false });
    expect((await call('PUT', `/saved-pros/${unverified.id}`, cookie)).statusCode).toBe(204);
    expect(await savedIds(cookie)).toEqual([unverified.id]);
  });

  it('drops a saved professional from the list once its profile is hidden', async () => {
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    const t = await createTradesperson(db(), { verified: true });
    await call('PUT', `/saved-pros/${t.id}`, cookie);
    await db().update(userSettings).set({ profileVisible: false }).where(eq(userSettings.userId, t.id));
    expect(await savedIds(cookie)).toEqual([]);
  });

  it('keeps each customer their own list', async () => {
    const admin = await createAdmin(db());
    const customer = await createCustomer(db());
    const t = await createTradesperson(db(), { verified: true });
    await call('PUT', `/saved-pros/${t.id}`, await sessionFor(db(), customer.id));
    expect(await savedIds(await sessionFor(db(), admin.id))).toEqual([]);
  });
});
