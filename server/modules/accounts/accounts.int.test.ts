import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { currentUser, sessionCookie, signIn, signUp } from '../../../test/http';
import { emailOutbox, jobPostings, messages, profiles, quotes, sessions, users } from '../../db/schema';
import {
  createConversation,
  createJob,
  createMessage,
  createQuote,
  createTradesperson,
} from '../../seed/factories';

describeOnDatabases('account settings', (ctx) => {
  type App = Awaited<ReturnType<typeof ctx.app>>;
  /** PATCH /account/settings, signed in with `cookie` or as a visitor without it. */
  const patchSettings = (app: App, cookie: string | undefined, payload: Record<string, unknown>) =>
    app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      ...(cookie ? { headers: { cookie } } : {}),
      payload,
    });

  it('starts with the spec defaults and keeps each change on the server', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    const res = await patchSettings(app, cookie, { darkMode: true, newMessages: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toEqual({
      emailNotifications: true,
      quoteUpdates: true,
      newMessages: false,
      profileVisible: true,
      showReviewsPublicly: true,
      darkMode: true,
    });
    // Another device signing in sees the same settings (dark mode follows the user).
    const user = await currentUser(app, cookie);
    expect((user as unknown as { settings: { darkMode: boolean } }).settings.darkMode).toBe(true);
  });

  it('starts dark mode as no choice (the device decides) and can go back to it', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    const user = (await currentUser(app, cookie)) as unknown as { settings: { darkMode: unknown } };
    expect(user.settings.darkMode).toBe(null);
    const patch = (darkMode: boolean | null) => patchSettings(app, cookie, { darkMode });
    expect((await patch(false)).json().settings.darkMode).toBe(false);
    expect((await patch(null)).json().settings.darkMode).toBe(null);
  });

  it('refuses settings that are not switches, empty changes and visitors', async () => {
    const app = await ctx.app();
    const { cookie } = await signUp(app);
    const wrong = await patchSettings(app, cookie, { darkMode: 'yes' });
    expect(wrong.statusCode).toBe(400);
    const empty = await patchSettings(app, cookie, {});
    expect(empty.json().error.message).toBe('Nothing to update');
    const visitor = await patchSettings(app, undefined, { darkMode: true });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({ code: 'unauthenticated', message: 'Please sign in to continue' });
  });
});

describeOnDatabases('changing the password', (ctx) => {
  const changePassword = (
    app: Awaited<ReturnType<typeof ctx.app>>,
    cookie: string,
    currentPassword: string,
    newPassword: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: { cookie },
      payload: { currentPassword, newPassword },
    });

  it('needs the current password and signs out every other session', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const otherDevice = sessionCookie(await signIn(app, account.email, account.password));

    const wrong = await changePassword(app, account.cookie, 'not it', 'a new secret');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Your current password is not correct');
    expect(await currentUser(app, otherDevice)).not.toBeNull();

    const short = await changePassword(app, account.cookie, account.password, 'short');
    expect(short.json().error.message).toBe('Password must be at least 8 characters');

    const ok = await changePassword(app, account.cookie, account.password, 'a new secret');
    expect(ok.statusCode).toBe(204);
    expect(await currentUser(app, account.cookie)).not.toBeNull();
    expect(await currentUser(app, otherDevice)).toBeNull();
    expect((await signIn(app, account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(app, account.email, 'a new secret')).statusCode).toBe(200);
  });

  it('always sends the security email, even with every email switch off, and only once the change is made', async () => {
    const app = await ctx.app();
    const db = ctx.database().db;
    const account = await signUp(app);
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/account/settings',
      headers: { cookie: account.cookie },
      payload: { emailNotifications: false, quoteUpdates: false, newMessages: false },
    });
    const securityEmails = () =>
      db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, account.email), eq(emailOutbox.kind, 'password_changed')));
    await changePassword(app, account.cookie, 'not it', 'a new secret');
    expect(await securityEmails()).toHaveLength(0);
    const ok = await changePassword(app, account.cookie, account.password, 'a new secret');
    expect(ok.statusCode).toBe(204);
    const [email] = await securityEmails();
    expect(email).toMatchObject({ subject: 'Your TradeNest password was changed' });
    expect(email!.textBody).not.toContain('unsubscribe');
    expect(email!.htmlBody).not.toContain('unsubscribe');
  });
});

describeOnDatabases('deleting an account', (ctx) => {
  const db = () => ctx.database().db;

  it('keeps everything when the password is wrong', async () => {
    const app = await ctx.app();
    const account = await signUp(app);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: { cookie: account.cookie },
      payload: { password: 'wrong one' },
    });
    expect(res.statusCode).toBe(400);
    expect(await currentUser(app, account.cookie)).not.toBeNull();
  });

  it('erases personal data, withdraws open work, ends sessions and refuses sign-in afterwards', async () => {
    const app = await ctx.app();
    const account = await signUp(app, { fullName: 'Delia Deleted' });
    const otherDevice = sessionCookie(await signIn(app, account.email, account.password));
    const job = await createJob(db(), { customerId: account.user.id, status: 'open' });
    const pro = await createTradesperson(db());
    const quote = await createQuote(db(), { jobId: job.id, tradespersonId: pro.id });
    const conversation = await createConversation(db(), {
      participantOneId: account.user.id,
      participantTwoId: pro.id,
      jobId: job.id,
    });
    await createMessage(db(), {
      conversationId: conversation.id,
      senderId: account.user.id,
      content: 'Hello there',
    });

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/account',
      headers: { cookie: account.cookie },
      payload: { password: account.password },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'tn_session')?.value).toBe('');

    expect(await currentUser(app, account.cookie)).toBeNull();
    expect(await currentUser(app, otherDevice)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.user.id))).toEqual([]);
    const signInAgain = await signIn(app, account.email, account.password);
    expect(signInAgain.statusCode).toBe(401);
    expect(signInAgain.json().error.code).toBe('invalid_credentials');

    const [user] = await db().select().from(users).where(eq(users.id, account.user.id));
    expect(user!.email).toBe(`deleted-${account.user.id}@deleted.invalid`);
    expect(user!.deletedAt).not.toBeNull();
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, account.user.id));
    expect(profile).toMatchObject({ fullName: null, avatarUrl: null, postcode: null });
    const [jobAfter] = await db().select().from(jobPostings).where(eq(jobPostings.id, job.id));
    expect(jobAfter!.status).toBe('cancelled');
    const [quoteAfter] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(quoteAfter!.status).toBe('rejected');
    // The other participant keeps the conversation; the sender is shown as "Deleted user".
    const kept = await db().select().from(messages).where(eq(messages.conversationId, conversation.id));
    expect(kept).toHaveLength(1);

    // The email is free again for a new account.
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        email: account.email,
        password: 'another secret',
        fullName: 'New Person',
        userType: 'customer',
      },
    });
    expect(again.statusCode).toBe(201);
  });
});

describeOnDatabases('downloading my data', (ctx) => {
  it('exports the account, its settings and its jobs as a JSON attachment', async () => {
    const app = await ctx.app();
    const account = await signUp(app, { fullName: 'Export Person' });
    const job = await createJob(ctx.database().db, {
      customerId: account.user.id,
      title: 'Fix the leaking kitchen tap',
    });
    const res = await app.inject({ url: '/api/v1/account/export', headers: { cookie: account.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tradenest-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json();
    expect(data.account.email).toBe(account.email);
    expect(data.profile.fullName).toBe('Export Person');
    expect(data.settings.darkMode).toBe(null);
    expect(data.jobs.map((j: { title: string }) => j.title)).toEqual(['Fix the leaking kitchen tap']);
    // PostgreSQL writes the file (accountDocument): values as JSON.stringify wrote Drizzle's, dates in
    // Date#toISOString() form, parts that do not exist as null, and the file's keys in a fixed order.
    expect(data.exportedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.headers['content-disposition']).toContain(data.exportedAt.slice(0, 10));
    expect(data.jobs[0].createdAt).toBe(job.createdAt.toISOString());
    expect(data.jobs[0].lat).toBe(job.lat);
    expect(data.jobs[0].preferredStartDate).toBe(job.preferredStartDate);
    const [stored] = await ctx.database().db.select().from(users).where(eq(users.id, account.user.id));
    expect(data.account.createdAt).toBe(stored?.createdAt.toISOString());
    expect(data.roles).toEqual([]);
    expect(data.tradespersonProfile).toBe(null);
    expect(data.payoutAccount).toBe(null);
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'account',
      'profile',
      'settings',
      'roles',
      'tradespersonProfile',
      'jobs',
      'quotes',
      'bookings',
      'reviewsWritten',
      'reviewsReceived',
      'conversations',
      'messages',
      'disputesRaised',
      'documents',
      'payments',
      'payoutAccount',
      'savedProfessionals',
      'notifications',
      'sessions',
    ]);
    expect(JSON.stringify(data)).not.toContain('scrypt$');
    const visitor = await app.inject({ url: '/api/v1/account/export' });
    expect(visitor.statusCode).toBe(401);
  });
});
