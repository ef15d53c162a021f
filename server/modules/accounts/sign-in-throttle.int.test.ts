import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import { testConfig } from '../../../test/config';
import { describeOnDatabases } from '../../../test/databases';
import { sessionCookie } from '../../../test/http';
import { type App, buildApp } from '../../app';
import { type Executor, openDatabase } from '../../db/client';
import { emailOutbox, signInThrottles, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { send } from '../../queue/queue';
import { createUser } from '../../seed/factories';
import { ACCOUNT_CAP, ADDRESS_CAP } from './auth.service';
import type { ThrottleScope } from './sign-in-throttle.repository';

const SIGN_IN = '/api/v1/auth/sign-in';
const PROTECTED =
  'This account is protected after many failed sign-in attempts. Email yourself a sign-in link, or sign in from a device you have used before.';
const FROM_HERE =
  'Too many failed sign-in attempts from here. Please wait a few minutes and try again, or email yourself a sign-in link.';

function cookieNamed(res: LightMyRequestResponse, name: string): string | undefined {
  const c = res.cookies.find((c) => c.name === name);
  return c ? `${c.name}=${c.value}` : undefined;
}

function attempt(app: App, email: string, password: string, ip: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: SIGN_IN,
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
}

/** Failures recorded as real attempts would leave them. */
async function seed(db: Executor, scope: ThrottleScope, key: string, failures: number, at: Date) {
  await db
    .insert(signInThrottles)
    .values({ scope, key, failures, windowStartedAt: at, lastFailureAt: at })
    .onConflictDoUpdate({
      target: [signInThrottles.scope, signInThrottles.key],
      set: { failures, windowStartedAt: at, lastFailureAt: at },
    });
}

describeOnDatabases('sign-in throttle', (ctx) => {
  const db = () => ctx.database().db;
  const trustProxyOff = { TRUST_PROXY: 'false', RATE_LIMIT_MAX: '100000' };

  it('checks at most five of 150 simultaneous wrong passwords for one account from one address', async () => {
    const clock = new ManualClock();
    const app = await ctx.app(trustProxyOff, { clock });
    const victim = await createUser(db());
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => attempt(app, victim.email, `wrong guess ${i}`, '198.51.100.7')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(145);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toEqual({ code: 'too_many_attempts', message: FROM_HERE });
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('makes each further guess from one address wait twice as long, and forgets after a quiet hour', async () => {
    const clock = new ManualClock();
    const app = await ctx.app(trustProxyOff, { clock });
    const victim = await createUser(db());
    const ip = '198.51.100.8';
    // Five wrong passwords from this address a moment ago (each real attempt costs a scrypt hash).
    await seed(db(), 'account_address', `${victim.email} ${ip}`, 5, clock.now());
    for (const wait of [1, 2, 4]) {
      const early = await attempt(app, victim.email, victim.password!, ip);
      expect(early.statusCode).toBe(429);
      expect(early.headers['retry-after']).toBe(String(wait));
      clock.advance(wait * 1000);
      expect((await attempt(app, victim.email, 'still wrong', ip)).statusCode).toBe(401);
    }
    // The refused attempts were not checked (the correct password above was refused, not accepted).
    clock.advance(61 * 60 * 1000);
    expect((await attempt(app, victim.email, victim.password!, ip)).statusCode).toBe(200);
    // A success clears this address's count for the account.
    const [row] = await db()
      .select()
      .from(signInThrottles)
      .where(
        and(eq(signInThrottles.scope, 'account_address'), eq(signInThrottles.key, `${victim.email} ${ip}`)),
      );
    expect(row).toBeUndefined();
  });

  it("lets the owner in after guesses from 22 addresses run up the account's cap", async () => {
    const clock = new ManualClock();
    const app = await ctx.app(trustProxyOff, { clock });
    const owner = await createUser(db());
    // The owner signed in from their laptop last week: that browser holds a device cookie.
    const earlier = await attempt(app, owner.email, owner.password!, '192.0.2.10');
    expect(earlier.statusCode).toBe(200);
    const device = cookieNamed(earlier, 'tn_device')!;
    expect(device).toBeDefined();
    expect(earlier.cookies.find((c) => c.name === 'tn_device')).toMatchObject({ httpOnly: true, path: '/' });

    // 110 wrong passwords from 22 addresses, five each, as a botnet would spread them.
    const now = clock.now();
    await db()
      .insert(signInThrottles)
      .values([
        {
          scope: 'account',
          key: owner.email,
          failures: ACCOUNT_CAP.kind === 'cap' ? ACCOUNT_CAP.max : 0,
          windowStartedAt: now,
          lastFailureAt: now,
        },
        ...Array.from({ length: 22 }, (_, i) => ({
          scope: 'account_address' as const,
          key: `${owner.email} 203.0.113.${i + 1}`,
          failures: 5,
          windowStartedAt: now,
          lastFailureAt: now,
        })),
      ])
      .onConflictDoUpdate({
        target: [signInThrottles.scope, signInThrottles.key],
        set: { failures: sql`excluded.failures` },
      });

    // The attacker, from a 23rd address, is refused without the password being checked.
    const attacker = await attempt(app, owner.email, owner.password!, '203.0.113.99');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().error).toEqual({ code: 'too_many_attempts', message: PROTECTED });

    // The owner, on a train's wifi (a new address) with their own browser, signs in at once.
    const fromTrain = await attempt(app, owner.email, owner.password!, '100.64.0.1', device);
    expect(fromTrain.statusCode).toBe(200);

    // On a new computer, the emailed link is the way in.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      payload: { email: owner.email },
      remoteAddress: '100.64.0.2',
    });
    expect(asked.statusCode).toBe(202);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.kind, 'sign_in_link')));
    const token = /\/auth\?signin=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
    const redeemed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link/redeem',
      payload: { token },
      remoteAddress: '100.64.0.2',
    });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json().user.email).toBe(owner.email);
    // ...and that computer is now trusted for password sign-in too.
    const newDevice = cookieNamed(redeemed, 'tn_device')!;
    expect((await attempt(app, owner.email, owner.password!, '100.64.0.2', newDevice)).statusCode).toBe(200);
  });

  it('keeps guesses from one address at other accounts from locking out the people who share it', async () => {
    const clock = new ManualClock();
    const app = await ctx.app(trustProxyOff, { clock });
    const colleague = await createUser(db());
    const office = '203.0.113.50';
    const first = await attempt(app, colleague.email, colleague.password!, office);
    expect(first.statusCode).toBe(200);
    const device = cookieNamed(first, 'tn_device')!;

    const now = clock.now();
    await db()
      .insert(signInThrottles)
      .values({
        scope: 'address',
        key: office,
        failures: ADDRESS_CAP.kind === 'cap' ? ADDRESS_CAP.max : 0,
        windowStartedAt: now,
        lastFailureAt: now,
      })
      .onConflictDoUpdate({
        target: [signInThrottles.scope, signInThrottles.key],
        set: { failures: sql`excluded.failures` },
      });
    // The guessing address cannot try new accounts...
    const stranger = await createUser(db());
    const guess = await attempt(app, stranger.email, stranger.password!, office);
    expect(guess.statusCode).toBe(429);
    expect(guess.json().error.message).toBe(PROTECTED);
    // ...but a colleague's own browser still signs in from it, and the stranger does from elsewhere.
    expect((await attempt(app, colleague.email, colleague.password!, office, device)).statusCode).toBe(200);
    expect((await attempt(app, stranger.email, stranger.password!, '192.0.2.77')).statusCode).toBe(200);
    // The cap is an hour long.
    clock.advance(60 * 60 * 1000 + 1);
    expect((await attempt(app, stranger.email, stranger.password!, office)).statusCode).toBe(200);
  });

  it('gives a trusted browser its own growing delay, which guesses elsewhere do not touch', async () => {
    const clock = new ManualClock();
    const app = await ctx.app(trustProxyOff, { clock });
    const owner = await createUser(db());
    const device = cookieNamed(await attempt(app, owner.email, owner.password!, '192.0.2.20'), 'tn_device')!;
    // A stolen device cookie does not help a guesser: ten failures, then it waits like anyone else.
    const deviceKey = `${hashToken(device.split('=')[1]!)} ${owner.id}`;
    await seed(db(), 'device', deviceKey, 9, clock.now());
    expect((await attempt(app, owner.email, 'guess 10', '203.0.113.1', device)).statusCode).toBe(401);
    expect((await attempt(app, owner.email, owner.password!, '203.0.113.1', device)).statusCode).toBe(429);
    // The device cookie is only trusted for the account that signed in with it.
    const other = await createUser(db());
    const foreign = await attempt(app, other.email, 'wrong', '192.0.2.21', device);
    expect(foreign.statusCode).toBe(401);
    const [row] = await db()
      .select()
      .from(signInThrottles)
      .where(and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, other.email)));
    expect(row?.failures).toBe(1);
  });
});

describeOnDatabases('sign-in throttle housekeeping', (ctx) => {
  it('deletes counters untouched for a day from the hourly job, and keeps the rest', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const db = ctx.database().db;
    const day = 24 * 60 * 60 * 1000;
    const at = (ms: number) => new Date(clock.now().getTime() - ms);
    await db.insert(signInThrottles).values([
      {
        scope: 'address',
        key: '192.0.2.200',
        failures: 3,
        windowStartedAt: at(day + 5000),
        lastFailureAt: at(day + 1000),
      },
      {
        scope: 'address',
        key: '192.0.2.201',
        failures: 3,
        windowStartedAt: at(day),
        lastFailureAt: at(day - 1000),
      },
    ]);
    await send(db, 'accounts.prune-sign-in-throttles', {});
    expect(await app.queue.runDue('accounts.prune-sign-in-throttles')).toBe(1);
    const left = await db.select({ key: signInThrottles.key }).from(signInThrottles);
    expect(left.map((r) => r.key)).toContain('192.0.2.201');
    expect(left.map((r) => r.key)).not.toContain('192.0.2.200');
  });
});

describeOnDatabases('sign-in links', (ctx) => {
  const db = () => ctx.database().db;
  const REDEEM = '/api/v1/auth/sign-in-link/redeem';

  /** The token of the latest link sent to `email` (rows come in no set order without ORDER BY: once the
   * first email was sent, PostgreSQL returned its updated row last). */
  async function linkToken(email: string): Promise<string | undefined> {
    const rows = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'sign_in_link')))
      .orderBy(emailOutbox.createdAt);
    const last = rows.at(-1);
    return last ? /\/auth\?signin=([A-Za-z0-9_-]+)/.exec(last.textBody)![1] : undefined;
  }

  it('answers the same for unknown emails and sends nothing', async () => {
    const app = await ctx.app();
    const known = await createUser(db());
    const a = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      payload: { email: known.email },
    });
    const b = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-link',
      payload: { email: 'nobody-here@example.test' },
    });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toBe(
      'If an account uses that email, a sign-in link is on its way. It works once, within 15 minutes.',
    );
    expect(await linkToken('nobody-here@example.test')).toBeUndefined();
  });

  it('works once, within 15 minutes, sends at most one a minute and confirms the email address', async () => {
    const clock = new ManualClock();
    const app = await ctx.app({}, { clock });
    const person = await createUser(db(), { emailVerifiedAt: null });
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link',
        payload: { email: person.email.toUpperCase() },
      });
    await ask();
    await ask();
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, person.email), eq(emailOutbox.kind, 'sign_in_link')));
    expect(mails).toHaveLength(1);
    const token = (await linkToken(person.email))!;

    const ok = await app.inject({ method: 'POST', url: REDEEM, payload: { token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.emailVerified).toBe(true);
    expect(sessionCookie(ok)).toMatch(/^tn_session=/);
    const again = await app.inject({ method: 'POST', url: REDEEM, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'invalid_token',
      message: 'This sign-in link is invalid or has expired',
    });

    clock.advance(61_000);
    await ask();
    const late = (await linkToken(person.email))!;
    expect(late).not.toBe(token);
    clock.advance(15 * 60_000 + 1);
    expect((await app.inject({ method: 'POST', url: REDEEM, payload: { token: late } })).statusCode).toBe(
      400,
    );
  });

  it('sends nothing to a suspended account and refuses its unused link', async () => {
    const app = await ctx.app();
    const person = await createUser(db());
    await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-link', payload: { email: person.email } });
    const token = (await linkToken(person.email))!;
    await db().update(users).set({ suspendedAt: new Date() }).where(eq(users.id, person.id));
    const res = await app.inject({ method: 'POST', url: REDEEM, payload: { token } });
    expect(res.statusCode).toBe(403);
    await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in-link', payload: { email: person.email } });
    const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(rows.filter((r) => r.kind === 'sign_in_link')).toHaveLength(1);
  });
});

/**
 * Issue 34, point 4: a burst of guesses at one account must not take the database pool with it. The
 * app listens on loopback and is sent real HTTP requests (as from behind a balancer that names the
 * client in X-Forwarded-For), runs with production's pool (DATABASE_POOL_MAX 10, not the harness's 20)
 * and real scrypt. The bound on the time is generous for a loaded two-core machine (the figures are
 * printed): what matters is that every answer comes, none is a 5xx, and the cap admits exactly what it
 * should.
 */
describeOnDatabases('sign-in throttle under attack', (ctx) => {
  const db = () => ctx.database().db;
  const PRODUCTION_POOL = 10;

  interface Answer {
    status: number;
    body: { error?: { code: string; message: string } };
  }

  /** The app on its own pool of production's size (PGlite has one connection whatever the setting). */
  async function productionApp(clock: ManualClock) {
    const overrides = { TRUST_PROXY: 'true', RATE_LIMIT_MAX: '100000' };
    let app: App;
    let database: { close(): Promise<void> } | undefined;
    const url = ctx.kind === 'postgres' ? (ctx.database().client as pg.Pool).options.connectionString! : '';
    if (ctx.kind === 'pglite') app = await ctx.app(overrides, { clock });
    else {
      const own = await openDatabase({
        kind: 'postgres',
        url,
        poolMax: PRODUCTION_POOL,
        applicationName: 'attacked',
      });
      database = own;
      app = await buildApp({ config: testConfig(overrides), database: own, logger: false, clock });
    }
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const send = async (email: string, password: string, ip: string): Promise<Answer> => {
      const res = await fetch(`${origin}${SIGN_IN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password }),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    };
    return {
      send,
      url,
      async close() {
        if (database) {
          await app.close();
          await database.close();
        }
      },
    };
  }

  /** Fires every attempt at once, with the owner of another account signing in in the middle of them. */
  async function storm(
    url: string,
    attempts: Array<() => Promise<Answer>>,
    bystander: () => Promise<Answer>,
  ): Promise<{ answers: Answer[]; own: Answer; allMs: number; held: Held }> {
    const watch = url ? await watchConnections(url) : undefined;
    const started = performance.now();
    const half = attempts.length / 2;
    const [first, own, second] = await Promise.all([
      Promise.all(attempts.slice(0, half).map((a) => a())),
      bystander(),
      Promise.all(attempts.slice(half).map((a) => a())),
    ]);
    // The time until the last answer came.
    const allMs = Math.round(performance.now() - started);
    const held = (await watch?.stop()) ?? { lockWaits: 0, idleInTransaction: 0 };
    return { answers: [...first, ...second], own, allMs, held };
  }

  interface Held {
    /** The most of the app's connections seen waiting for a lock at once. */
    lockWaits: number;
    /** The most seen in a transaction waiting for the app's next statement at once. */
    idleInTransaction: number;
  }

  /** Samples what the app's connections are doing, from a connection of its own, until stopped. */
  async function watchConnections(url: string): Promise<{ stop(): Promise<Held> }> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const most: Held = { lockWaits: 0, idleInTransaction: 0 };
    let running = true;
    const loop = (async () => {
      while (running) {
        const { rows } = await client.query<{ waits: number; idle: number }>(
          `select count(*) filter (where wait_event_type = 'Lock')::int as waits,
             count(*) filter (where state like 'idle in transaction%')::int as idle
           from pg_stat_activity where application_name = 'attacked'`,
        );
        most.lockWaits = Math.max(most.lockWaits, rows[0]!.waits);
        most.idleInTransaction = Math.max(most.idleInTransaction, rows[0]!.idle);
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
        await client.end();
        return most;
      },
    };
  }

  const byStatus = (answers: Answer[]) =>
    answers.reduce<Record<number, number>>((m, r) => {
      m[r.status] = (m[r.status] ?? 0) + 1;
      return m;
    }, {});

  /**
   * What every storm must show: the answers expected, the refusal's words, the other account signed in
   * all the same, in time, no guess holding a transaction open across a round trip (the other
   * account's sign-in may), and the account's stored count exact.
   */
  async function expectStormHeld(
    run: Awaited<ReturnType<typeof storm>>,
    expected: {
      label: string;
      answers: Record<number, number>;
      refusal: string;
      victim: string;
      failures: number;
    },
  ) {
    console.info(
      `[${ctx.kind}] ${expected.label}: ${JSON.stringify(byStatus(run.answers))} in ${run.allMs} ms; most connections at once waiting for a lock ${run.held.lockWaits}, idle in a transaction ${run.held.idleInTransaction}`,
    );
    expect(byStatus(run.answers)).toEqual(expected.answers);
    expect(run.answers.find((r) => r.status === 429)!.body.error!.message).toBe(expected.refusal);
    expect(run.own.status).toBe(200);
    expect(run.allMs).toBeLessThan(60_000);
    expect(run.held.idleInTransaction).toBeLessThanOrEqual(1);
    const [row] = await db()
      .select()
      .from(signInThrottles)
      .where(and(eq(signInThrottles.scope, 'account'), eq(signInThrottles.key, expected.victim)));
    expect(row?.failures).toBe(expected.failures);
  }

  it('answers 150 simultaneous guesses from one address within seconds, checking exactly five', async () => {
    const clock = new ManualClock();
    const { send, url, close } = await productionApp(clock);
    try {
      const victim = await createUser(db());
      const other = await createUser(db());
      const run = await storm(
        url,
        Array.from({ length: 150 }, (_, i) => () => send(victim.email, `guess ${i}`, '198.51.100.20')),
        () => send(other.email, other.password!, '192.0.2.250'),
      );
      await expectStormHeld(run, {
        label: '150 guesses, one address',
        answers: { 401: 5, 429: 145 },
        refusal: FROM_HERE,
        victim: victim.email,
        failures: 5,
      });
    } finally {
      await close();
    }
  });

  it("keeps the account's cap exact under 500 simultaneous guesses from 500 addresses", async () => {
    const clock = new ManualClock();
    const { send, url, close } = await productionApp(clock);
    try {
      const victim = await createUser(db());
      const other = await createUser(db());
      const max = ACCOUNT_CAP.kind === 'cap' ? ACCOUNT_CAP.max : 0;
      // Earlier guesses this hour have left room for ten more (each real one costs a scrypt hash).
      await seed(db(), 'account', victim.email, max - 10, clock.now());
      const run = await storm(
        url,
        Array.from(
          { length: 500 },
          (_, i) => () => send(victim.email, `guess ${i}`, `10.${(i >> 8) & 255}.${i & 255}.9`),
        ),
        () => send(other.email, other.password!, '192.0.2.251'),
      );
      await expectStormHeld(run, {
        label: '500 guesses, 500 addresses',
        answers: { 401: 10, 429: 490 },
        refusal: PROTECTED,
        victim: victim.email,
        failures: max,
      });
    } finally {
      await close();
    }
  });
});
