import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';
import { changedTables, databaseFingerprint } from '../test/fingerprint';
import {
  describeRequest,
  type FuzzContext,
  type FuzzRequest,
  fuzzRequests,
  type OpenApiDocument,
  type Operation,
  operationsOf,
} from '../test/fuzz-requests';
import { sessionFor } from '../test/http';
import { image, MINIMAL_PDF, temporaryDataDir } from '../test/uploads';
import type { App } from './app';
import type { Database } from './db/client';
import { documents, payments, savedProfessionals, sessions } from './db/schema';
import {
  createBooking,
  createConversation,
  createCustomer,
  createJob,
  createMessage,
  createNotification,
  createQuote,
  createReview,
  createTradesperson,
} from './seed/factories';

// Every operation of the OpenAPI document, fuzzed as a visitor, a customer and a tradesperson with
// requests that are each wrong in at least one way (test/fuzz-requests.ts). Two properties hold for
// every batch: no answer is a 5xx, and no row of any table changed (a fingerprint of every table,
// before and after). Each property run sends one request per operation at once, so every operation
// gets the same share. FUZZ_REQUESTS (default 5,100 per database) and FUZZ_SEED change the run; a
// failure prints the seed and the path that replay it.

const ROLES = ['visitor', 'customer', 'tradesperson'] as const;
type Role = (typeof ROLES)[number];
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 5_100);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/**
 * A session whose last use lies ahead: the session plugin slides the idle deadline of a session last
 * used over a minute ago, a legitimate write on any request, which would otherwise show up in the
 * no-change check of a run longer than a minute.
 */
async function quietSession(db: Database, userId: string): Promise<string> {
  const cookie = await sessionFor(db, userId);
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() + 3_600_000) })
    .where(eq(sessions.userId, userId));
  return cookie;
}

const isoInDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Rows of every kind the API names by id, owned by the two signed-in users and by strangers. */
async function marketplace(db: Database) {
  const customer = await createCustomer(db);
  const pro = await createTradesperson(db, { verified: true });
  const stranger = await createCustomer(db);
  const otherPro = await createTradesperson(db, { verified: false });

  const openJob = await createJob(db, { customerId: customer.id, preferredStartDate: isoInDays(10) });
  const quotedJob = await createJob(db, { customerId: customer.id });
  const quote = await createQuote(db, { jobId: quotedJob.id, tradespersonId: pro.id });
  const otherQuote = await createQuote(db, { jobId: quotedJob.id, tradespersonId: otherPro.id });
  const strangersJob = await createJob(db, { customerId: stranger.id });
  const strangersQuote = await createQuote(db, { jobId: strangersJob.id, tradespersonId: otherPro.id });

  const booked = async (status: 'pending' | 'confirmed' | 'completed', depositPaid = false) => {
    const job = await createJob(db, {
      customerId: customer.id,
      status: depositPaid ? 'completed' : 'in_progress',
    });
    const accepted = await createQuote(db, { jobId: job.id, tradespersonId: pro.id, status: 'accepted' });
    return createBooking(db, { quoteId: accepted.id, status, depositPaid, scheduledDate: isoInDays(5) });
  };
  const pending = await booked('pending');
  const confirmed = await booked('confirmed');
  const paid = await booked('completed', true);
  const review = await createReview(db, { bookingId: paid.id });

  const conversation = await createConversation(db, {
    participantOneId: customer.id,
    participantTwoId: pro.id,
    jobId: quotedJob.id,
  });
  const fromCustomer = await createMessage(db, { conversationId: conversation.id, senderId: customer.id });
  const fromPro = await createMessage(db, { conversationId: conversation.id, senderId: pro.id });
  const strangersConversation = await createConversation(db, { participantTwoId: otherPro.id });
  const notes = [
    await createNotification(db, { userId: customer.id }),
    await createNotification(db, { userId: pro.id }),
  ];
  await db.insert(savedProfessionals).values({ customerId: customer.id, tradespersonUserId: pro.id });
  const [waiting] = await db
    .insert(documents)
    .values({
      id: randomUUID(),
      userId: pro.id,
      kind: 'accreditation',
      title: 'Gas Safe card',
      storageKey: `documents/${randomUUID()}.pdf`,
      fileName: 'gas-safe.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 1234,
    })
    .returning();

  const docs = [...pro.documents, ...otherPro.documents, waiting!];
  return {
    customer,
    pro,
    ids: [
      ...[customer, pro, stranger, otherPro].map((u) => u.id),
      ...[openJob, quotedJob, strangersJob].map((j) => j.id),
      ...[quote, otherQuote, strangersQuote].map((q) => q.id),
      ...[pending, confirmed, paid].flatMap((b) => [b.id, b.quoteId, b.jobId]),
      review.id,
      conversation.id,
      strangersConversation.id,
      fromCustomer.id,
      fromPro.id,
      ...notes.map((n) => n.id),
      ...docs.map((d) => d.id),
    ],
    fileKeys: [...docs.map((d) => d.storageKey), `avatars/${pro.id}.webp`],
  };
}

/** Runs every queue the money flow and its notifications use until nothing is due. */
async function drain(app: App) {
  const names = ['payments.sandbox-webhook', 'payments.payout', 'events.dispatch', 'email.deliver'] as const;
  for (let i = 0; i < 10; i++) {
    let ran = 0;
    for (const name of names) ran += await app.queue.runDue(name);
    if (ran === 0) return;
  }
  throw new Error('the queues did not settle');
}

/**
 * Money made through the API, as the web app makes it: checkouts of the customer's completed bookings
 * (one open, one waiting for authentication, one paid and held in escrow) and the tradesperson's
 * payout account with an onboarding link. Their ids are the provider's (cs_test_…, acctlink_test_…):
 * the sandbox's hosted pages and verify-payment are reached with ids that exist. Runs to the end of its
 * webhooks and notifications, so nothing is still changing when the first batch is fingerprinted.
 */
async function money(app: App, db: Database, customerId: string, proId: string) {
  const as = async (userId: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie: await sessionFor(db, userId) }, payload });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const pay = async (sessionId: string, cardNumber: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/checkout/${sessionId}/pay`,
      payload: { cardNumber, expiry: '12 / 34', cvc: '123' },
    });
    if (res.statusCode !== 200) throw new Error(`paying ${sessionId}: ${res.statusCode} ${res.body}`);
  };
  const checkout = async () => {
    const job = await createJob(db, { customerId, status: 'in_progress' });
    const quote = await createQuote(db, { jobId: job.id, tradespersonId: proId, status: 'accepted' });
    const booking = await createBooking(db, { quoteId: quote.id, status: 'completed' });
    const { sessionId } = await as(customerId, 'POST', '/api/v1/payments/create-payment', {
      bookingId: booking.id,
    });
    return { booking, sessionId: sessionId as string };
  };
  const open = await checkout();
  const waiting = await checkout();
  await pay(waiting.sessionId, '4000 0025 0000 3155');
  const paid = await checkout();
  await pay(paid.sessionId, '4242 4242 4242 4242');
  await as(customerId, 'POST', '/api/v1/payments/verify-payment', { sessionId: paid.sessionId });
  await as(proId, 'POST', '/api/v1/payments/connect/account');
  const { url } = await as(proId, 'POST', '/api/v1/payments/connect/onboarding-link', {
    type: 'account_onboarding',
  });
  await drain(app);
  // Every payment, the factory's paid booking's included: release takes their ids.
  const paymentIds = (await db.select({ id: payments.id }).from(payments)).map((p) => p.id);
  return {
    ids: [...paymentIds, ...[open, waiting, paid].flatMap((c) => [c.booking.id, c.booking.jobId])],
    capabilities: [open.sessionId, waiting.sessionId, paid.sessionId, (url as string).split('/').at(-1)!],
  };
}

interface Tally {
  requests: number;
  byClass: Record<string, number>;
  byOperation: Map<string, number>;
  ms: number;
}

describeOnDatabases('fuzzing every API operation', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  let app: App;
  let operations: Operation[];
  let fuzz: FuzzContext;
  const cookies: Record<Role, string> = { visitor: '', customer: '', tradesperson: '' };
  const tally: Tally = { requests: 0, byClass: {}, byOperation: new Map(), ms: 0 };

  beforeAll(async () => {
    app = await ctx.app({ DATA_DIR: data.dir, RATE_LIMIT_MAX: '10000000' });
    operations = operationsOf(app.swagger() as OpenApiDocument);
    const rows = await marketplace(db());
    const paid = await money(app, db(), rows.customer.id, rows.pro.id);
    cookies.customer = await quietSession(db(), rows.customer.id);
    cookies.tradesperson = await quietSession(db(), rows.pro.id);
    fuzz = {
      ids: [...rows.ids, ...paid.ids],
      fileKeys: rows.fileKeys,
      capabilities: paid.capabilities,
      png: await image('png', { width: 8, height: 8 }),
      pdf: MINIMAL_PDF,
    };
  });

  afterAll(() => {
    data.remove();
    const classes = Object.entries(tally.byClass)
      .sort()
      .map(([c, n]) => `${c}: ${n}`)
      .join(', ');
    console.info(
      `fuzz [${ctx.kind}]: ${tally.requests} requests over ${tally.byOperation.size} operations in ` +
        `${(tally.ms / 1000).toFixed(1)} s (seeds ${SEED} to ${SEED + 2}, one per role); ${classes}`,
    );
  });

  // A request the server took as valid may never end (the event stream): it fails the run instead of
  // hanging it. The stream is closed with the app.
  const send = async (role: Role, request: FuzzRequest) => {
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in 10 s: ${describeRequest(request)}`)), 10_000);
    });
    try {
      return await Promise.race([
        app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...(cookies[role] ? { cookie: cookies[role] } : {}) },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        }),
        unanswered,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  it('reads every operation of the OpenAPI document', () => {
    // The document is the source of the requests: an empty or shrunken one would fuzz nothing.
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((o) => o.multipart).map((o) => o.id)).toEqual([
      'POST /api/v1/tradesperson/profile/picture',
      'POST /api/v1/documents',
      'POST /api/v1/disputes/{id}/evidence/photos',
      'POST /api/v1/photos',
    ]);
  });

  it.each(ROLES.map((role, i) => [role, i] as const))(
    'as a %s: no 5xx and no change to any table',
    async (role, index) => {
      const runs = Math.ceil(TOTAL / ROLES.length / operations.length);
      const batch = fc.tuple(...operations.map((op) => fuzzRequests(op, fuzz)));
      const started = performance.now();
      await fc.assert(
        fc.asyncProperty(batch, async (requests) => {
          const before = await databaseFingerprint(db());
          const answers = await Promise.all(requests.map((r) => send(role, r)));
          const changed = changedTables(before, await databaseFingerprint(db()));

          const serverErrors: string[] = [];
          answers.forEach((res, i) => {
            const request = requests[i]!;
            const kind = `${Math.floor(res.statusCode / 100)}xx`;
            tally.requests += 1;
            tally.byClass[kind] = (tally.byClass[kind] ?? 0) + 1;
            tally.byOperation.set(request.operation, (tally.byOperation.get(request.operation) ?? 0) + 1);
            if (res.statusCode >= 500) serverErrors.push(`${res.statusCode} ← ${describeRequest(request)}`);
          });
          if (serverErrors.length > 0) {
            throw new Error(`${serverErrors.length} answers were 5xx:\n${serverErrors.join('\n')}`);
          }
          if (changed.length > 0) {
            // Whoever changed data was most likely answered 2xx; every request is listed after them.
            const accepted = requests
              .map((r, i) => [r, answers[i]!.statusCode] as const)
              .sort(([, a], [, b]) => a - b)
              .map(([r, status]) => `${status} ← ${describeRequest(r)}`);
            throw new Error(`the batch changed ${changed.join('; ')}:\n${accepted.join('\n')}`);
          }
        }),
        // No shrinking: a failure names its requests already, and shrinking a batch re-sends it for minutes.
        { numRuns: runs, seed: SEED + index, endOnFailure: true },
      );
      tally.ms += performance.now() - started;
    },
    180_000,
  );

  it('sent every operation its share, and stored no file', () => {
    const runs = Math.ceil(TOTAL / ROLES.length / operations.length);
    expect(tally.requests).toBeGreaterThanOrEqual(TOTAL);
    for (const op of operations)
      expect([op.id, tally.byOperation.get(op.id)]).toEqual([op.id, runs * ROLES.length]);
    const stored = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? stored(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
      );
    expect(stored(data.dir)).toEqual([]);
  });
});
