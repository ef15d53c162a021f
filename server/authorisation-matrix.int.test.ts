import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/databases';
import { sessionFor } from '../test/http';
import { listen, openEvents } from '../test/sse';
import { image, MINIMAL_PDF, multipart, temporaryDataDir } from '../test/uploads';
import { signPayload } from './adapters/payments/webhook-signature';
import type { App } from './app';
import type { Database } from './db/client';
import {
  bookingReschedules,
  calendarFeeds,
  documents,
  emailTokens,
  payments,
  photos,
  savedProfessionals,
  timeOff,
  unsubscribeTokens,
} from './db/schema';
import { hashToken, newToken } from './lib/tokens';
import {
  createAdmin,
  createBooking,
  createConversation,
  createCustomer,
  createJob,
  createMessage,
  createNotification,
  createQuote,
  createReview,
  createTradesperson,
  TEST_PASSWORD,
} from './seed/factories';

// The authorisation matrix: every operation of the OpenAPI document, tried by each kind of caller,
// against the answer the visibility rules give (DOMAIN-RULES 2: anything a user may not see is a 404,
// never a 403, so ids cannot be probed). The operations are read from the document, so a new route
// fails here until its row says who may use it.
//
// Callers, relative to the resource a row's request is about:
//   visitor            no session
//   owner              the user whose resource it is (for a list or a form: a user it is meant for)
//   party              the other side of a two-sided resource (the job's customer for a quote, the
//                      customer of a booking, the other participant of a conversation), where a
//                      row names one
//   otherCustomer      a customer with jobs, quotes and conversations of its own, but not this one's
//   otherTradesperson  the same for a tradesperson, who has also quoted on one of the world
//                      customer's other jobs
//   admin              an admin (a customer account with the admin role)
//
// Besides each status, every response body is searched for the world's private texts (a quote's
// message, a job's full postcode, a private message, a document's file name …): one found in the
// answer to someone the rules do not show it to is a leak, whatever the status.

type Actor = 'visitor' | 'owner' | 'party' | 'otherCustomer' | 'otherTradesperson' | 'admin';
/** 'ok' is any 2xx; a number is that exact status. */
type Expected = 'ok' | 400 | 401 | 403 | 404 | 409;
type Expectations = Record<Exclude<Actor, 'party'>, Expected> & { party?: Expected };

interface User {
  id: string;
  email: string;
}

/** What a row's request is about, built afresh for each caller. */
interface Target {
  /** Values for the path's `{placeholders}`. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  json?: unknown;
  form?: { payload: Buffer; headers: Record<string, string> };
  /** A body sent exactly as given (a signed webhook), with its headers. */
  raw?: { payload: string; headers: Record<string, string> };
  owner: User;
  party?: User;
}

interface Row {
  /** Names the situation when an operation has several rows. */
  scenario?: string;
  /**
   * Called once per caller: a request that changes something gets resources of its own, so no caller
   * sees what another one's request did.
   */
  target: (w: World) => Promise<Target>;
  expect: Expectations;
  /** Every signed-in caller is a new account of its kind: the request changes the caller's own account. */
  freshActors?: boolean;
}

/* ------------------------------------------------------------------------------ expectations */

const everyone: Expectations = {
  visitor: 'ok',
  owner: 'ok',
  otherCustomer: 'ok',
  otherTradesperson: 'ok',
  admin: 'ok',
};
/** Each signed-in user's own things (lists, settings, session): never anyone else's. */
const signedIn: Expectations = { ...everyone, visitor: 401 };
/** The owner alone; everyone else is told there is nothing there. */
const ownerOnly: Expectations = {
  visitor: 401,
  owner: 'ok',
  otherCustomer: 404,
  otherTradesperson: 404,
  admin: 404,
};
/** Nothing there, whoever asks (an unknown capability id). */
const nobody: Expectations = {
  visitor: 404,
  owner: 404,
  otherCustomer: 404,
  otherTradesperson: 404,
  admin: 404,
};
/** A tradesperson's own screens (the owner is a tradesperson); customers, admins included, get 404. */
const tradespeopleOnly: Expectations = { ...ownerOnly, otherTradesperson: 'ok' };
/** A tradesperson's working week: customers (admins included) are told only tradespeople have one. */
const ownWorkingWeek: Expectations = { ...tradespeopleOnly, otherCustomer: 403, admin: 403 };
/** A customer's own screens (the owner is a customer); tradespeople get 404. */
const customersOnly: Expectations = { ...ownerOnly, otherCustomer: 'ok', admin: 'ok' };
/**
 * Admin screens: the owner and party (the customer and tradesperson whose payment it is) get the 404
 * everyone but an admin gets.
 */
/** The admin console: everyone else, signed out included, is told there is nothing there. */
/** The console's rows about an account rather than a two-sided resource: no party. */
const consoleOnly: Expectations = {
  visitor: 404,
  owner: 404,
  otherCustomer: 404,
  otherTradesperson: 404,
  admin: 'ok',
};
const adminsOnly: Expectations = {
  visitor: 404,
  owner: 404,
  party: 404,
  otherCustomer: 404,
  otherTradesperson: 404,
  admin: 'ok',
};

/* ------------------------------------------------------------------------------ the fixture world */

interface Secret {
  label: string;
  text: string;
  /** Ids of the users the rules show it to. */
  seenBy: string[];
}

interface World {
  app: App;
  db: Database;
  /** The owner of the world's jobs. */
  customer: User;
  /** Quoted on the customer's open job, booked on its booked job, talks to it. */
  tradesperson: User;
  otherCustomer: User;
  otherTradesperson: User;
  admin: User;
  openJob: { id: string };
  bookedJob: { id: string };
  /** The tradesperson's accepted quote and confirmed booking on the booked job. */
  bookedQuote: { id: string };
  booking: { id: string };
  /** A completed booking of the customer and the tradesperson, paid through the API: held in escrow. */
  paidBooking: { id: string };
  /** The checkout session that paid it. */
  paidSessionId: string;
  /** Raised by the customer on another paid booking with the tradesperson; its money frozen. */
  dispute: { id: string };
  /** A confirmed booking of the two paid in milestones; its first milestone's title is private. */
  milestoneBooking: { id: string };
  quote: { id: string };
  /** One of the tradesperson's verification documents, reviewed and approved. */
  approvedDocument: { id: string };
  conversation: { id: string };
  notification: { id: string };
  unsubscribeToken: string;
  documentKey: string;
  avatarKey: string;
  /** Verified, but 'Profile visible to all' is off. */
  hiddenTradesperson: User;
  /** Verified, but suspended by an admin. */
  suspendedTradesperson: User;
  secrets: Secret[];
  /** Labels of the secrets some answer showed to a caller allowed to see them. */
  seen: Set<string>;
}

const user = (u: { id: string; email: string }): User => ({ id: u.id, email: u.email });
const secret = () => `private-${randomUUID()}`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function uploadAs(
  app: App,
  cookie: string,
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
) {
  return app.inject({ method: 'POST', url, headers: { ...form.headers, cookie }, payload: form.payload });
}

async function buildWorld(app: App, db: Database): Promise<World> {
  const customer = await createCustomer(db, { email: `${secret()}@example.test` });
  const tradesperson = await createTradesperson(db, {
    email: `${secret()}@example.test`,
    verified: true,
    phone: '0161 496 0777',
  });
  const otherCustomer = await createCustomer(db, { email: `${secret()}@example.test` });
  const otherTradesperson = await createTradesperson(db, {
    email: `${secret()}@example.test`,
    verified: true,
    trade: 'Electrician',
  });
  const admin = await createAdmin(db);
  const [c, t, oc, ot, a] = [customer.id, tradesperson.id, otherCustomer.id, otherTradesperson.id, admin.id];

  // The customer's jobs: one open with the tradesperson's quote, one open with the other
  // tradesperson's quote, one booked to the tradesperson. Postcodes no one else uses, so a full one
  // in an answer can only come from the job.
  const openJob = await createJob(db, { customerId: c, postcode: 'LS1 4AP' });
  const quoteMessage = secret();
  const quote = await createQuote(db, { jobId: openJob.id, tradespersonId: t, message: quoteMessage });
  const quotedJob = await createJob(db, { customerId: c, postcode: 'LS2 7EW' });
  const otherQuoteMessage = secret();
  await createQuote(db, { jobId: quotedJob.id, tradespersonId: ot, message: otherQuoteMessage });
  const bookedJob = await createJob(db, { customerId: c, postcode: 'B1 1BB', status: 'in_progress' });
  const bookedQuote = await createQuote(db, { jobId: bookedJob.id, tradespersonId: t, status: 'accepted' });
  const booking = await createBooking(db, { quoteId: bookedQuote.id, status: 'confirmed' });
  // The other customer's job, quoted on by the other tradesperson.
  const otherJob = await createJob(db, { customerId: oc });
  await createQuote(db, { jobId: otherJob.id, tradespersonId: ot });

  const conversation = await createConversation(db, {
    participantOneId: c,
    participantTwoId: t,
    jobId: openJob.id,
  });
  const message = secret();
  await createMessage(db, { conversationId: conversation.id, senderId: t, content: message });
  const otherConversation = await createConversation(db, {
    participantOneId: oc,
    participantTwoId: ot,
    jobId: otherJob.id,
  });
  const otherMessage = secret();
  await createMessage(db, { conversationId: otherConversation.id, senderId: oc, content: otherMessage });

  const notificationTitle = secret();
  const notification = await createNotification(db, { userId: c, title: notificationTitle });
  const unsubscribeToken = newToken();
  await db.insert(unsubscribeTokens).values({ token: unsubscribeToken, userId: c, setting: 'quoteUpdates' });

  // A verification document and a profile picture, uploaded as the web app does, so their files exist.
  const tradespersonCookie = await sessionFor(db, t);
  const fileName = `${secret()}.pdf`;
  const upload = await uploadAs(
    app,
    tradespersonCookie,
    '/api/v1/documents',
    await multipart(
      { kind: 'accreditation', title: 'Gas Safe' },
      { name: fileName, type: 'application/pdf', bytes: MINIMAL_PDF },
    ),
  );
  if (upload.statusCode !== 201) throw new Error(`document upload failed: ${upload.body}`);
  const [document] = await db.select().from(documents).where(eq(documents.id, upload.json().document.id));
  const picture = await uploadAs(
    app,
    tradespersonCookie,
    '/api/v1/tradesperson/profile/picture',
    await multipart({}, { name: 'me.png', type: 'image/png', bytes: await image('png') }),
  );
  if (picture.statusCode !== 200) throw new Error(`picture upload failed: ${picture.body}`);
  const avatarKey = (picture.json().avatarUrl as string).replace('/api/v1/files/', '');

  // A booking paid as the web app pays one (checkout, the sandbox's card page, verification), and the
  // payout accounts of both tradespeople. The paid job's title is for the parties and admins: the
  // earnings and admin payment lists name it, and must name it to no one else.
  const paidTitle = `Rewire the ${secret()}`;
  const paidJob = await createJob(db, { customerId: c, title: paidTitle, status: 'in_progress' });
  const paidQuote = await createQuote(db, { jobId: paidJob.id, tradespersonId: t, status: 'accepted' });
  const paidBooking = await createBooking(db, { quoteId: paidQuote.id, status: 'completed' });
  const paidSessionId = await payThroughApi(app, db, c, paidBooking.id);
  // The customer's review of it, waiting for fair reveal: only its author may read it until published.
  const waitingReview = secret();
  await createReview(db, { bookingId: paidBooking.id, comment: waitingReview, publishedAt: null });
  for (const id of [t, ot]) await call(app, db, id, 'POST', '/api/v1/payments/connect/account');
  // A dispute the customer raised on another paid booking with the tradesperson: its description is
  // for the two of them and admins only.
  const disputeDescription = `The grout failed within a week ${secret()}`;
  const disputedJob = await createJob(db, { customerId: c, status: 'completed' });
  const disputedQuote = await createQuote(db, {
    jobId: disputedJob.id,
    tradespersonId: t,
    status: 'accepted',
  });
  const disputedBooking = await createBooking(db, {
    quoteId: disputedQuote.id,
    status: 'completed',
    depositPaid: true,
  });
  const raised = await app.inject({
    method: 'POST',
    url: '/api/v1/disputes',
    headers: { cookie: await sessionFor(db, c) },
    payload: {
      bookingId: disputedBooking.id,
      reason: 'Poor quality of work',
      description: disputeDescription,
    },
  });
  if (raised.statusCode !== 201) throw new Error(`raising the world's dispute failed: ${raised.body}`);

  // A booking paid in milestones: its plan is the two parties' and admins' business.
  const milestoneTitle = `Strip out the ${secret()}`;
  const milestoneBooking = (
    await freshPlannedBooking({ app, db, customer, tradesperson } as unknown as World, { milestoneTitle })
  ).booking;

  // Profiles no one else may see, saved by the customer before they went: lists must leave them out.
  const hiddenName = secret();
  const hiddenTradesperson = await createTradesperson(db, {
    fullName: hiddenName,
    verified: true,
    settings: { profileVisible: false },
  });
  const suspendedName = secret();
  const suspended = await createTradesperson(db, {
    fullName: suspendedName,
    verified: true,
    suspendedAt: new Date(),
  });
  await db.insert(savedProfessionals).values([
    { customerId: c, tradespersonUserId: hiddenTradesperson.id },
    { customerId: c, tradespersonUserId: suspended.id },
  ]);

  return {
    app,
    db,
    customer: user(customer),
    tradesperson: user(tradesperson),
    otherCustomer: user(otherCustomer),
    otherTradesperson: user(otherTradesperson),
    admin: user(admin),
    openJob,
    bookedJob,
    bookedQuote,
    booking,
    paidBooking,
    paidSessionId,
    milestoneBooking,
    dispute: { id: raised.json().dispute.id },
    quote,
    approvedDocument: tradesperson.documents.find((d) => d.status === 'approved')!,
    conversation,
    notification,
    unsubscribeToken,
    documentKey: document!.storageKey,
    avatarKey,
    hiddenTradesperson: user(hiddenTradesperson),
    suspendedTradesperson: user(suspended),
    secrets: [
      { label: "the tradesperson's quote message", text: quoteMessage, seenBy: [c, t, a] },
      { label: "the other tradesperson's quote message", text: otherQuoteMessage, seenBy: [c, ot, a] },
      // Tradespeople see the district until they are booked on the job.
      { label: "the open job's full postcode", text: 'LS1 4AP', seenBy: [c, a] },
      { label: "the quoted job's full postcode", text: 'LS2 7EW', seenBy: [c, a] },
      { label: "the booked job's full postcode", text: 'B1 1BB', seenBy: [c, t, a] },
      // Admins read a conversation only in the case file of a dispute between its two people.
      { label: 'a message between the customer and the tradesperson', text: message, seenBy: [c, t, a] },
      { label: 'a message between the other two', text: otherMessage, seenBy: [oc, ot] },
      { label: "the customer's notification", text: notificationTitle, seenBy: [c] },
      { label: "the tradesperson's document file name", text: fileName, seenBy: [t, a] },
      { label: "the tradesperson's phone number", text: '0161 496 0777', seenBy: [t] },
      { label: "the paid job's title", text: paidTitle, seenBy: [c, t, a] },
      { label: "the customer's review waiting for fair reveal", text: waitingReview, seenBy: [c] },
      { label: "the dispute's description", text: disputeDescription, seenBy: [c, t, a] },
      { label: "a milestone's title", text: milestoneTitle, seenBy: [c, t, a] },
      { label: "the hidden tradesperson's name", text: hiddenName, seenBy: [hiddenTradesperson.id, a] },
      // Admins see every account in the console: names, email addresses, suspensions.
      { label: "the suspended tradesperson's name", text: suspendedName, seenBy: [a] },
      { label: "the customer's email address", text: customer.email, seenBy: [c, a] },
      { label: "the tradesperson's email address", text: tradesperson.email, seenBy: [t, a] },
      { label: "the other customer's email address", text: otherCustomer.email, seenBy: [oc, a] },
      { label: "the other tradesperson's email address", text: otherTradesperson.email, seenBy: [ot, a] },
    ],
    seen: new Set(),
  };
}

/* ------------------------------------------------------------------------------ fresh resources */

/** An open job of the world's customer. */
const freshOpenJob = (w: World) => createJob(w.db, { customerId: w.customer.id });

/** A pending quote of the world's tradesperson on a new open job of the world's customer. */
async function freshQuote(w: World) {
  const job = await freshOpenJob(w);
  return createQuote(w.db, { jobId: job.id, tradespersonId: w.tradesperson.id });
}

/** A booking of the world's tradesperson on a new job of the world's customer. */
async function freshBooking(w: World, status: 'pending' | 'confirmed') {
  const job = await createJob(w.db, { customerId: w.customer.id, status: 'in_progress' });
  const quote = await createQuote(w.db, {
    jobId: job.id,
    tradespersonId: w.tradesperson.id,
    status: 'accepted',
  });
  return createBooking(w.db, { quoteId: quote.id, status });
}

/** A confirmed booking of the world's pair with a new date proposed by its customer, waiting. */
async function freshReschedule(w: World) {
  const booking = await freshBooking(w, 'confirmed');
  const [proposal] = await w.db
    .insert(bookingReschedules)
    .values({ bookingId: booking.id, proposedBy: w.customer.id, toDate: inDays(21) })
    .returning();
  return proposal!;
}

/* ------------------------------------------------------------------------------ money */

/** A request as `userId` that must succeed (fixtures made through the API, as the web app makes them). */
async function call(
  app: App,
  db: Database,
  userId: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  const res = await app.inject({ method, url, headers: { cookie: await sessionFor(db, userId) }, payload });
  if (res.statusCode !== 200) throw new Error(`${method} ${url} as ${userId}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The sandbox's hosted card page, which needs no session: its id is the capability. */
async function payCheckout(app: App, sessionId: string, cardNumber: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/checkout/${sessionId}/pay`,
    payload: { cardNumber, expiry: '12 / 34', cvc: '123', name: 'Ann Smith' },
  });
  if (res.statusCode !== 200) throw new Error(`paying ${sessionId}: ${res.statusCode} ${res.body}`);
  return res.json() as { outcome: string };
}

const PAYS = '4242 4242 4242 4242';
/** A card the sandbox accepts, as its checkout form takes it. */
const CARD = { cardNumber: PAYS, expiry: '12 / 34', cvc: '123' };
const ASKS_FOR_AUTHENTICATION = '4000 0025 0000 3155';

/** The customer's checkout for a booking: the session the card page pays. */
async function startCheckout(app: App, db: Database, customerId: string, bookingId: string) {
  const { sessionId } = await call(app, db, customerId, 'POST', '/api/v1/payments/create-payment', {
    bookingId,
  });
  return sessionId as string;
}

/** Pays a completed booking as its customer does: checkout, a card that succeeds, verification. */
async function payThroughApi(app: App, db: Database, customerId: string, bookingId: string) {
  const sessionId = await startCheckout(app, db, customerId, bookingId);
  await payCheckout(app, sessionId, PAYS);
  const verified = await call(app, db, customerId, 'POST', '/api/v1/payments/verify-payment', { sessionId });
  if (verified.status !== 'paid')
    throw new Error(`booking ${bookingId} is not paid: ${JSON.stringify(verified)}`);
  return sessionId;
}

/** A completed, unpaid booking of the world's tradesperson on a new job of the world's customer. */
async function freshCompletedBooking(w: World) {
  const job = await createJob(w.db, { customerId: w.customer.id, status: 'in_progress' });
  const quote = await createQuote(w.db, {
    jobId: job.id,
    tradespersonId: w.tradesperson.id,
    status: 'accepted',
  });
  return createBooking(w.db, { quoteId: quote.id, status: 'completed' });
}

/** A completed booking the customer has paid (the factory writes the payment as the API would). */
async function freshPaidBooking(w: World) {
  const job = await createJob(w.db, { customerId: w.customer.id, status: 'completed' });
  const quote = await createQuote(w.db, {
    jobId: job.id,
    tradespersonId: w.tradesperson.id,
    status: 'accepted',
  });
  return createBooking(w.db, { quoteId: quote.id, status: 'completed', depositPaid: true });
}

/** A fresh paid booking of the world's two, disputed by the customer through the API (money frozen). */
async function freshDispute(w: World): Promise<{ id: string; bookingId: string }> {
  const booking = await freshPaidBooking(w);
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/disputes',
    headers: { cookie: await sessionFor(w.db, w.customer.id) },
    payload: {
      bookingId: booking.id,
      reason: 'Poor quality of work',
      description: 'The new tap drips again and the sealant is already peeling.',
    },
  });
  if (res.statusCode !== 201) throw new Error(`raising a dispute failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().dispute.id, bookingId: booking.id };
}

/** A published review on a fresh paid booking: by the customer of the tradesperson, or the other way. */
async function freshReview(w: World, of: 'tradesperson' | 'customer' = 'tradesperson') {
  const booking = await freshPaidBooking(w);
  const [reviewerId, revieweeId] =
    of === 'tradesperson' ? [w.customer.id, w.tradesperson.id] : [w.tradesperson.id, w.customer.id];
  return createReview(w.db, { bookingId: booking.id, reviewerId, revieweeId });
}

/** An open checkout session of a fresh completed booking. */
async function freshCheckout(w: World) {
  const booking = await freshCompletedBooking(w);
  return startCheckout(w.app, w.db, w.customer.id, booking.id);
}

/** A fresh booking paid through the API, and its payment (held in escrow). */
async function freshPayment(w: World) {
  const booking = await freshCompletedBooking(w);
  await payThroughApi(w.app, w.db, w.customer.id, booking.id);
  const [payment] = await w.db.select().from(payments).where(eq(payments.bookingId, booking.id));
  return { booking, payment: payment! };
}

/**
 * A change the tradesperson proposed on a fresh confirmed booking of the world's two, waiting for the
 * customer; with `paid` the booking was paid through the API first, and with `accepted` the customer
 * accepted it (an increase then waits to be paid). Its id.
 */
async function freshChange(w: World, opts: { paid?: boolean; accepted?: boolean } = {}): Promise<string> {
  const booking = opts.paid ? (await freshPayment(w)).booking : await freshBooking(w, 'confirmed');
  const proposed = await call(
    w.app,
    w.db,
    w.tradesperson.id,
    'POST',
    `/api/v1/bookings/${booking.id}/changes`,
    {
      description: 'Replace the rotten joist as well',
      direction: 'increase',
      amount: '25',
    },
  );
  const id: string = proposed.change.id;
  if (opts.accepted) await call(w.app, w.db, w.customer.id, 'POST', `/api/v1/changes/${id}/accept`);
  return id;
}

/** Saves a card that always pays for the world's customer, as Payment Methods does; its id. */
async function freshCard(w: World): Promise<string> {
  const setup = await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/payment-methods/setup-intent');
  await payCard(w.app, setup.setupIntentId, setup.clientSecret);
  const saved = await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/payment-methods/confirm-setup', {
    setupIntentId: setup.setupIntentId,
  });
  return saved.paymentMethods.find((c: { createdAt: string }) => c.createdAt).id;
}

async function payCard(app: App, setupIntentId: string, clientSecret: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/setup-intents/${setupIntentId}/confirm`,
    payload: { clientSecret, ...CARD },
  });
  if (res.statusCode !== 200) throw new Error(`saving a sandbox card failed: ${res.body}`);
}

/** A proposed milestone plan for a fresh confirmed booking of the customer and the tradesperson. */
async function freshProposal(w: World, milestoneTitle = 'First fix') {
  const booking = await freshBooking(w, 'confirmed');
  const half = Math.floor(booking.amount / 2);
  const proposed = await call(
    w.app,
    w.db,
    w.tradesperson.id,
    'POST',
    `/api/v1/bookings/${booking.id}/milestone-plan`,
    {
      milestones: [
        { title: milestoneTitle, amountPence: half, dueDate: inDays(7) },
        { title: 'Second fix', amountPence: booking.amount - half, dueDate: inDays(14) },
      ],
    },
  );
  return { booking, planId: proposed.milestones.proposal.id as string };
}

/** An accepted plan; with `paid`, its first milestone is paid (and with `done`, marked done). */
async function freshPlannedBooking(
  w: World,
  opts: { milestoneTitle?: string; paid?: boolean; done?: boolean } = {},
) {
  const { booking, planId } = await freshProposal(w, opts.milestoneTitle);
  const accepted = await call(
    w.app,
    w.db,
    w.customer.id,
    'POST',
    `/api/v1/bookings/${booking.id}/milestone-plan/accept`,
    {
      planId,
    },
  );
  const milestoneId: string = accepted.milestones.milestones[0].id;
  if (opts.paid) {
    await freshCard(w);
    await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/milestones/charge', { milestoneId });
  }
  if (opts.done) await call(w.app, w.db, w.tradesperson.id, 'POST', `/api/v1/milestones/${milestoneId}/done`);
  return { booking, milestoneId };
}

/** A sandbox setup intent of the world's customer, not yet confirmed. */
async function freshSetupIntent(w: World) {
  return (await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/payment-methods/setup-intent')) as {
    setupIntentId: string;
    clientSecret: string;
  };
}

/** A saved-card charge waiting for the bank's authentication: its payment intent's id. */
async function freshChallenge(w: World): Promise<string> {
  const { milestoneId } = await freshPlannedBooking(w);
  const setup = await freshSetupIntent(w);
  const form = await w.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/setup-intents/${setup.setupIntentId}/confirm`,
    payload: {
      clientSecret: setup.clientSecret,
      cardNumber: '4000 0027 6000 3184',
      expiry: '12 / 34',
      cvc: '123',
    },
  });
  if (form.statusCode !== 200) throw new Error(`saving an authenticating card failed: ${form.body}`);
  await w.app.inject({
    method: 'POST',
    url: `/api/v1/sandbox/intents/${setup.setupIntentId}/challenge`,
    payload: { result: 'complete' },
  });
  const saved = await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/payment-methods/confirm-setup', {
    setupIntentId: setup.setupIntentId,
  });
  const card = saved.paymentMethods.find((c: { last4: string }) => c.last4 === '3184');
  const charged = await call(w.app, w.db, w.customer.id, 'POST', '/api/v1/milestones/charge', {
    milestoneId,
    paymentMethodId: card.id,
  });
  return (charged.actionUrl as string).split('/').pop()!;
}

/** The sandbox's onboarding link for a new tradesperson's new payout account. */
async function freshOnboardingLink(w: World) {
  const owner = await freshTradesperson(w);
  await call(w.app, w.db, owner.id, 'POST', '/api/v1/payments/connect/account');
  const { url } = await call(w.app, w.db, owner.id, 'POST', '/api/v1/payments/connect/onboarding-link', {
    type: 'account_onboarding',
  });
  return { owner, linkId: (url as string).split('/sandbox/onboarding/')[1]! };
}

/** A webhook event as the sandbox provider sends it: the raw body and its signature header. */
function sandboxWebhook(signingSecret: string | null) {
  const body = JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    object: 'event',
    type: 'account.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `acct_test_${randomUUID()}`, object: 'account' } },
  });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signingSecret)
    headers['sandbox-signature'] = signPayload(body, signingSecret, Math.floor(Date.now() / 1000));
  return { payload: body, headers };
}

/** The test configuration's sandbox signing secret (server/config/config.ts). */
const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_tradenest_local_only';

// Signing in, changing the password and deleting the account check the password against its stored
// hash, which names its own scrypt cost: new accounts get a cheap one, or those rows would spend most of
// the matrix's time in key derivation.
const CHEAP_HASH = (() => {
  const salt = randomBytes(16);
  const key = scryptSync(TEST_PASSWORD, salt, 64, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
})();

const freshCustomer = async (w: World) => user(await createCustomer(w.db, { passwordHash: CHEAP_HASH }));
const freshTradesperson = async (w: World) =>
  user(await createTradesperson(w.db, { verified: true, passwordHash: CHEAP_HASH }));

/** The token an email link carries, as the server would have sent it to `owner`. */
async function emailToken(w: World, owner: User, purpose: 'verify_email' | 'sign_in') {
  const token = newToken();
  await w.db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId: owner.id,
    purpose,
    expiresAt: new Date(Date.now() + 600_000),
  });
  return token;
}

const asCustomer = async (w: World): Promise<Target> => ({ owner: w.customer });
const asTradesperson = async (w: World): Promise<Target> => ({ owner: w.tradesperson });

const jobForm = () => ({
  title: 'Fix a dripping kitchen tap',
  category: 'Plumbing',
  description: 'The mixer tap in the kitchen drips all day and the washer needs replacing.',
  budgetMin: '50',
  budgetMax: '150',
  postcode: 'M1 1AE',
  preferredStartDate: inDays(2),
});

/** A photo the world's customer uploaded (stored, pending), attached to `jobId` when one is given. */
async function customerPhoto(w: World, jobId?: string): Promise<string> {
  const res = await uploadAs(
    w.app,
    await sessionFor(w.db, w.customer.id),
    '/api/v1/photos',
    await multipart({}, { name: 'tap.png', type: 'image/png', bytes: await image('png') }),
  );
  if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.body}`);
  const id: string = res.json().photo.id;
  if (jobId) await w.db.update(photos).set({ jobId }).where(eq(photos.id, id));
  return id;
}

// The photos the GET rows read, uploaded once per world (each row's target is built once per caller,
// and the customer may have only 8 photos pending).
const worldPhotos = new WeakMap<World, Promise<{ pending: string; open: string; booked: string }>>();
function photosOfWorld(w: World) {
  let found = worldPhotos.get(w);
  if (!found) {
    found = (async () => ({
      pending: await customerPhoto(w),
      open: await customerPhoto(w, w.openJob.id),
      booked: await customerPhoto(w, w.bookedJob.id),
    }))();
    worldPhotos.set(w, found);
  }
  return found;
}

/** A pending photo row of the customer's, without files (removing it needs none). */
async function pendingPhotoRow(w: World): Promise<string> {
  const [row] = await w.db
    .insert(photos)
    .values({
      ownerId: w.customer.id,
      displayKey: `photos/${randomUUID()}/display.webp`,
      thumbKey: `photos/${randomUUID()}/thumb.webp`,
      width: 400,
      height: 300,
      thumbWidth: 400,
      thumbHeight: 300,
      bytes: 1000,
    })
    .returning();
  return row!.id;
}

/** An id the sandbox never issued: its hosted pages answer 404 to everyone, signed in or not. */
const unknownSandboxId = (
  prefix: string,
  json?: unknown,
  owner: 'customer' | 'tradesperson' = 'customer',
): Row => ({
  scenario: 'an unknown id',
  target: async (w) => ({
    owner: w[owner],
    params: { id: `${prefix}_test_${randomUUID()}` },
    ...(json ? { json } : {}),
  }),
  expect: nobody,
});

const onboardingForm = {
  legalName: 'Tom Trade',
  dateOfBirth: '1985-04-12',
  sortCode: '10-88-00',
  accountNumber: '00012345',
};

const validProfile = {
  trade: 'Electrician',
  bio: 'NICEIC registered electrician.',
  yearsExperience: 8,
  hourlyRateMin: 45,
  hourlyRateMax: 65,
  specialties: ['Rewiring'],
  serviceAreas: ['Manchester'],
  basePostcode: 'M1 1AE',
  serviceRadiusMiles: 20,
};

/* ------------------------------------------------------------------------------ the matrix */

// Keyed by method and path as the OpenAPI document writes them.
const MATRIX: Record<string, Row | Row[]> = {
  // Health and reference data: public.
  'GET /api/health': { target: asCustomer, expect: everyone },
  'GET /api/ready': { target: asCustomer, expect: everyone },
  'GET /api/v1/geo/postcodes/{postcode}': {
    target: async (w) => ({ owner: w.customer, params: { postcode: 'M1 1AE' } }),
    expect: everyone,
  },
  'GET /api/v1/geo/locations': {
    target: async (w) => ({ owner: w.customer, query: { q: 'Leeds' } }),
    expect: everyone,
  },
  'GET /api/v1/geo/visitor': { target: asCustomer, expect: everyone },
  'GET /api/v1/support/contact': { target: asCustomer, expect: everyone },
  // Not registered in production (email-delivery.int.test.ts checks that); in development it shows
  // every queued email to anyone, so its answers are not searched for private texts.
  'GET /api/v1/dev/outbox': { target: asCustomer, expect: everyone },

  // Accounts: each caller's own session and account.
  'GET /api/v1/auth/session': { target: asCustomer, expect: everyone },
  'POST /api/v1/auth/sign-up': {
    target: async (w) => ({
      owner: w.customer,
      json: {
        email: `sign-up-${randomUUID()}@example.test`,
        password: 'correct horse',
        fullName: 'New Person',
        userType: 'customer',
      },
    }),
    expect: everyone,
  },
  'POST /api/v1/auth/sign-in': {
    target: async (w) => {
      const owner = await freshCustomer(w);
      return { owner, json: { email: owner.email, password: TEST_PASSWORD } };
    },
    expect: everyone,
  },
  // The same answer whether or not the address has an account.
  'POST /api/v1/auth/sign-in-link': [
    {
      scenario: 'an account',
      target: async (w) => {
        const owner = await freshCustomer(w);
        return { owner, json: { email: owner.email } };
      },
      expect: everyone,
    },
    {
      scenario: 'no account',
      target: async (w) => ({ owner: w.customer, json: { email: `nobody-${randomUUID()}@example.test` } }),
      expect: everyone,
    },
  ],
  // The emailed token is the authority, whoever holds it.
  'POST /api/v1/auth/sign-in-link/redeem': {
    target: async (w) => {
      const owner = await freshCustomer(w);
      return { owner, json: { token: await emailToken(w, owner, 'sign_in') } };
    },
    expect: everyone,
  },
  'POST /api/v1/auth/sign-out': { target: asCustomer, expect: everyone },
  // The emailed token is the authority, whoever holds it.
  'POST /api/v1/auth/verify-email': {
    target: async (w) => {
      const owner = user(await createCustomer(w.db, { emailVerifiedAt: null }));
      return { owner, json: { token: await emailToken(w, owner, 'verify_email') } };
    },
    expect: everyone,
  },
  'POST /api/v1/auth/resend-verification': { target: asCustomer, expect: signedIn },
  'PATCH /api/v1/account/settings': {
    target: async (w) => ({ owner: w.customer, json: { darkMode: true } }),
    expect: signedIn,
  },
  'POST /api/v1/account/password': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshCustomer(w),
      json: { currentPassword: TEST_PASSWORD, newPassword: 'another password 1' },
    }),
    expect: signedIn,
  },
  'DELETE /api/v1/account': {
    freshActors: true,
    target: async (w) => ({ owner: await freshCustomer(w), json: { password: TEST_PASSWORD } }),
    expect: signedIn,
  },
  'GET /api/v1/account/export': { target: asTradesperson, expect: signedIn },

  // Jobs.
  'POST /api/v1/jobs': [
    {
      target: async (w) => ({ owner: w.customer, json: jobForm() }),
      // Only customers post jobs; a tradesperson is told so (posting is no secret).
      expect: { ...customersOnly, otherTradesperson: 403 },
    },
    {
      scenario: 'inviting a tradesperson whose profile is hidden',
      target: async (w) => ({
        owner: w.customer,
        json: { ...jobForm(), invitedTradespersonId: w.hiddenTradesperson.id },
      }),
      // The answer an unknown id gets (Request Quote is on the public profile, so admins too).
      expect: { ...customersOnly, owner: 400, otherCustomer: 400, otherTradesperson: 403, admin: 400 },
    },
  ],
  // Everyone's own list: a tradesperson's is empty.
  'GET /api/v1/jobs/mine': { target: asCustomer, expect: signedIn },
  'GET /api/v1/jobs/open': {
    target: asTradesperson,
    expect: { ...tradespeopleOnly, admin: 'ok' },
  },
  'GET /api/v1/jobs/{id}': [
    {
      scenario: 'open, quoted on by the party',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: w.openJob.id },
      }),
      // Any tradesperson sees an open job (its own quote only, the district only: the secrets check it).
      expect: { ...ownerOnly, party: 'ok', otherTradesperson: 'ok', admin: 'ok' },
    },
    {
      scenario: 'booked to the party',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: w.bookedJob.id },
      }),
      expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
    },
  ],
  'POST /api/v1/jobs/{id}/cancel': [
    {
      scenario: 'open',
      target: async (w) => {
        const quote = await freshQuote(w);
        return { owner: w.customer, party: w.tradesperson, params: { id: quote.jobId } };
      },
      expect: { ...ownerOnly, party: 404 },
    },
    {
      // Whether the job could be cancelled is the owner's business: everyone else gets 404, not 409.
      scenario: 'booked',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.bookedJob.id } }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  'PATCH /api/v1/jobs/{id}': [
    {
      scenario: 'open',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshQuote(w)).jobId },
        json: { photos: [] },
      }),
      expect: { ...ownerOnly, party: 404 },
    },
    {
      // As with cancelling: whether the job could be edited is the owner's business alone.
      scenario: 'booked',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: w.bookedJob.id },
        json: { photos: [] },
      }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  'POST /api/v1/jobs/{id}/quotes': [
    {
      scenario: 'open',
      target: async (w) => ({
        owner: w.customer,
        params: { id: (await freshOpenJob(w)).id },
        json: { amount: '120', message: 'I can do this on Monday.' },
      }),
      // Those who see the job but may not quote are told why; those who do not see it get 404.
      expect: { ...ownerOnly, owner: 403, otherTradesperson: 'ok', admin: 403 },
    },
    {
      scenario: 'booked to the party',
      target: async (w) => {
        const booking = await freshBooking(w, 'confirmed');
        return {
          owner: w.customer,
          party: w.tradesperson,
          params: { id: booking.jobId },
          json: { amount: '120', message: 'I can do this on Monday.' },
        };
      },
      expect: { ...ownerOnly, owner: 403, party: 409, admin: 403 },
    },
  ],

  // Quotes.
  'PATCH /api/v1/quotes/{id}': {
    target: async (w) => {
      const quote = await freshQuote(w);
      return {
        owner: w.tradesperson,
        party: w.customer,
        params: { id: quote.id },
        json: { amount: '130', message: 'Updated: I can do this on Tuesday.' },
      };
    },
    expect: { ...ownerOnly, party: 404 },
  },
  'GET /api/v1/quotes/{id}': {
    target: async (w) => ({ owner: w.tradesperson, party: w.customer, params: { id: w.quote.id } }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'POST /api/v1/quotes/{id}/withdraw': [
    {
      scenario: 'pending',
      target: async (w) => {
        const quote = await freshQuote(w);
        return { owner: w.tradesperson, party: w.customer, params: { id: quote.id } };
      },
      expect: { ...ownerOnly, party: 404 },
    },
    {
      scenario: 'accepted',
      target: async (w) => ({
        owner: w.tradesperson,
        party: w.customer,
        params: { id: w.bookedQuote.id },
      }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  'POST /api/v1/quotes/{id}/accept': [
    {
      scenario: 'pending',
      target: async (w) => {
        const quote = await freshQuote(w);
        return { owner: w.customer, party: w.tradesperson, params: { id: quote.id } };
      },
      expect: { ...ownerOnly, party: 404 },
    },
    {
      scenario: 'on a booked job',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.bookedQuote.id } }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  'GET /api/v1/quotes/mine': { target: asTradesperson, expect: signedIn },
  'GET /api/v1/quotes/{id}/revisions': {
    target: async (w) => ({ owner: w.tradesperson, party: w.customer, params: { id: w.quote.id } }),
    // Whoever may see the quote sees its earlier versions: its tradesperson, the job's customer, admins.
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'GET /api/v1/jobs/{id}/quotes/compare': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.openJob.id } }),
    // The job's customer (and admins) compare its quotes; a tradesperson who quoted on it does not.
    expect: { ...ownerOnly, party: 404, admin: 'ok' },
  },

  // Bookings.
  'POST /api/v1/bookings': {
    target: async (w) => {
      const quote = await freshQuote(w);
      return {
        owner: w.customer,
        party: w.tradesperson,
        json: { quoteId: quote.id, scheduledDate: inDays(3) },
      };
    },
    expect: { ...ownerOnly, party: 404 },
  },
  'GET /api/v1/bookings/mine': { target: asCustomer, expect: signedIn },
  // The customer sees the booking, so is told it is not its move.
  'POST /api/v1/bookings/{id}/confirm': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshBooking(w, 'pending')).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/bookings/{id}/decline': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshBooking(w, 'pending')).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/bookings/{id}/cancel': [
    {
      scenario: 'pending',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshBooking(w, 'pending')).id },
      }),
      expect: { ...ownerOnly, party: 'ok' },
    },
    {
      scenario: 'confirmed',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.booking.id } }),
      expect: { ...ownerOnly, owner: 409, party: 409 },
    },
  ],
  'POST /api/v1/bookings/{id}/complete': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshBooking(w, 'confirmed')).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'GET /api/v1/tradesperson/dashboard': { target: asTradesperson, expect: tradespeopleOnly },

  // Payments (docs/api/payments.md). A booking's money is its parties' and admins' business; paying is
  // the customer's alone (admins do not pay for others), releasing early too.
  'POST /api/v1/payments/create-payment': [
    {
      scenario: 'a completed, unpaid booking',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: { bookingId: (await freshCompletedBooking(w)).id },
      }),
      expect: { ...ownerOnly, party: 404 },
    },
    {
      // Whether it can be paid is the customer's business: everyone else is told there is no booking.
      scenario: 'already paid',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: { bookingId: w.paidBooking.id },
      }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
    {
      scenario: 'not completed yet',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, json: { bookingId: w.booking.id } }),
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  // Only the payer may ask about a checkout session.
  'POST /api/v1/payments/verify-payment': [
    {
      scenario: 'an open checkout',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: { sessionId: await freshCheckout(w) },
      }),
      expect: { ...ownerOnly, party: 404 },
    },
    {
      scenario: 'a paid checkout',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: { sessionId: w.paidSessionId },
      }),
      expect: { ...ownerOnly, party: 404 },
    },
  ],
  'GET /api/v1/bookings/{id}/money': [
    {
      scenario: 'paid',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.paidBooking.id } }),
      expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
    },
    {
      scenario: 'unpaid',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.booking.id } }),
      expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
    },
  ],
  'POST /api/v1/payments/{id}/release': [
    {
      scenario: 'held',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshPayment(w)).payment.id },
      }),
      expect: { ...ownerOnly, party: 404 },
    },
    {
      scenario: 'already released',
      target: async (w) => {
        const { payment } = await freshPayment(w);
        await call(w.app, w.db, w.customer.id, 'POST', `/api/v1/payments/${payment.id}/release`);
        return { owner: w.customer, party: w.tradesperson, params: { id: payment.id } };
      },
      expect: { ...ownerOnly, owner: 409, party: 404 },
    },
  ],
  // A tradesperson's payout account and earnings: customers (admins included) get 404.
  'GET /api/v1/payments/connect/status': { target: asTradesperson, expect: tradespeopleOnly },
  'POST /api/v1/payments/connect/account': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w) }),
    expect: tradespeopleOnly,
  },
  'POST /api/v1/payments/connect/onboarding-link': [
    {
      scenario: 'with a payout account',
      target: async (w) => ({ owner: w.tradesperson, json: { type: 'account_onboarding' } }),
      expect: tradespeopleOnly,
    },
    {
      // A tradesperson is told to create the account first.
      scenario: 'without one',
      freshActors: true,
      target: async (w) => ({ owner: await freshTradesperson(w), json: { type: 'account_onboarding' } }),
      expect: { ...tradespeopleOnly, owner: 409, otherTradesperson: 409 },
    },
  ],
  'GET /api/v1/payments/earnings': { target: asTradesperson, expect: tradespeopleOnly },
  // Milestone payments and saved cards (docs/api/milestones.md, docs/api/payment-methods.md). A booking's plan is its parties' and
  // admins' to read; the tradesperson proposes and marks done, the customer decides, pays and approves
  // (the other party is told 403, everyone else that there is nothing there). Cards are the customer's.
  'GET /api/v1/bookings/{id}/milestones': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: w.milestoneBooking.id },
    }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'POST /api/v1/bookings/{id}/milestone-plan': {
    target: async (w) => {
      const booking = await freshBooking(w, 'confirmed');
      const half = Math.floor(booking.amount / 2);
      return {
        owner: w.tradesperson,
        party: w.customer,
        params: { id: booking.id },
        json: {
          milestones: [
            { title: 'First fix', amountPence: half, dueDate: inDays(7) },
            { title: 'Second fix', amountPence: booking.amount - half, dueDate: inDays(14) },
          ],
        },
      };
    },
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/bookings/{id}/milestone-plan/withdraw': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshProposal(w)).booking.id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/bookings/{id}/milestone-plan/accept': {
    target: async (w) => {
      const { booking, planId } = await freshProposal(w);
      return { owner: w.customer, party: w.tradesperson, params: { id: booking.id }, json: { planId } };
    },
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/bookings/{id}/milestone-plan/decline': {
    target: async (w) => {
      const { booking, planId } = await freshProposal(w);
      return {
        owner: w.customer,
        party: w.tradesperson,
        params: { id: booking.id },
        json: { planId, reason: 'Fewer stages, please' },
      };
    },
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/milestones/charge': {
    target: async (w) => {
      const { milestoneId } = await freshPlannedBooking(w);
      await freshCard(w);
      return { owner: w.customer, party: w.tradesperson, json: { milestoneId } };
    },
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/milestones/{id}/confirm': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshPlannedBooking(w, { paid: true })).milestoneId },
    }),
    expect: { ...ownerOnly, party: 404 },
  },
  'POST /api/v1/milestones/{id}/done': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshPlannedBooking(w, { paid: true })).milestoneId },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/milestones/{id}/approve': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshPlannedBooking(w, { paid: true, done: true })).milestoneId },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'GET /api/v1/bookings/{id}/changes': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.booking.id } }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  // Either party proposes; each caller gets a booking of its own, so both sides' proposals succeed.
  'POST /api/v1/bookings/{id}/changes': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshBooking(w, 'confirmed')).id },
      json: { description: 'Replace the rotten joist as well', direction: 'increase', amount: '25' },
    }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'POST /api/v1/changes/{id}/accept': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: await freshChange(w) } }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/changes/{id}/decline': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: await freshChange(w) },
      json: { reason: 'Not needed' },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/changes/{id}/withdraw': {
    target: async (w) => ({ owner: w.tradesperson, party: w.customer, params: { id: await freshChange(w) } }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/changes/{id}/pay': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: await freshChange(w, { paid: true, accepted: true }) },
      json: { method: 'checkout' },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'GET /api/v1/payment-methods': { target: asCustomer, expect: customersOnly },
  'POST /api/v1/payment-methods/setup-intent': { target: asCustomer, expect: customersOnly },
  'POST /api/v1/payment-methods/confirm-setup': {
    target: async (w) => {
      const setup = await freshSetupIntent(w);
      await payCard(w.app, setup.setupIntentId, setup.clientSecret);
      return { owner: w.customer, json: { setupIntentId: setup.setupIntentId } };
    },
    expect: ownerOnly,
  },
  'POST /api/v1/payment-methods/{id}/default': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshCard(w) } }),
    expect: ownerOnly,
  },
  'DELETE /api/v1/payment-methods/{id}': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshCard(w) } }),
    expect: ownerOnly,
  },
  // The assistant (docs/api/assistant.md): open to everyone; its tools read only the asker's own data,
  // which the leak search checks in every answer.
  'POST /api/v1/assistant/chat': [
    {
      scenario: 'a how-to question',
      target: async (w) => ({
        owner: w.customer,
        json: { message: 'How do I post a job?', context: 'general', userType: 'authenticated' },
      }),
      expect: everyone,
    },
    {
      scenario: "a question about the asker's own data",
      target: async (w) => ({
        owner: w.customer,
        json: {
          message: 'What are my open jobs, my next booking and the money held?',
          context: 'general',
          userType: 'authenticated',
        },
      }),
      expect: everyone,
    },
  ],
  'POST /api/v1/assistant/enhance-job-description': {
    target: async (w) => ({
      owner: w.customer,
      json: { description: 'the kitchen tap drips all night and needs a new washer', category: 'Plumbing' },
    }),
    expect: everyone,
  },
  // Reviews (docs/api/reviews.md). Writing is for the booking's two parties; a reply is the
  // reviewee's; a review of a customer is read by that customer alone, one of a tradesperson by anyone
  // while it is public, and its author may not report it.
  'POST /api/v1/bookings/{id}/reviews': [
    {
      scenario: 'completed and paid',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshPaidBooking(w)).id },
        json: { rating: 5, comment: 'Tidy work' },
      }),
      expect: { ...ownerOnly, party: 'ok' },
    },
    {
      scenario: 'completed, not paid',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshCompletedBooking(w)).id },
        json: { rating: 5 },
      }),
      expect: { ...ownerOnly, owner: 409, party: 409 },
    },
  ],
  'GET /api/v1/reviews/mine': [
    {
      scenario: 'received',
      target: async (w) => ({ owner: w.tradesperson, query: { side: 'received' } }),
      expect: signedIn,
    },
    {
      scenario: 'written',
      target: async (w) => ({ owner: w.customer, query: { side: 'written' } }),
      expect: signedIn,
    },
  ],
  'GET /api/v1/reviews/to-write': { target: asCustomer, expect: signedIn },
  'PUT /api/v1/reviews/{id}/reply': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshReview(w)).id },
      json: { reply: 'Thank you!' },
    }),
    expect: { ...ownerOnly, party: 404 },
  },
  'POST /api/v1/reviews/{id}/reports': [
    {
      scenario: 'a review of a tradesperson, public',
      target: async (w) => ({
        owner: w.tradesperson,
        party: w.customer,
        params: { id: (await freshReview(w)).id },
        json: { reason: 'not_about_job' },
      }),
      expect: { ...everyone, visitor: 401, party: 403 },
    },
    {
      scenario: 'a review of a customer, private',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshReview(w, 'customer')).id },
        json: { reason: 'abusive' },
      }),
      expect: { ...ownerOnly, party: 403, admin: 'ok' },
    },
  ],
  'GET /api/v1/admin/reviews': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
    expect: adminsOnly,
  },
  'POST /api/v1/admin/reviews/{id}/moderate': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshReview(w)).id },
      json: { action: 'hide', reason: 'Abusive language' },
    }),
    expect: adminsOnly,
  },
  // Disputes (docs/api/disputes.md): a booking's two parties raise and build the case; admins read
  // every case file and resolve; anyone else is told there is nothing there.
  'POST /api/v1/disputes': [
    {
      scenario: 'a paid booking, money held',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: {
          bookingId: (await freshPaidBooking(w)).id,
          reason: 'Other',
          description: 'We cannot agree on what was included in the price.',
        },
      }),
      expect: { ...ownerOnly, party: 'ok' },
    },
    {
      scenario: 'a booking already disputed',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        json: {
          bookingId: (await freshDispute(w)).bookingId,
          reason: 'Other',
          description: 'We cannot agree on what was included in the price.',
        },
      }),
      expect: { ...ownerOnly, owner: 409, party: 409 },
    },
  ],
  'GET /api/v1/disputes': { target: asCustomer, expect: signedIn },
  'GET /api/v1/disputes/{id}': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.dispute.id } }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'POST /api/v1/disputes/{id}/response': {
    // The respondent answers; the raiser may see the dispute but not answer it.
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshDispute(w)).id },
      json: { response: 'The tap was fitted as quoted; the drip is from the old valve.' },
    }),
    expect: { ...ownerOnly, party: 403, admin: 403 },
  },
  'POST /api/v1/disputes/{id}/messages': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshDispute(w)).id },
      json: { body: 'Could we arrange a visit on Friday?' },
    }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'POST /api/v1/disputes/{id}/evidence': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshDispute(w)).id },
      json: { text: 'The invoice lists a new valve, which was not fitted.' },
    }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'POST /api/v1/disputes/{id}/evidence/photos': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshDispute(w)).id },
      form: await multipart(
        { caption: 'The drip' },
        { name: 'tap.png', type: 'image/png', bytes: await image('png') },
      ),
    }),
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  'GET /api/v1/disputes/{id}/evidence/{evidenceId}/photo': {
    target: async (w) => {
      const dispute = await freshDispute(w);
      const res = await uploadAs(
        w.app,
        await sessionFor(w.db, w.customer.id),
        `/api/v1/disputes/${dispute.id}/evidence/photos`,
        await multipart({}, { name: 'tap.png', type: 'image/png', bytes: await image('png') }),
      );
      if (res.statusCode !== 201) throw new Error(`evidence upload failed: ${res.body}`);
      return {
        owner: w.customer,
        party: w.tradesperson,
        params: { id: dispute.id, evidenceId: res.json().dispute.evidence[0].id },
      };
    },
    expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
  },
  // Anyone signed in may upload a photo for a job or a change of their own.
  'POST /api/v1/photos': {
    target: async (w) => ({
      owner: w.customer,
      form: await multipart({}, { name: 'tap.png', type: 'image/png', bytes: await image('png') }),
    }),
    expect: signedIn,
  },
  'DELETE /api/v1/photos/{id}': {
    target: async (w) => ({ owner: w.customer, params: { id: await pendingPhotoRow(w) } }),
    expect: ownerOnly,
  },
  'GET /api/v1/photos/{id}/thumb': [
    {
      // Not attached yet: its uploader's alone, admins included.
      scenario: 'pending',
      target: async (w) => ({ owner: w.customer, params: { id: (await photosOfWorld(w)).pending } }),
      expect: ownerOnly,
    },
    {
      // As the job itself: any tradesperson while it is open.
      scenario: 'on an open job quoted on by the party',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await photosOfWorld(w)).open },
      }),
      expect: { ...ownerOnly, party: 'ok', otherTradesperson: 'ok', admin: 'ok' },
    },
  ],
  'GET /api/v1/photos/{id}/display': [
    {
      scenario: 'pending',
      target: async (w) => ({ owner: w.customer, params: { id: (await photosOfWorld(w)).pending } }),
      expect: ownerOnly,
    },
    {
      scenario: 'on a job booked to the party',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await photosOfWorld(w)).booked },
      }),
      expect: { ...ownerOnly, party: 'ok', admin: 'ok' },
    },
  ],
  'GET /api/v1/admin/disputes': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
    expect: adminsOnly,
  },
  'GET /api/v1/admin/disputes/{id}': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.dispute.id } }),
    expect: adminsOnly,
  },
  'POST /api/v1/admin/disputes/{id}/resolve': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshDispute(w)).id },
      json: { resolution: 'refund_customer', note: 'The work was not done as quoted.' },
    }),
    expect: adminsOnly,
  },
  'GET /api/v1/admin/overview': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
    expect: adminsOnly,
  },
  'GET /api/v1/admin/verifications': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
    expect: adminsOnly,
  },
  'POST /api/v1/admin/documents/{id}/decision': {
    target: async (w) => {
      const owner = await freshTradesperson(w);
      const [document] = await w.db
        .insert(documents)
        .values({
          userId: owner.id,
          kind: 'photo_id',
          title: 'Passport',
          storageKey: `documents/${randomUUID()}.png`,
          fileName: 'passport.png',
          mimeType: 'image/png',
          sizeBytes: 100,
        })
        .returning();
      return { owner, params: { id: document!.id }, json: { decision: 'approve', version: 0 } };
    },
    expect: consoleOnly,
  },
  'GET /api/v1/admin/users': [
    {
      scenario: 'newest first',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
      expect: adminsOnly,
    },
    {
      scenario: 'suspended accounts',
      target: async (w) => ({ owner: w.customer, party: w.tradesperson, query: { filter: 'suspended' } }),
      expect: adminsOnly,
    },
  ],
  'GET /api/v1/admin/users/{id}': [
    {
      scenario: 'a customer',
      target: async (w) => ({ owner: w.customer, params: { id: w.customer.id } }),
      expect: consoleOnly,
    },
    {
      scenario: 'a suspended tradesperson',
      target: async (w) => ({ owner: w.suspendedTradesperson, params: { id: w.suspendedTradesperson.id } }),
      // Suspended, so its session is refused: it is a visitor.
      expect: consoleOnly,
    },
  ],
  'POST /api/v1/admin/users/{id}/suspend': {
    target: async (w) => {
      const owner = await freshCustomer(w);
      return { owner, params: { id: owner.id }, json: { reason: 'Spam' } };
    },
    expect: consoleOnly,
  },
  'POST /api/v1/admin/users/{id}/reinstate': {
    target: async (w) => {
      const owner = user(await createCustomer(w.db, { passwordHash: CHEAP_HASH, suspendedAt: new Date() }));
      return { owner, params: { id: owner.id } };
    },
    // The owner is suspended, so it has no session: it is asked to sign in like any visitor.
    expect: { ...consoleOnly, owner: 404 },
  },
  'POST /api/v1/admin/users/{id}/admin': {
    target: async (w) => {
      const owner = await freshCustomer(w);
      return { owner, params: { id: owner.id } };
    },
    expect: consoleOnly,
  },
  'DELETE /api/v1/admin/users/{id}/admin': {
    target: async (w) => {
      const owner = user(await createAdmin(w.db, { passwordHash: CHEAP_HASH }));
      return { owner, params: { id: owner.id } };
    },
    // The owner is an admin here, removing its own role: refused.
    expect: { ...consoleOnly, owner: 409 },
  },
  'GET /api/v1/admin/payments': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson }),
    expect: adminsOnly,
  },
  'POST /api/v1/admin/payments/{id}/refund': [
    {
      scenario: 'in full',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshPayment(w)).payment.id },
        json: { reason: 'The work was not done' },
      }),
      expect: adminsOnly,
    },
    {
      scenario: 'in part',
      target: async (w) => ({
        owner: w.customer,
        party: w.tradesperson,
        params: { id: (await freshPayment(w)).payment.id },
        json: { amountPence: 1_000, reason: 'A missing part' },
      }),
      expect: adminsOnly,
    },
    {
      // Released money has left escrow: an admin is told so, everyone else that there is nothing there.
      scenario: 'already released',
      target: async (w) => {
        const { payment } = await freshPayment(w);
        await call(w.app, w.db, w.customer.id, 'POST', `/api/v1/payments/${payment.id}/release`);
        return {
          owner: w.customer,
          party: w.tradesperson,
          params: { id: payment.id },
          json: { reason: 'Too late' },
        };
      },
      expect: { ...adminsOnly, admin: 409 },
    },
  ],
  // The provider's webhooks: no session is an authority here, the signature over the raw body is.
  'POST /api/v1/payments/webhooks/{provider}': [
    {
      scenario: 'unsigned',
      target: async (w) => ({
        owner: w.customer,
        params: { provider: 'sandbox' },
        raw: sandboxWebhook(null),
      }),
      expect: { visitor: 400, owner: 400, otherCustomer: 400, otherTradesperson: 400, admin: 400 },
    },
    {
      scenario: 'signed with another secret',
      target: async (w) => ({
        owner: w.customer,
        params: { provider: 'sandbox' },
        raw: sandboxWebhook('whsec_not_the_sandbox_secret'),
      }),
      expect: { visitor: 400, owner: 400, otherCustomer: 400, otherTradesperson: 400, admin: 400 },
    },
    {
      scenario: 'signed by the sandbox',
      target: async (w) => ({
        owner: w.customer,
        params: { provider: 'sandbox' },
        raw: sandboxWebhook(SANDBOX_WEBHOOK_SECRET),
      }),
      expect: everyone,
    },
    {
      // Only the configured provider has an endpoint.
      scenario: 'another provider',
      target: async (w) => ({
        owner: w.customer,
        params: { provider: 'stripe' },
        raw: sandboxWebhook(SANDBOX_WEBHOOK_SECRET),
      }),
      expect: { visitor: 404, owner: 404, otherCustomer: 404, otherTradesperson: 404, admin: 404 },
    },
  ],

  // Finding tradespeople: public, except profiles their owner hides.
  'GET /api/v1/tradespeople': { target: asCustomer, expect: everyone },
  'GET /api/v1/tradespeople/featured': { target: asCustomer, expect: everyone },
  'GET /api/v1/tradespeople/{id}': [
    {
      scenario: 'visible',
      target: async (w) => ({ owner: w.tradesperson, params: { id: w.tradesperson.id } }),
      expect: everyone,
    },
    {
      scenario: 'hidden by its owner',
      target: async (w) => ({ owner: w.hiddenTradesperson, params: { id: w.hiddenTradesperson.id } }),
      expect: { ...ownerOnly, visitor: 404, admin: 'ok' },
    },
    {
      scenario: 'a customer',
      target: async (w) => ({ owner: w.customer, params: { id: w.customer.id } }),
      expect: { ...ownerOnly, visitor: 404, owner: 404 },
    },
  ],
  'GET /api/v1/tradespeople/{id}/reviews': [
    {
      scenario: 'visible',
      target: async (w) => ({ owner: w.tradesperson, params: { id: w.tradesperson.id } }),
      expect: everyone,
    },
    {
      scenario: 'hidden by its owner',
      target: async (w) => ({ owner: w.hiddenTradesperson, params: { id: w.hiddenTradesperson.id } }),
      expect: { ...ownerOnly, visitor: 404, admin: 'ok' },
    },
    {
      scenario: 'a customer',
      target: async (w) => ({ owner: w.customer, params: { id: w.customer.id } }),
      expect: { ...ownerOnly, visitor: 404, owner: 404 },
    },
  ],
  'GET /api/v1/avatars/{id}.svg': {
    target: async (w) => ({ owner: w.tradesperson, params: { id: w.tradesperson.id } }),
    expect: everyone,
  },
  // Saved Professionals are a customer's list: for tradespeople the feature does not exist.
  'GET /api/v1/saved-pros': { target: asCustomer, expect: customersOnly },
  'PUT /api/v1/saved-pros/{tradespersonId}': [
    {
      scenario: 'visible',
      target: async (w) => ({ owner: w.customer, params: { tradespersonId: w.tradesperson.id } }),
      expect: customersOnly,
    },
    {
      scenario: 'hidden by its owner',
      target: async (w) => ({
        owner: w.customer,
        params: { tradespersonId: w.hiddenTradesperson.id },
      }),
      expect: { ...ownerOnly, owner: 404 },
    },
  ],
  'DELETE /api/v1/saved-pros/{tradespersonId}': {
    target: async (w) => ({ owner: w.customer, params: { tradespersonId: w.tradesperson.id } }),
    expect: customersOnly,
  },

  // Messaging (DOMAIN-RULES 7): participants only; admins only through a dispute, which has no route yet.
  'POST /api/v1/conversations': [
    {
      scenario: 'to a tradesperson who quoted on the owner’s job',
      target: async (w) => {
        const job = await freshOpenJob(w);
        const quoter = await freshTradesperson(w);
        await createQuote(w.db, { jobId: job.id, tradespersonId: quoter.id });
        return { owner: w.customer, party: quoter, json: { userId: quoter.id, jobId: job.id } };
      },
      // The party would be writing to itself.
      expect: { ...ownerOnly, party: 400 },
    },
    {
      scenario: 'to the customer of an open job',
      target: async (w) => {
        const owner = await freshCustomer(w);
        const job = await createJob(w.db, { customerId: owner.id });
        return { owner, json: { userId: owner.id, jobId: job.id } };
      },
      // Whoever sees the job may write to its customer.
      expect: { ...ownerOnly, owner: 400, otherTradesperson: 'ok', admin: 'ok' },
    },
  ],
  'GET /api/v1/conversations': { target: asCustomer, expect: signedIn },
  'GET /api/v1/conversations/unread': { target: asCustomer, expect: signedIn },
  'GET /api/v1/conversations/{id}': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.conversation.id } }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'GET /api/v1/conversations/{id}/messages': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.conversation.id } }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'POST /api/v1/conversations/{id}/messages': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: w.conversation.id },
      json: { content: 'See you on Monday.' },
    }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'POST /api/v1/conversations/{id}/read': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.conversation.id } }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'GET /api/v1/events': { target: asCustomer, expect: signedIn },

  // Notifications.
  'GET /api/v1/notifications': { target: asCustomer, expect: signedIn },
  'GET /api/v1/notifications/unread-count': { target: asCustomer, expect: signedIn },
  'POST /api/v1/notifications/{id}/read': {
    target: async (w) => ({ owner: w.customer, params: { id: w.notification.id } }),
    expect: ownerOnly,
  },
  'POST /api/v1/notifications/read-all': { target: asCustomer, expect: signedIn },
  // The emailed token is the authority, whoever holds it; it can only turn one switch off.
  'GET /api/v1/notifications/unsubscribe': {
    target: async (w) => ({ owner: w.customer, query: { token: w.unsubscribeToken } }),
    expect: everyone,
  },
  'POST /api/v1/notifications/unsubscribe': {
    target: async (w) => {
      const owner = await freshCustomer(w);
      const token = newToken();
      await w.db.insert(unsubscribeTokens).values({ token, userId: owner.id, setting: 'quoteUpdates' });
      return { owner, json: { token } };
    },
    expect: everyone,
  },

  // A tradesperson's own profile and documents: customers (admins included) get 404.
  'GET /api/v1/tradesperson/profile': { target: asTradesperson, expect: tradespeopleOnly },
  // Availability (docs/api/scheduling.md): a tradesperson's own; anyone else signed in is told only
  // tradespeople have one (there is no id to probe), another tradesperson's time off is not there.
  'GET /api/v1/availability': { target: asTradesperson, expect: ownWorkingWeek },
  'PUT /api/v1/availability': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      json: { weeklyPattern: [{ weekday: 1, start: '08:00', end: '17:00' }], leadTimeDays: 1, jobsPerDay: 2 },
    }),
    expect: ownWorkingWeek,
  },
  'POST /api/v1/availability/time-off': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      json: { startsOn: inDays(30), endsOn: inDays(32) },
    }),
    expect: ownWorkingWeek,
  },
  'DELETE /api/v1/availability/time-off/{id}': {
    target: async (w) => {
      const [period] = await w.db
        .insert(timeOff)
        .values({ tradespersonId: w.tradesperson.id, startsOn: inDays(40), endsOn: inDays(41) })
        .returning();
      return { owner: w.tradesperson, params: { id: period!.id } };
    },
    expect: { ...ownWorkingWeek, otherTradesperson: 404 },
  },
  // Which days a tradesperson can be booked on: any signed-in user (it says nothing else).
  'GET /api/v1/tradespeople/{id}/bookable-days': {
    target: async (w) => ({
      owner: w.customer,
      params: { id: w.tradesperson.id },
      query: { from: inDays(1), to: inDays(30) },
    }),
    expect: signedIn,
  },
  // Reschedules (docs/api/scheduling.md): the booking's two parties; the one who did not propose
  // answers, the proposer alone withdraws. Anyone else is told there is no such booking or proposal.
  'POST /api/v1/bookings/{id}/reschedules': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshBooking(w, 'confirmed')).id },
      json: { date: inDays(20) },
    }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'GET /api/v1/bookings/{id}/reschedules': {
    target: async (w) => ({ owner: w.customer, party: w.tradesperson, params: { id: w.booking.id } }),
    expect: { ...ownerOnly, party: 'ok' },
  },
  'POST /api/v1/reschedules/{id}/accept': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshReschedule(w)).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/reschedules/{id}/decline': {
    target: async (w) => ({
      owner: w.tradesperson,
      party: w.customer,
      params: { id: (await freshReschedule(w)).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  'POST /api/v1/reschedules/{id}/withdraw': {
    target: async (w) => ({
      owner: w.customer,
      party: w.tradesperson,
      params: { id: (await freshReschedule(w)).id },
    }),
    expect: { ...ownerOnly, party: 403 },
  },
  // Analytics (docs/api/analytics.md): a tradesperson's own figures; anyone else is told there are none.
  'GET /api/v1/analytics': {
    target: async (w) => ({ owner: w.tradesperson, query: { period: '30d' } }),
    expect: tradespeopleOnly,
  },
  // The calendar and its feed: a tradesperson's own; anyone else is told there is nothing there.
  'GET /api/v1/calendar': {
    target: async (w) => ({ owner: w.tradesperson, query: { from: inDays(0), to: inDays(30) } }),
    expect: tradespeopleOnly,
  },
  'GET /api/v1/calendar/feed': { target: asTradesperson, expect: tradespeopleOnly },
  'POST /api/v1/calendar/feed': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w) }),
    expect: tradespeopleOnly,
  },
  'DELETE /api/v1/calendar/feed': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w) }),
    expect: tradespeopleOnly,
  },
  // The feed's address is its own credential (calendar apps send no cookie): whoever holds it.
  'GET /api/v1/calendar/feed/{token}.ics': {
    target: async (w) => {
      const owner = await freshTradesperson(w);
      const token = newToken();
      await w.db.insert(calendarFeeds).values({ tradespersonId: owner.id, tokenHash: hashToken(token) });
      return { owner, params: { token } };
    },
    expect: everyone,
  },
  'PUT /api/v1/tradesperson/profile': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w), json: validProfile }),
    expect: tradespeopleOnly,
  },
  'PUT /api/v1/tradesperson/setup/details': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      json: { businessName: 'Sparks Ltd', basePostcode: 'M1 1AE', serviceRadiusMiles: 10 },
    }),
    expect: tradespeopleOnly,
  },
  'PUT /api/v1/tradesperson/setup/services': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      json: { trade: 'Roofer', specialties: ['Slate'], hourlyRateMin: 30, hourlyRateMax: 50 },
    }),
    expect: tradespeopleOnly,
  },
  'POST /api/v1/tradesperson/setup/complete': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w) }),
    expect: tradespeopleOnly,
  },
  'POST /api/v1/tradesperson/profile/picture': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      form: await multipart({}, { name: 'me.png', type: 'image/png', bytes: await image('png') }),
    }),
    expect: tradespeopleOnly,
  },
  'DELETE /api/v1/tradesperson/profile/picture': {
    freshActors: true,
    target: async (w) => ({ owner: await freshTradesperson(w) }),
    expect: tradespeopleOnly,
  },
  'GET /api/v1/documents': { target: asTradesperson, expect: tradespeopleOnly },
  'POST /api/v1/documents': {
    freshActors: true,
    target: async (w) => ({
      owner: await freshTradesperson(w),
      form: await multipart(
        { kind: 'accreditation', title: 'NICEIC' },
        { name: 'niceic.pdf', type: 'application/pdf', bytes: MINIMAL_PDF },
      ),
    }),
    expect: tradespeopleOnly,
  },
  'DELETE /api/v1/documents/{id}': [
    {
      scenario: 'pending',
      target: async (w) => {
        const owner = await freshTradesperson(w);
        const [document] = await w.db
          .insert(documents)
          .values({
            userId: owner.id,
            kind: 'accreditation',
            title: 'Gas Safe',
            storageKey: `documents/${randomUUID()}.pdf`,
            fileName: 'gas-safe.pdf',
            mimeType: 'application/pdf',
            sizeBytes: MINIMAL_PDF.length,
          })
          .returning();
        return { owner, params: { id: document!.id } };
      },
      expect: ownerOnly,
    },
    {
      // A reviewed document stays: its owner is told so, everyone else that there is nothing there.
      scenario: 'approved',
      target: async (w) => ({ owner: w.tradesperson, params: { id: w.approvedDocument.id } }),
      expect: { ...ownerOnly, owner: 409 },
    },
  ],
  'GET /api/v1/files/{*}': [
    {
      scenario: 'a verification document',
      target: async (w) => ({ owner: w.tradesperson, params: { '*': w.documentKey } }),
      // Visitors get 404 too: a 401 would say the file exists.
      expect: { ...ownerOnly, visitor: 404, admin: 'ok' },
    },
    {
      scenario: 'a profile picture',
      target: async (w) => ({ owner: w.tradesperson, params: { '*': w.avatarKey } }),
      expect: everyone,
    },
  ],

  // The sandbox provider's hosted pages stand where the provider's own would: the unguessable id of a
  // checkout session or onboarding link is the capability, whoever holds it, with or without a session.
  'GET /api/v1/sandbox/checkout/{id}': [
    {
      scenario: 'an open checkout',
      target: async (w) => ({ owner: w.customer, params: { id: await freshCheckout(w) } }),
      expect: everyone,
    },
    unknownSandboxId('cs'),
  ],
  'POST /api/v1/sandbox/checkout/{id}/pay': [
    {
      scenario: 'an open checkout',
      target: async (w) => ({
        owner: w.customer,
        params: { id: await freshCheckout(w) },
        json: CARD,
      }),
      expect: everyone,
    },
    unknownSandboxId('cs', CARD),
  ],
  'POST /api/v1/sandbox/checkout/{id}/challenge': [
    {
      scenario: 'a card waiting for authentication',
      target: async (w) => {
        const id = await freshCheckout(w);
        await payCheckout(w.app, id, ASKS_FOR_AUTHENTICATION);
        return { owner: w.customer, params: { id }, json: { result: 'complete' } };
      },
      expect: everyone,
    },
    unknownSandboxId('cs', { result: 'complete' }),
  ],
  'POST /api/v1/sandbox/setup-intents/{id}/confirm': [
    {
      scenario: 'a fresh setup intent, with its client secret',
      target: async (w) => {
        const setup = await freshSetupIntent(w);
        return {
          owner: w.customer,
          params: { id: setup.setupIntentId },
          json: { clientSecret: setup.clientSecret, ...CARD },
        };
      },
      expect: everyone,
    },
    {
      scenario: 'without its client secret',
      target: async (w) => ({
        owner: w.customer,
        params: { id: (await freshSetupIntent(w)).setupIntentId },
        json: { clientSecret: 'seti_wrong_secret', ...CARD },
      }),
      expect: nobody,
    },
  ],
  'GET /api/v1/sandbox/intents/{id}': [
    {
      scenario: 'a charge waiting for authentication',
      target: async (w) => ({ owner: w.customer, params: { id: await freshChallenge(w) } }),
      expect: everyone,
    },
    unknownSandboxId('pi'),
  ],
  'POST /api/v1/sandbox/intents/{id}/challenge': [
    {
      scenario: 'a charge waiting for authentication',
      target: async (w) => ({
        owner: w.customer,
        params: { id: await freshChallenge(w) },
        json: { result: 'complete' },
      }),
      expect: everyone,
    },
    unknownSandboxId('seti', { result: 'complete' }),
  ],
  'GET /api/v1/sandbox/onboarding/{id}': [
    {
      scenario: 'a fresh link',
      target: async (w) => {
        const { owner, linkId } = await freshOnboardingLink(w);
        return { owner, params: { id: linkId } };
      },
      expect: everyone,
    },
    unknownSandboxId('acctlink', undefined, 'tradesperson'),
  ],
  'POST /api/v1/sandbox/onboarding/{id}': [
    {
      scenario: 'a fresh link',
      target: async (w) => {
        const { owner, linkId } = await freshOnboardingLink(w);
        return { owner, params: { id: linkId }, json: onboardingForm };
      },
      expect: everyone,
    },
    unknownSandboxId('acctlink', onboardingForm, 'tradesperson'),
  ],

  // Issue 39, part A (support-server): chat support (docs/api/support.md). A conversation is its
  // person's and the admins' (through /admin/support only); everyone else is told there is none. An
  // internal note is a secret only admins may see, searched for in every answer.
  'GET /api/v1/support/conversations': { target: asCustomer, expect: signedIn },
  'POST /api/v1/support/conversations': {
    target: async (w) => ({ owner: w.customer, json: { message: 'My payment has not arrived' } }),
    expect: signedIn,
  },
  'GET /api/v1/support/conversations/{id}': {
    target: async (w) => ({ owner: w.customer, params: { id: await supportWithNote(w) } }),
    expect: ownerOnly,
  },
  'POST /api/v1/support/conversations/{id}/messages': {
    target: async (w) => ({
      owner: w.customer,
      params: { id: await freshSupport(w) },
      json: { message: 'Any news?' },
    }),
    expect: ownerOnly,
  },
  'POST /api/v1/support/conversations/{id}/read': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w) } }),
    expect: ownerOnly,
  },
  'POST /api/v1/support/conversations/{id}/close': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w) } }),
    expect: ownerOnly,
  },
  'POST /api/v1/support/conversations/{id}/reopen': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w, { closed: true }) } }),
    expect: ownerOnly,
  },
  'POST /api/v1/support/handover': {
    target: async (w) => ({
      owner: w.customer,
      json: { transcript: [{ role: 'user', content: 'I want to talk to a person' }], consent: true },
    }),
    expect: signedIn,
  },
  'POST /api/v1/support/guest': {
    target: async (w) => ({
      owner: w.customer,
      json: { email: `guest-${randomUUID()}@example.test`, message: 'Do you cover Leeds?' },
    }),
    expect: everyone,
  },
  'GET /api/v1/admin/support': { target: asCustomer, expect: consoleOnly },
  'GET /api/v1/admin/support/metrics': { target: asCustomer, expect: consoleOnly },
  'GET /api/v1/admin/support/{id}': {
    target: async (w) => ({ owner: w.customer, params: { id: await supportWithNote(w) } }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/messages': {
    target: async (w) => ({
      owner: w.customer,
      params: { id: await freshSupport(w) },
      json: { body: 'We are looking into it.' },
    }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/read': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w) } }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/assign': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w) }, json: {} }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/close': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w) } }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/reopen': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshSupport(w, { closed: true }) } }),
    expect: consoleOnly,
  },
  'POST /api/v1/admin/support/{id}/dispute': {
    target: async (w) => {
      // Closed first, so each caller's conversation is a new one, not yet turned into a dispute.
      const id = await freshSupport(w, { closed: true });
      return {
        owner: w.customer,
        params: { id },
        json: {
          bookingId: (await freshPaidBooking(w)).id,
          reason: 'Other',
          description: 'We cannot agree on what was included in the price.',
        },
      };
    },
    expect: consoleOnly,
  },
  'GET /api/v1/admin/support/canned': { target: asCustomer, expect: consoleOnly },
  'POST /api/v1/admin/support/canned': {
    target: async (w) => ({
      owner: w.customer,
      json: { title: `Refunds ${randomUUID()}`, body: 'Five days.' },
    }),
    expect: consoleOnly,
  },
  'PATCH /api/v1/admin/support/canned/{id}': {
    target: async (w) => ({
      owner: w.customer,
      params: { id: await freshCanned(w) },
      json: { title: `Edited ${randomUUID()}`, body: 'Three days.' },
    }),
    expect: consoleOnly,
  },
  'DELETE /api/v1/admin/support/canned/{id}': {
    target: async (w) => ({ owner: w.customer, params: { id: await freshCanned(w) } }),
    expect: consoleOnly,
  },
};

// Issue 39, part A (support-server): the support rows' fixtures.

/** The customer's open support conversation (a new one after closing the last); `closed` closes it. */
async function freshSupport(w: World, { closed = false } = {}): Promise<string> {
  const cookie = await sessionFor(w.db, w.customer.id);
  const opened = await w.app.inject({
    method: 'POST',
    url: '/api/v1/support/conversations',
    headers: { cookie },
    payload: { message: 'I need help with a booking' },
  });
  if (opened.statusCode !== 201) throw new Error(`opening a support conversation failed: ${opened.body}`);
  const id = opened.json().id as string;
  if (closed) await call(w.app, w.db, w.customer.id, 'POST', `/api/v1/support/conversations/${id}/close`);
  return id;
}

const supportNotes = new WeakMap<World, Promise<string>>();

/** A conversation of the customer's with an internal note: a secret for admins alone. */
function supportWithNote(w: World): Promise<string> {
  let found = supportNotes.get(w);
  if (!found) {
    found = (async () => {
      const id = await freshSupport(w, { closed: true });
      const note = secret();
      const written = await w.app.inject({
        method: 'POST',
        url: `/api/v1/admin/support/${id}/messages`,
        headers: { cookie: await sessionFor(w.db, w.admin.id) },
        payload: { body: note, kind: 'note' },
      });
      if (written.statusCode !== 201) throw new Error(`writing a support note failed: ${written.body}`);
      w.secrets.push({ label: 'an internal support note', text: note, seenBy: [w.admin.id] });
      return id;
    })();
    supportNotes.set(w, found);
  }
  return found;
}

async function freshCanned(w: World): Promise<string> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/v1/admin/support/canned',
    headers: { cookie: await sessionFor(w.db, w.admin.id) },
    payload: { title: `Canned ${randomUUID()}`, body: 'Thanks for getting in touch.' },
  });
  if (res.statusCode !== 201) throw new Error(`adding a canned reply failed: ${res.body}`);
  return res.json().id;
}

/* ------------------------------------------------------------------------------ running it */

const ACTORS: Actor[] = ['visitor', 'owner', 'party', 'otherCustomer', 'otherTradesperson', 'admin'];
const rowsOf = (entry: Row | Row[]) => (Array.isArray(entry) ? entry : [entry]);
const CASES = Object.values(MATRIX)
  .flatMap(rowsOf)
  .reduce((n, row) => n + Object.keys(row.expect).length, 0);

/** Method and path of every operation in the document, as `GET /api/v1/jobs/{id}`. */
function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

/** Operations the matrix says nothing about, and rows for operations that no longer exist. */
function coverage(operations: string[], matrix: Record<string, unknown>) {
  return {
    missing: operations.filter((op) => !(op in matrix)),
    stale: Object.keys(matrix).filter((key) => !operations.includes(key)),
  };
}

function fill(route: string, params: Record<string, string> = {}): string {
  return route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route}: the row gives no value for {${name}}`);
    // The wildcard of /files/{*} is a key with slashes in it.
    return name === '*' ? value : encodeURIComponent(value);
  });
}

async function caller(w: World, row: Row, target: Target, actor: Actor): Promise<User | null> {
  switch (actor) {
    case 'visitor':
      return null;
    case 'owner':
      return target.owner;
    case 'party':
      if (!target.party) throw new Error('the row expects a party but its target names none');
      return target.party;
    case 'otherCustomer':
      return row.freshActors ? freshCustomer(w) : w.otherCustomer;
    case 'otherTradesperson':
      return row.freshActors ? freshTradesperson(w) : w.otherTradesperson;
    case 'admin':
      return row.freshActors ? user(await createAdmin(w.db, { passwordHash: CHEAP_HASH })) : w.admin;
  }
}

/** Sends the row's request as the actor; the status, and the body to search for secrets. */
async function attempt(w: World, operation: string, row: Row, actor: Actor) {
  const [method, route] = operation.split(' ') as [string, string];
  const target = await row.target(w);
  const who = await caller(w, row, target, actor);
  // A session of its own for every request: signing out or changing a password ends sessions.
  const cookie = who ? await sessionFor(w.db, who.id) : undefined;
  const url = `${fill(route, target.params)}${target.query ? `?${new URLSearchParams(target.query)}` : ''}`;
  if (route === '/api/v1/events') {
    // A stream never ends by itself: its status is all that matters here.
    const stream = await openEvents(await baseUrl(w.app), cookie);
    stream.close();
    return { who, status: stream.status, body: '' };
  }
  const res = await w.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...target.form?.headers, ...target.raw?.headers },
    ...(target.form
      ? { payload: target.form.payload }
      : target.raw
        ? { payload: target.raw.payload }
        : target.json
          ? { payload: target.json as object }
          : {}),
  });
  return { who, status: res.statusCode, body: res.body };
}

const listening = new WeakMap<App, Promise<string>>();
function baseUrl(app: App): Promise<string> {
  let url = listening.get(app);
  if (!url) {
    url = listen(app);
    listening.set(app, url);
  }
  return url;
}

const matches = (expected: Expected, status: number) =>
  expected === 'ok' ? status >= 200 && status < 300 : status === expected;

/** Every way the operation's answers differ from its rows, one line each; empty when none do. */
async function problemsOf(w: World, operation: string, rows: Row[]): Promise<string[]> {
  const problems: string[] = [];
  for (const row of rows) {
    const where = row.scenario ? `${operation} (${row.scenario})` : operation;
    for (const actor of ACTORS) {
      const expected = actor === 'party' ? row.expect.party : row.expect[actor];
      if (expected === undefined) continue;
      const { who, status, body } = await attempt(w, operation, row, actor);
      if (!matches(expected, status)) {
        problems.push(`${where} as ${actor}: expected ${expected}, got ${status} ${body.slice(0, 160)}`);
      }
      if (operation === 'GET /api/v1/dev/outbox') continue;
      for (const s of w.secrets) {
        if (!body.includes(s.text)) continue;
        if (who && s.seenBy.includes(who.id)) w.seen.add(s.label);
        else problems.push(`${where} as ${actor}: the answer (${status}) shows ${s.label}`);
      }
    }
  }
  return problems;
}

describeOnDatabases('the authorisation matrix', (ctx) => {
  const data = temporaryDataDir();
  let world: World;
  let operations: string[];

  beforeAll(async () => {
    // Hundreds of requests from one address: the rate limit is not what this test is about.
    const app = await ctx.app({ DATA_DIR: data.dir, RATE_LIMIT_MAX: '100000' });
    operations = operationsOf(app.swagger() as Parameters<typeof operationsOf>[0]);
    world = await buildWorld(app, ctx.database().db);
  });
  afterAll(data.remove);

  it(`declares who may use each operation of the OpenAPI document (${CASES} cases)`, () => {
    const { missing, stale } = coverage(operations, MATRIX);
    expect(missing, 'add a row saying who may use each of these operations').toEqual([]);
    expect(stale, 'these rows name operations the document does not have').toEqual([]);
    // A document that listed nothing would pass for the wrong reason.
    expect(operations.length).toBeGreaterThan(60);
  });

  for (const [operation, entry] of Object.entries(MATRIX)) {
    it(operation, async () => {
      expect(await problemsOf(world, operation, rowsOf(entry))).toEqual([]);
    });
  }

  // Runs after every operation. A secret no answer ever showed, even to those allowed to see it, is one
  // the search could not find anywhere (a postcode written differently, say): it would prove nothing.
  it('found each private text in some answer to a caller allowed to see it', () => {
    const findable = world.secrets.filter((s) => s.seenBy.length > 0).map((s) => s.label);
    expect(findable.filter((label) => !world.seen.has(label))).toEqual([]);
  });
});

describe('the authorisation matrix itself', () => {
  it('fails for an operation it has no row for, and for a row whose operation is gone', () => {
    expect(
      coverage(['GET /api/v1/jobs/{id}', 'DELETE /api/v1/jobs/{id}'], {
        'GET /api/v1/jobs/{id}': {},
        'GET /api/v1/planted': {},
      }),
    ).toEqual({ missing: ['DELETE /api/v1/jobs/{id}'], stale: ['GET /api/v1/planted'] });
  });

  it('reports an answer the rows do not allow, a 403 where 404 is due, and a private text in a body', async () => {
    // A stand-in app with two planted mistakes: a route that answers everyone, and one that answers 403.
    const planted = Fastify();
    planted.get('/api/v1/leaky/:id', async () => ({ note: 'private-planted' }));
    planted.get('/api/v1/forbidden/:id', async (_request, reply) => reply.status(403).send({}));
    await planted.ready();
    const owner = { id: randomUUID(), email: 'owner@example.test' };
    const w = {
      app: planted as unknown as App,
      // Sessions are written for the callers; the stand-in never reads them.
      db: { insert: () => ({ values: async () => undefined }) } as unknown as Database,
      otherCustomer: { id: randomUUID(), email: 'c@example.test' },
      otherTradesperson: { id: randomUUID(), email: 't@example.test' },
      admin: { id: randomUUID(), email: 'a@example.test' },
      secrets: [{ label: 'the planted secret', text: 'private-planted', seenBy: [owner.id] }],
      seen: new Set(),
    } as unknown as World;
    const row: Row = { target: async () => ({ owner, params: { id: randomUUID() } }), expect: ownerOnly };
    const leaky = await problemsOf(w, 'GET /api/v1/leaky/{id}', [row]);
    expect(leaky).toContain(
      `GET /api/v1/leaky/{id} as otherTradesperson: expected 404, got 200 {"note":"private-planted"}`,
    );
    expect(leaky).toContain('GET /api/v1/leaky/{id} as visitor: the answer (200) shows the planted secret');
    expect(leaky.some((p) => p.startsWith('GET /api/v1/leaky/{id} as owner'))).toBe(false);
    const forbidden = await problemsOf(w, 'GET /api/v1/forbidden/{id}', [row]);
    expect(forbidden).toContain('GET /api/v1/forbidden/{id} as admin: expected 404, got 403 {}');
    await planted.close();
  });
});
