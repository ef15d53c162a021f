import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { currentUser, sessionCookie, signIn, signUp, uniqueEmail } from '../../../test/http';
import { emailOutbox, sessions, userRoles, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { grantConfiguredAdmins } from './auth.service';

const SIGN_UP = '/api/v1/auth/sign-up';

describeOnDatabases('signing up', (ctx) => {
  const db = () => ctx.database().db;
  const valid = () => ({
    email: uniqueEmail(),
    password: 'longenough',
    fullName: 'Ann Smith',
    userType: 'customer',
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'Email must be less than 255 characters'],
    [{ password: 'short' }, 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(101) }, 'Password must be less than 100 characters'],
    [{ fullName: ' A ' }, 'Name must be at least 2 characters'],
    [{ fullName: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ userType: 'admin' }, 'Choose customer or tradesperson'],
  ])('refuses %j with the spec message and creates nothing', async (change, message) => {
    const app = await ctx.app();
    const [before] = await db().select({ n: count() }).from(users);
    const res = await app.inject({ method: 'POST', url: SIGN_UP, payload: { ...valid(), ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
    const [after] = await db().select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
  });

  it('creates the account, signs it in with a safe cookie and queues a verification email', async () => {
    const app = await ctx.app({ APP_URL: 'http://localhost:3000' });
    const body = { ...valid(), email: `  ${uniqueEmail('new')}  `, fullName: '  Ann Smith ' };
    const res = await app.inject({ method: 'POST', url: SIGN_UP, payload: body });
    expect(res.statusCode).toBe(201);
    const email = body.email.trim();
    expect(res.json().user).toMatchObject({
      email,
      fullName: 'Ann Smith',
      userType: 'customer',
      isAdmin: false,
      emailVerified: false,
      settings: {
        emailNotifications: true,
        quoteUpdates: true,
        newMessages: true,
        profileVisible: true,
        showReviewsPublicly: true,
        darkMode: null,
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'tn_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    // At least 128 bits of randomness: 32 random bytes, base64url.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie.value)));
    expect(stored).toBeDefined();

    expect((await currentUser(app, sessionCookie(res)))?.email).toBe(email);
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail?.subject).toBe('Confirm your email address for TradeNest');
    expect(mail?.textBody).toMatch(/http:\/\/localhost:3000\/\?verify=[A-Za-z0-9_-]{43}/);
  });

  it('uses a __Host- prefixed, Secure cookie when served over HTTPS', async () => {
    const app = await ctx.app({ APP_URL: 'https://tradenest.example' });
    const res = await app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: valid(),
      headers: { origin: 'https://tradenest.example' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === '__Host-tn_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie).not.toHaveProperty('domain');
  });

  it('refuses a second account with the same email in any letter case', async () => {
    const app = await ctx.app();
    const first = await signUp(app, { email: uniqueEmail('Dup') });
    const res = await app.inject({
      method: 'POST',
      url: SIGN_UP,
      payload: { ...valid(), email: first.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists',
    });
  });

  it('lets exactly one of several simultaneous sign-ups with one email through', async () => {
    const app = await ctx.app();
    const email = uniqueEmail('race');
    const variants = [email, email.toUpperCase(), email, email.replace(/^r/, 'R'), email];
    const results = await Promise.all(
      variants.map((e) => app.inject({ method: 'POST', url: SIGN_UP, payload: { ...valid(), email: e } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const [row] = await db()
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    expect(row!.n).toBe(1);
  });

  it('grants admin to existing accounts by email (admin:grant and ADMIN_EMAILS at start), idempotently', async () => {
    // Sessions read afresh on every request: a grant from outside applies at once (the cache's
    // delay for such changes is tested in session-cache.int.test.ts).
    const app = await ctx.app({ SESSION_CACHE_MS: '0' });
    const account = await signUp(app);
    expect((await currentUser(app, account.cookie))?.isAdmin).toBe(false);
    expect(await grantConfiguredAdmins(db(), [account.email.toUpperCase(), 'nobody@example.test'])).toBe(1);
    expect(await grantConfiguredAdmins(db(), [account.email])).toBe(1);
    expect((await currentUser(app, account.cookie))?.isAdmin).toBe(true);
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, account.user.id));
    expect(roles).toHaveLength(1);
  });

  it('makes the ADMIN_EMAILS accounts admins', async () => {
    const email = uniqueEmail('boss');
    const app = await ctx.app({ ADMIN_EMAILS: `someone@example.test, ${email.toUpperCase()}` });
    const { cookie } = await signUp(app, { email });
    expect((await currentUser(app, cookie))?.isAdmin).toBe(true);
  });
});

describeOnDatabases('signing in', (ctx) => {
  const db = () => ctx.database().db;

  it("refuses bad input with the spec's messages", async () => {
    const app = await ctx.app();
    for (const [payload, message] of [
      [{ email: 'a@example.test', password: '' }, 'Password is required'],
      [{ email: 'nope', password: 'x' }, 'Invalid email address'],
      [{ email: 'a@example.test', password: 'x'.repeat(101) }, 'Password must be less than 100 characters'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const wrong = await signIn(app, account.email, 'not the password');
    const unknown = await signIn(app, uniqueEmail('ghost'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password' },
    });
    expect(unknown.cookies).toEqual(wrong.cookies);
  });

  it('signs in with any letter case of the email and issues a new token each time', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const first = await signIn(app, account.email.toUpperCase(), account.password);
    expect(first.statusCode).toBe(200);
    const firstCookie = sessionCookie(first);
    // Signing in again while holding a session replaces it: the old token stops working.
    const second = await signIn(app, account.email, account.password, { cookie: firstCookie });
    const secondCookie = sessionCookie(second);
    expect(secondCookie).not.toBe(firstCookie);
    expect(await currentUser(app, firstCookie)).toBeNull();
    expect((await currentUser(app, secondCookie))?.email).toBe(account.email);
  });

  it('ends the session on the server at sign-out, so a copied cookie is useless', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'tn_session')?.value).toBe('');
    expect(await currentUser(app, cookie)).toBeNull();
    const [row] = await db()
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie.split('=')[1]!)));
    expect(row!.n).toBe(0);
  });

  it('refuses a suspended account and ends its open sessions', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, account.user.id));
    expect(await currentUser(app, account.cookie)).toBeNull();
    const [left] = await db()
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, account.user.id));
    expect(left!.n).toBe(0);
    const res = await signIn(app, account.email, account.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'account_suspended',
      message: 'This account has been suspended. Please contact support.',
    });
  });
});

describeOnDatabases('session lifetimes on the server', (ctx) => {
  const db = () => ctx.database().db;
  const tokenHashOf = (cookie: string) => hashToken(cookie.split('=')[1]!);
  const ago = (ms: number) => new Date(Date.now() - ms);

  it('ends a customer session after 30 idle days', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    await db()
      .update(sessions)
      .set({ lastSeenAt: ago(30 * 86_400_000 + 1000), idleExpiresAt: ago(1000) })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    const res = await app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
    expect(res.json().user).toBeNull();
    expect(res.cookies.find((c) => c.name === 'tn_session')?.value).toBe('');
  });

  it('keeps an active customer session and extends its idle deadline', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    await db()
      .update(sessions)
      .set({ lastSeenAt: ago(10 * 86_400_000), idleExpiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(await currentUser(app, cookie)).not.toBeNull();
    const [row] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(row!.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('ends any session at its absolute deadline however active it is', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    await db()
      .update(sessions)
      .set({ createdAt: ago(91 * 86_400_000), absoluteExpiresAt: ago(86_400_000) })
      .where(eq(sessions.tokenHash, tokenHashOf(cookie)));
    expect(await currentUser(app, cookie)).toBeNull();
  });

  it('ends an admin session after 30 idle minutes', async () => {
    const app = await ctx.app({ SESSION_CACHE_MS: '0' });
    const account = await signUp(app);
    await db().insert(userRoles).values({ userId: account.user.id, role: 'admin' });
    expect((await currentUser(app, account.cookie))?.isAdmin).toBe(true);
    await db()
      .update(sessions)
      .set({ lastSeenAt: ago(31 * 60_000) })
      .where(eq(sessions.tokenHash, tokenHashOf(account.cookie)));
    expect(await currentUser(app, account.cookie)).toBeNull();
  });
});

describeOnDatabases('cross-site requests', (ctx) => {
  it('refuses a state change sent from another site', async () => {
    const app = await ctx.app({ APP_URL: 'http://localhost:3000' });
    const account = await signUp(app);
    const evil = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: account.cookie, origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().error).toEqual({
      code: 'cross_site_request',
      message: 'This request came from another site and was refused',
    });
    expect(await currentUser(app, account.cookie)).not.toBeNull();

    const fetchMetadata = await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie: account.cookie, 'sec-fetch-site': 'cross-site' },
      payload: { darkMode: true },
    });
    expect(fetchMetadata.statusCode).toBe(403);

    // Served under another name (a dev proxy, a second domain): the request's own host is same-origin.
    const ownHost = await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie: account.cookie, origin: 'http://app.internal:8080', host: 'app.internal:8080' },
      payload: { darkMode: true },
    });
    expect(ownHost.statusCode).toBe(200);

    const sameSite = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { cookie: account.cookie, origin: 'http://localhost:3000' },
    });
    expect(sameSite.statusCode).toBe(204);
  });
});

describeOnDatabases('email verification', (ctx) => {
  const db = () => ctx.database().db;

  /** The token of the latest email to `email`: in creation order, since rows come in none without it. */
  async function verificationToken(email: string): Promise<string> {
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .orderBy(emailOutbox.createdAt);
    const last = rows.at(-1)!;
    return /\?verify=([A-Za-z0-9_-]+)/.exec(last.textBody)![1]!;
  }

  it('verifies the address once with the emailed link and refuses the link a second time', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const token = await verificationToken(account.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token },
      headers: { cookie: account.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(true);
    expect((await currentUser(app, account.cookie))?.emailVerified).toBe(true);
    const again = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: 'This verification link is invalid or has expired',
    });
  });

  it('resends the email, but not twice within a minute', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const soon = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      headers: { cookie: account.cookie },
    });
    expect(soon.statusCode).toBe(429);
    await db().execute(sql`update email_tokens set created_at = now() - interval '2 minutes'`);
    const later = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/resend-verification',
      headers: { cookie: account.cookie },
    });
    expect(later.statusCode).toBe(204);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, account.email));
    expect(mails).toHaveLength(2);
    const unauthenticated = await app.inject({ method: 'POST', url: '/api/v1/auth/resend-verification' });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
