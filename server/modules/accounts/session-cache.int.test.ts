import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { currentUser, sessionFor, signUp } from '../../../test/http';
import { secondInstance } from '../../../test/instances';
import { sessions, userRoles } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createConversation } from '../../seed/factories';

const tokenHashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);

// The session plugin reuses a session it read within SESSION_CACHE_MS (docs/decisions/0008).
describeOnDatabases('the session cache', (ctx) => {
  const db = () => ctx.database().db;

  it("applies a user's own changes at once", async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '60000' });
    const account = await signUp(app);
    const session = async () =>
      (await app.inject({ url: '/api/v1/auth/session', headers: { cookie: account.cookie } })).json().user;
    expect((await session()).settings.darkMode).toBe(null);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie: account.cookie },
      payload: { darkMode: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await session()).settings.darkMode).toBe(true);
  });

  it('keeps the cached session over writes that change nothing about the user (messages)', async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '60000' });
    const conversation = await createConversation(db());
    const cookie = await sessionFor(db(), conversation.participantOneId);
    expect((await currentUser(app, cookie))?.isAdmin).toBe(false);
    // Changed behind the API's back: only a fresh read of the session would see it.
    await db().insert(userRoles).values({ userId: conversation.participantOneId, role: 'admin' });
    const sent = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: { cookie },
      payload: { content: 'Hello' },
    });
    expect(sent.statusCode).toBe(201);
    const read = await app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/read`,
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    expect((await currentUser(app, cookie))?.isAdmin).toBe(false);
  });

  it('ends a session at once when its user signs out', async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '60000' });
    const account = await signUp(app);
    expect(await currentUser(app, account.cookie)).not.toBeNull();
    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: account.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await currentUser(app, account.cookie)).toBeNull();
  });

  it.runIf(ctx.kind === 'postgres')(
    'ends a session on every instance when its user signs out through one of them',
    async () => {
      const instanceA = await ctx.app({ SESSION_CACHE_MS: '60000' });
      const { app: instanceB, close } = await secondInstance(ctx, { SESSION_CACHE_MS: '60000' });
      try {
        const account = await signUp(instanceA);
        // B has read (and cached) the session.
        expect(await currentUser(instanceB, account.cookie)).not.toBeNull();
        const out = await instanceA.inject({
          method: 'POST',
          url: '/api/v1/auth/sign-out',
          headers: { cookie: account.cookie },
        });
        expect(out.statusCode).toBeLessThan(300);
        // Far sooner than B's 60 s: A's announcement dropped B's copy.
        await expect
          .poll(() => currentUser(instanceB, account.cookie), { timeout: 3000, interval: 50 })
          .toBeNull();
      } finally {
        await close();
      }
    },
  );

  it('applies changes made by others, and sessions revoked elsewhere, within its time', async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '300' });
    const account = await signUp(app);
    // The session is read (and cached) during this request, so its copy expires 300 ms after this.
    const readFrom = Date.now();
    expect((await currentUser(app, account.cookie))?.isAdmin).toBe(false);
    // Another process grants admin and another instance deletes the session.
    await db().insert(userRoles).values({ userId: account.user.id, role: 'admin' });
    expect((await currentUser(app, account.cookie))?.isAdmin).toBe(false);
    // Asked again until the cached copy expires: the grant shows within the cache's time, not before.
    await vi.waitFor(async () => expect((await currentUser(app, account.cookie))?.isAdmin).toBe(true), {
      timeout: 2000,
      interval: 25,
    });
    expect(Date.now() - readFrom).toBeGreaterThanOrEqual(300);
    await db()
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(account.cookie)));
    await vi.waitFor(async () => expect(await currentUser(app, account.cookie)).toBeNull(), {
      timeout: 2000,
      interval: 25,
    });
  });

  it('reads the session on every request when turned off', async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '0' });
    const account = await signUp(app);
    expect(await currentUser(app, account.cookie)).not.toBeNull();
    await db()
      .delete(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(account.cookie)));
    expect(await currentUser(app, account.cookie)).toBeNull();
  });
});
