import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { currentUser, sessionFor, signIn } from '../../../test/http';
import { listen, openEvents } from '../../../test/sse';
import type { App } from '../../app';
import { auditLog, sessions } from '../../db/schema';
import {
  createAdmin,
  createBooking,
  createCustomer,
  createJob,
  createQuote,
  createTradesperson,
  TEST_PASSWORD,
} from '../../seed/factories';

// The admin console's API (docs/api/admin.md): the dashboard's figures, user search and a user's
// record, suspension that ends sessions on every instance at once, and the admin role.

describeOnDatabases('the admin console', (ctx) => {
  const db = () => ctx.database().db;
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app();
    return built;
  };
  const admin = async () => {
    const a = await createAdmin(db());
    return { ...a, cookie: await sessionFor(db(), a.id) };
  };
  const call = async (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    (await app()).inject({
      method,
      url: `/api/v1${url}`,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const listed = async (id: string) =>
    ((await call(undefined, 'GET', '/tradespeople?limit=50')).json().tradespeople as { id: string }[]).some(
      (c) => c.id === id,
    );

  it('counts live figures and fills 12 weeks of activity', async () => {
    const boss = await admin();
    const before = (await call(boss.cookie, 'GET', '/admin/overview')).json();
    expect(before.weeks).toHaveLength(12);
    expect(new Date(`${before.weeks[0].weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const customer = await createCustomer(db());
    await createJob(db(), { customerId: customer.id });
    await createTradesperson(db(), { documents: true, verified: false });
    const after = (await call(boss.cookie, 'GET', '/admin/overview')).json();
    // One customer, one tradesperson (and the job's own customer is the same one).
    expect(after.counts.users - before.counts.users).toBe(2);
    expect(after.counts.pendingVerifications - before.counts.pendingVerifications).toBe(2);
    const thisWeek = (o: typeof after) => o.weeks.at(-1);
    expect(thisWeek(after).signUps - thisWeek(before).signUps).toBe(2);
    expect(thisWeek(after).jobsPosted - thisWeek(before).jobsPosted).toBe(1);
  });

  it('shares the overview, the verification queue and the latest payments between admins for ADMIN_SHARED_MS, until an admin writes', async () => {
    const shared = await ctx.app({ ADMIN_SHARED_MS: '60000' });
    const get = async (cookie: string, url = '/admin/overview') =>
      (await shared.inject({ url: `/api/v1${url}`, headers: { cookie } })).json();
    const one = await admin();
    const other = await admin();
    const first = await get(one.cookie);
    const queue = await get(one.cookie, '/admin/verifications');
    const paymentIds = async (cookie: string) =>
      (await get(cookie, '/admin/payments')).payments.map((p: { id: string }) => p.id);
    const payments = await paymentIds(one.cookie);
    const customer = await createCustomer(db());
    await createTradesperson(db(), { documents: true, verified: false });
    await createBooking(db(), { status: 'completed', depositPaid: true });
    // Another admin's read within the bound is the same copy: the new accounts are not counted yet.
    expect((await get(other.cookie)).counts.users).toBe(first.counts.users);
    expect((await get(other.cookie, '/admin/verifications')).pendingCount).toBe(queue.pendingCount);
    expect(await paymentIds(other.cookie)).toEqual(payments);
    // An admin's write (here a suspension) clears them: the next reads count afresh.
    const suspended = await shared.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${customer.id}/suspend`,
      headers: { cookie: one.cookie },
      payload: { reason: 'Testing the overview' },
    });
    expect(suspended.statusCode).toBe(200);
    // The customer, the tradesperson, and the booking's two parties.
    expect((await get(other.cookie)).counts.users).toBe(first.counts.users + 4);
    expect((await get(other.cookie, '/admin/verifications')).pendingCount).toBe(queue.pendingCount + 2);
    const fresh = await paymentIds(other.cookie);
    expect(fresh).not.toEqual(payments);
    expect(fresh.slice(1)).toEqual(payments.slice(0, fresh.length - 1));
  });

  it('finds users by part of a name or email, whatever the case, a page at a time', async () => {
    const boss = await admin();
    const tag = `zed${Date.now()}`;
    const made = [];
    for (let i = 0; i < 27; i++)
      made.push(await createCustomer(db(), { email: `${tag}-${i}@example.test`, fullName: `Person ${i}` }));
    const pro = await createTradesperson(db(), { fullName: `Quentin ${tag.toUpperCase()}`, verified: true });
    const first = (await call(boss.cookie, 'GET', `/admin/users?q=${tag.toUpperCase()}`)).json();
    expect(first.users).toHaveLength(25);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await call(boss.cookie, 'GET', `/admin/users?q=${tag}&cursor=${first.nextCursor}`)
    ).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.users, ...second.users].map((u: { id: string }) => u.id);
    expect(new Set(all).size).toBe(28);
    expect(all).toContain(pro.id);
    const tradespeople = (await call(boss.cookie, 'GET', `/admin/users?q=${tag}&filter=tradesperson`)).json();
    expect(tradespeople.users).toEqual([
      expect.objectContaining({ id: pro.id, userType: 'tradesperson', verified: true, isAdmin: false }),
    ]);
    // A % typed in the box is a character, not a wildcard.
    expect((await call(boss.cookie, 'GET', '/admin/users?q=%25%25%25')).json().users).toEqual([]);
    const tooLong = await call(boss.cookie, 'GET', `/admin/users?q=${'a'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('Search must be less than 100 characters');
    const badCursor = await call(boss.cookie, 'GET', '/admin/users?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
  });

  it("shows a user's jobs, bookings, documents, sessions and audit trail", async () => {
    const boss = await admin();
    const customer = await createCustomer(db());
    const pro = await createTradesperson(db(), { verified: true });
    const job = await createJob(db(), { customerId: customer.id, title: 'Fix the boiler' });
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
    await createBooking(db(), { quoteId: quote.id, status: 'confirmed' });
    await sessionFor(db(), customer.id);
    const detail = (await call(boss.cookie, 'GET', `/admin/users/${customer.id}`)).json();
    expect(detail.user).toMatchObject({
      id: customer.id,
      userType: 'customer',
      isAdmin: false,
      suspendedAt: null,
    });
    expect(detail.jobs.map((j: { title: string }) => j.title)).toEqual(['Fix the boiler']);
    expect(detail.bookings).toEqual([
      expect.objectContaining({
        jobTitle: 'Fix the boiler',
        otherParty: expect.stringMatching(/^Test Tradesperson/),
      }),
    ]);
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail)).not.toMatch(/token/i);
    const proDetail = (await call(boss.cookie, 'GET', `/admin/users/${pro.id}`)).json();
    expect(proDetail.documents.length).toBeGreaterThanOrEqual(2);
    expect(proDetail.user.verified).toBe(true);
    expect(
      (await call(boss.cookie, 'GET', '/admin/users/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it("shows a user's documents newest first, each as the verification queue shows it", async () => {
    const boss = await admin();
    const pro = await createTradesperson(db(), { documents: true, verified: false });
    type Doc = { id: string; createdAt: string; tradesperson: { id: string } };
    const queued = async (status: 'pending' | 'decided') =>
      (
        (await call(boss.cookie, 'GET', `/admin/verifications?status=${status}`)).json().documents as Doc[]
      ).filter((d) => d.tradesperson.id === pro.id);
    const pending = await queued('pending');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    // A decided document shows its reviewer and decision time as well.
    const [decided] = pending as (Doc & { version: number })[];
    const decision = await call(boss.cookie, 'POST', `/admin/documents/${decided!.id}/decision`, {
      decision: 'reject',
      reason: 'The document is not readable',
      version: decided!.version,
    });
    expect(decision.statusCode).toBe(200);
    const fromQueues = [...(await queued('pending')), ...(await queued('decided'))];
    const newestFirst = (a: Doc, b: Doc) =>
      b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const detail = (await call(boss.cookie, 'GET', `/admin/users/${pro.id}`)).json();
    expect(detail.documents).toEqual(fromQueues.sort(newestFirst));
    expect(detail.documents.find((d: Doc) => d.id === decided!.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The document is not readable',
      reviewerName: expect.any(String),
      reviewedAt: expect.any(String),
    });
  });

  it('suspends a tradesperson: its session ends at once, it leaves search, cannot sign in; reinstating undoes it', async () => {
    const boss = await admin();
    const pro = await createTradesperson(db(), { verified: true });
    const cookie = await sessionFor(db(), pro.id);
    expect((await currentUser(await app(), cookie))?.id).toBe(pro.id);
    expect(await listed(pro.id)).toBe(true);

    const noReason = await call(boss.cookie, 'POST', `/admin/users/${pro.id}/suspend`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Please give a reason');
    expect(await currentUser(await app(), cookie)).not.toBeNull();

    const res = await call(boss.cookie, 'POST', `/admin/users/${pro.id}/suspend`, {
      reason: 'Fake insurance certificate',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      suspendedAt: expect.any(String),
      suspensionReason: 'Fake insurance certificate',
    });
    expect(res.json().sessions).toEqual([]);
    // The cached session is gone too: the very next request is signed out.
    expect(await currentUser(await app(), cookie)).toBeNull();
    expect(await listed(pro.id)).toBe(false);
    const signInRes = await signIn(await app(), pro.email, TEST_PASSWORD);
    expect(signInRes.statusCode).toBe(403);
    expect(signInRes.json().error.message).toBe('This account has been suspended. Please contact support.');
    const twice = await call(boss.cookie, 'POST', `/admin/users/${pro.id}/suspend`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This account is already suspended');

    const back = await call(boss.cookie, 'POST', `/admin/users/${pro.id}/reinstate`);
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect(await listed(pro.id)).toBe(true);
    expect((await signIn(await app(), pro.email, TEST_PASSWORD)).statusCode).toBe(200);

    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, pro.id));
    expect(audit.map((a) => a.action)).toEqual(['account.suspended', 'account.reinstated']);
    expect(audit[0]!.details).toEqual({
      before: { suspended: false, suspensionReason: null, admin: false },
      after: { suspended: true, suspensionReason: 'Fake insurance certificate', admin: false },
      reason: 'Fake insurance certificate',
    });
    expect(audit[0]!.actorUserId).toBe(boss.id);
    const trail = (await call(boss.cookie, 'GET', `/admin/users/${pro.id}`)).json().audit;
    expect(trail.map((a: { action: string }) => a.action)).toEqual([
      'account.reinstated',
      'account.suspended',
    ]);
    expect(trail[1]).toMatchObject({
      actorId: boss.id,
      actorName: expect.stringMatching(/^Test Admin/),
      reason: 'Fake insurance certificate',
    });
  });

  it('ends a suspended user’s live event stream at once', async () => {
    const boss = await admin();
    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    // The same instance: on the embedded database each instance has its own announcements.
    const base = await listen(await app());
    const stream = await openEvents(base, cookie);
    try {
      await stream.next('ready');
      await call(boss.cookie, 'POST', `/admin/users/${customer.id}/suspend`, { reason: 'Spam' });
      // Ended by the announcement, not by the minute's sweep (which this test never reaches).
      await expect(stream.ended).resolves.toBeUndefined();
    } finally {
      stream.close();
    }
  });

  it('will not suspend oneself or an admin; grants and removes the role, never one’s own', async () => {
    const [boss, other] = [await admin(), await admin()];
    const self = await call(boss.cookie, 'POST', `/admin/users/${boss.id}/suspend`, { reason: 'Oops' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('You cannot suspend your own account');
    const anAdmin = await call(boss.cookie, 'POST', `/admin/users/${other.id}/suspend`, { reason: 'Rogue' });
    expect(anAdmin.json().error.message).toBe('Remove admin access before suspending this account');
    expect((await call(boss.cookie, 'DELETE', `/admin/users/${boss.id}/admin`)).json().error.message).toBe(
      'You cannot remove your own admin access',
    );

    const customer = await createCustomer(db());
    const cookie = await sessionFor(db(), customer.id);
    expect((await call(cookie, 'GET', '/admin/overview')).statusCode).toBe(404);
    const granted = await call(boss.cookie, 'POST', `/admin/users/${customer.id}/admin`);
    expect(granted.json().user.isAdmin).toBe(true);
    expect((await call(cookie, 'GET', '/admin/overview')).statusCode).toBe(200);
    expect((await call(boss.cookie, 'POST', `/admin/users/${customer.id}/admin`)).json().error.message).toBe(
      'This account is already an admin',
    );
    const removed = await call(boss.cookie, 'DELETE', `/admin/users/${customer.id}/admin`);
    expect(removed.json().user.isAdmin).toBe(false);
    // Removing the role ends its sessions: the admin session it had is over.
    expect(await currentUser(await app(), cookie)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
  });

  it('lets only one of two admins removing each other at once succeed', async () => {
    const rounds = ctx.kind === 'postgres' ? 10 : 2;
    for (let i = 0; i < rounds; i++) {
      const [a, b] = [await admin(), await admin()];
      const results = await Promise.all([
        call(a.cookie, 'DELETE', `/admin/users/${b.id}/admin`),
        call(b.cookie, 'DELETE', `/admin/users/${a.id}/admin`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    }
  });
});

describeOnDatabases('suspension across instances', (ctx) => {
  // Two instances share announcements through PostgreSQL; the embedded database serves one instance.
  it.skipIf(ctx.kind !== 'postgres')(
    'signs the user out on another instance that had its session cached',
    async () => {
      const db = ctx.database().db;
      const [one, two] = [await ctx.app(), await ctx.app()];
      const boss = await createAdmin(db);
      const customer = await createCustomer(db);
      const cookie = await sessionFor(db, customer.id);
      // Instance two reads the session now, and would reuse it for SESSION_CACHE_MS.
      expect((await currentUser(two, cookie))?.id).toBe(customer.id);
      const res = await one.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${customer.id}/suspend`,
        headers: { cookie: await sessionFor(db, boss.id) },
        payload: { reason: 'Fraud' },
      });
      expect(res.statusCode).toBe(200);
      // The announcement crosses over LISTEN/NOTIFY, asynchronously: wait for its effect, for less
      // than the 5 s the cached copy would otherwise live.
      await vi.waitFor(async () => expect(await currentUser(two, cookie)).toBeNull(), {
        timeout: 1000,
        interval: 20,
      });
    },
  );
});
