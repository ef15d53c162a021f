import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiProviderFor, localProvider } from './adapters/ai';
import { type EventBus, eventBusFor } from './adapters/event-bus';
import { mailTransportFor } from './adapters/mail/mail-transport';
import { paymentGatewayFor, SandboxGateway, sandboxRoutes } from './adapters/payments';
import {
  DEFAULT_SANDBOX_DELIVERY,
  type SandboxDeliveryOptions,
} from './adapters/payments/sandbox/sandbox-gateway';
import { fileStorageFor } from './adapters/storage';
import type { Config } from './config/config';
import { DatabaseAvailability } from './db/availability';
import type { DatabaseHandle } from './db/client';
import { TableUpkeep } from './db/upkeep';
import { appUrlFor } from './lib/app-url';
import { type Clock, systemClock } from './lib/clock';
import { SharedPages } from './lib/shared-pages';
import {
  type AccountChanged,
  accountRoutes,
  authRoutes,
  pruneSignInThrottles,
  registerSessions,
  sessionCookieName,
  warmUpDummyHash,
} from './modules/accounts';
import { adminRoutes } from './modules/admin';
import { analyticsRoutes, ProfileCounters } from './modules/analytics';
import { assistantRoutes } from './modules/assistant';
import { changeRoutes } from './modules/changes';
import { profilePageHead, savedProRoutes, tradespeopleRoutes } from './modules/discovery';
import { disputeRoutes, passDeadlines, type ResolutionDeps, sendDisputeEmail } from './modules/disputes';
import { dispatchEvent, eventRoutes, StreamHub } from './modules/events';
import { geoRoutes } from './modules/geo';
import { healthRoutes } from './modules/health';
import { supportRoutes } from './modules/help';
import {
  bookingRoutes,
  dashboardRoutes,
  jobRoutes,
  mayViewJob,
  quoteRoutes,
  type SharedOpenJobs,
} from './modules/marketplace';
import { messagingRoutes, UnreadNotifier } from './modules/messaging';
import { type AppMetrics, registerMetrics } from './modules/metrics';
import { milestoneRoutes } from './modules/milestones';
import { devOutboxRoutes, EmailDelivery, notificationRoutes } from './modules/notifications';
import { paymentMethodRoutes } from './modules/payment-methods';
import { type PaymentDeps, paymentRoutes, reconcilePayments, releaseDue } from './modules/payments';
import { payOut, payoutRoutes } from './modules/payouts';
import { photoRoutes, removeStalePhotos } from './modules/photos';
import { tradespersonProfileRoutes } from './modules/profiles';
import { publishDueReviews, reviewRoutes } from './modules/reviews';
import { assertDayBookable, remindDueBookings, schedulingRoutes } from './modules/scheduling';
import { bookDueVisits, chargeDueVisits, subscriptionRoutes } from './modules/subscriptions';
import { notifyUnreadSupportReplies, supportConversationRoutes, supportInboxRoutes } from './modules/support';
import { documentRoutes, runVerificationChecks, verificationQueueRoutes } from './modules/verification';
import { paymentExtensions } from './payment-extensions';
import { registerCsrfProtection } from './plugins/csrf';
import { registerErrorHandling } from './plugins/errors';
import { type Lifecycle, registerLifecycle } from './plugins/lifecycle';
import { genReqId, lazyChildLogger, logDestination, loggerOptions, RequestLog } from './plugins/logging';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { serializerCompiler } from './plugins/serializer';
import { registerTextGuard } from './plugins/text-guard';

import { type RenderedDocument, registerWebApp } from './plugins/web-app';
import { DISPATCH_QUEUE, EventOutbox } from './queue/outbox';
import { applicationQueue, type Queue, send } from './queue/queue';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Tests pass false to keep output quiet. */
  logger?: boolean;
  /** Where log lines go (stdout by default); tests read them to check what is never logged. */
  logStream?: { write(line: string): void };
  /** The time rules read (sign-in throttle windows, the protection window …); tests pass a clock they move by hand. */
  clock?: Clock;
  /** How the sandbox provider delivers webhooks (tests: at once, once each). */
  sandboxDelivery?: SandboxDeliveryOptions;
}

export type App = FastifyInstance;

/** AppDeps with the clock settled. */
type BuildDeps = AppDeps & { clock: Clock };

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs; tests call `runDue(name)` instead of waiting for a poll. */
    queue: Queue;
    /** Serving, draining or closing: what a graceful stop has reached (server.ts moves it). */
    lifecycle: Lifecycle;
    /** This instance's open event streams (tests count them). */
    streams: StreamHub;
    /** Unread-message emails; tests call `notifyDue(now)` instead of waiting for its schedule. */
    unreadNotifier: UnreadNotifier;
    /** Profile views and search appearances; tests call `flush()` instead of waiting for the timer. */
    profileCounters: ProfileCounters;
    /** Vacuuming where the database does not (decision 0035); tests call `runOnce()`. */
    upkeep: TableUpkeep;
  }
}

/** Builds the whole application without listening, so tests drive it with `inject`. */
export async function buildApp(appDeps: AppDeps): Promise<App> {
  const deps: BuildDeps = { ...appDeps, clock: appDeps.clock ?? systemClock };
  const { config, database } = deps;
  const app = createServer(deps);
  const { availability, lifecycle, metrics, documentHeaders } = await registerPlugins(app, deps);
  // Announcements between instances (LISTEN/NOTIFY on a server, in-process on PGlite): sessions,
  // shared pages and real-time messages all ride it.
  const bus = await eventBusFor(database, app.log);
  const background = startBackgroundWork(app, deps, { bus, availability, metrics });
  const streams = openEventStreams(app, database, bus);
  closeInOrder(app, { availability, bus, ...background });
  const shared = sharedReads(config, bus);
  await registerRootRoutes(app, database, { lifecycle, availability });
  // The API (/api/v1): its own scope, so the hooks only it needs run for it alone, not for liveness,
  // the web app's files and pages, or their 404s (decision 0024).
  await app.register(async (api) =>
    registerApi(api, { app, deps, bus, metrics, streams, shared, ...background }),
  );
  // Files and pages: the web app's hashed assets and index.html carry compressed copies made at build.
  // In a scope of their own with the hook that only they need (documentHeaders): a hook added to the
  // root would run for liveness and every API answer too, since Fastify hands a parent's hooks to the
  // children it already has.
  await app.register(async (web) => {
    documentHeaders(web);
    await registerWebApp(
      web,
      config.webDistDir,
      profilePageHead({ db: database.db, publicReads: shared.publicReads, config }),
      shared.publicPages,
    );
  });
  return app;
}

/** The Fastify instance, its logger and its validation. */
function createServer({ config, logger = true, logStream }: AppDeps): App {
  const destination = logger ? logDestination(config.env, logStream) : null;
  const app = Fastify({
    logger: destination ? { ...loggerOptions(config.logLevel), stream: destination } : false,
    genReqId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    // One line per request (plugins/logging.ts): readable in development, JSON otherwise.
    logController: new RequestLog(config.env === 'development', destination, config.logLevel),
    childLoggerFactory: lazyChildLogger,
    // Lets a graceful shutdown end idle keep-alive connections instead of waiting for their timeout.
    forceCloseConnections: 'idle',
    // A request that comes while closing gets the API's envelope from plugins/lifecycle.ts instead.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Errors, the lifecycle, metrics, security headers and the OpenAPI document, at the root. */
async function registerPlugins(app: App, { config, database }: AppDeps) {
  // Logs a lost database once and its return once, however many probes and requests fail in between.
  const availability = new DatabaseAvailability(() => database.ping(), app.log);
  registerErrorHandling(app, availability);
  const lifecycle = registerLifecycle(app);
  app.decorate('lifecycle', lifecycle);
  // GET /metrics (docs/operations/metrics.md): before any route, so its timing hook sees them all.
  const metrics = registerMetrics(app, { config, database, availability });
  const documentHeaders = await registerSecurity(app, config);
  // At the root, so its onRoute hook sees every route, the API's included.
  await registerOpenApi(app, config, { sessionCookie: sessionCookieName(config) });
  return { availability, lifecycle, metrics, documentHeaders };
}

/** Durable background jobs (decision 0014): email delivery, the unread-message emails, domain events. */
function startBackgroundWork(
  app: App,
  { config, database, clock }: BuildDeps,
  { bus, availability, metrics }: { bus: EventBus; availability: DatabaseAvailability; metrics: AppMetrics },
) {
  const queue = applicationQueue(database, {
    log: app.log,
    pollIntervalMs: config.queuePollIntervalMs,
    // Running jobs are waited for at most this long when stopping, within what the drain leaves of
    // SHUTDOWN_TIMEOUT_MS, with room for the requests in flight and the database's close; a job cut
    // short runs again after its expiry.
    stopTimeoutMs: Math.max(1000, Math.min(5000, config.shutdownTimeoutMs - config.shutdownDrainMs - 2000)),
    availability,
  });
  const emails = new EmailDelivery(database.db, mailTransportFor(config), config.mailFrom);
  const unread = new UnreadNotifier(database.db, queue, config.appUrl);
  emails.register(queue);
  unread.register();
  queue.work('accounts.prune-sign-in-throttles', () => pruneSignInThrottles({ db: database.db, clock }));
  // Domain events (decision 0013): recorded by use cases, handed to their consumers from the queue.
  const events = new EventOutbox(queue);
  const dispatchDeps = { db: database.db, bus, appUrl: config.appUrl, dispatched: metrics.dispatched };
  queue.work(DISPATCH_QUEUE, ({ eventId }) => dispatchEvent(dispatchDeps, eventId), {
    onDead: async ({ eventId }, error) => {
      app.log.error({ eventId, error }, 'a domain event could not be dispatched');
    },
  });
  app.decorate('queue', queue);
  app.decorate('unreadNotifier', unread);
  const upkeep = new TableUpkeep(database, app.log);
  app.decorate('upkeep', upkeep);
  app.addHook('onReady', async () => {
    await queue.start();
    // Timers run with the queue's polling, so tests drive upkeep themselves.
    if (config.queuePollIntervalMs > 0) await upkeep.start();
    // Precomputed so the first sign-in with an unknown email costs no more than any other.
    void warmUpDummyHash();
  });
  return { queue, emails, events, upkeep };
}

/** This instance's open event streams. They end before the server closes, or it would wait on them. */
function openEventStreams(app: App, database: DatabaseHandle, bus: EventBus): StreamHub {
  const streams = new StreamHub(database.db, bus, app.log);
  app.decorate('streams', streams);
  app.addHook('preClose', async () => streams.close());
  return streams;
}

function closeInOrder(
  app: App,
  parts: {
    availability: DatabaseAvailability;
    queue: Queue;
    emails: EmailDelivery;
    bus: EventBus;
    upkeep: TableUpkeep;
  },
): void {
  app.addHook('onClose', async () => {
    // Before the database closes (server.ts closes it after the app): running jobs still need it.
    parts.availability.close();
    await parts.upkeep.stop();
    await parts.queue.stop();
    parts.emails.close();
    await parts.bus.close();
  });
}

/** Reads shared between requests, and cleared on every instance when what they show changes. */
function sharedReads(config: Config, bus: EventBus) {
  // Shared open-jobs pages (decision 0009): a write through any instance clears every instance's.
  const openJobPages = new SharedPages<SharedOpenJobs>(config.openJobsCacheMs);
  // What visitors read of tradespeople (decision 0020), cleared the same way.
  const publicReads = new SharedPages<unknown>(config.publicCacheMs);
  // The server-rendered pages visitors open (issue 40), built from those reads: cleared with them. Few
  // kept (a page is ~50-100 KB with its compressed copies), the most visited.
  const publicPages = new SharedPages<RenderedDocument>(config.publicCacheMs, 100);
  // The admin console's reads that are the same for every admin (the overview, the verification
  // queue, the latest payments), shared between admins for ADMIN_SHARED_MS at most: counting every user, job and payment
  // of 12 weeks costs tens of milliseconds at 100,000 jobs, and the queue is a page of 100 documents.
  const adminReads = new SharedPages<unknown>(config.adminSharedMs);
  bus.subscribe((event) => {
    if (event.type === 'jobs-changed') openJobPages.clear();
    // resync: this instance may have missed announcements while its listening connection was down.
    if (event.type === 'public-changed' || event.type === 'resync') {
      publicReads.clear();
      publicPages.clear();
    }
  });
  return { openJobPages, publicReads, publicPages, adminReads };
}
type SharedReads = ReturnType<typeof sharedReads>;

/** Liveness, readiness and compression, at the root. */
async function registerRootRoutes(
  app: App,
  database: DatabaseHandle,
  probes: { lifecycle: Lifecycle; availability: DatabaseAvailability },
): Promise<void> {
  // Liveness and readiness, at the root: a probe needs none of the API's hooks (sessions, CSRF, the
  // text guard, compression, the shared reads), and it is asked far more often than anything else.
  await app.register(healthRoutes(database, probes));
  // After liveness (its answer is 15 bytes), before the API and the files: a route added later gets
  // compressed answers (the files only where the build left no compressed copy).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Every API answer is compressed in one synchronous call instead of through a zlib stream: a
    // stream costs ~200 µs of set-up per answer whatever its size, the call 20-70 µs for the answers we
    // send (bench/compression.mjs). The plugin's default cut-over on 2 cores is 8 KB, which sent the
    // dashboards and lists through streams; 256 KB (the window below) takes every page but a download.
    syncThreshold: 256 * 1024,
    // Quality 1: a fifth of quality 4's CPU on API answers for ~15% more bytes (a few hundred on a
    // typical page, nothing on a phone's connection). The files keep their quality-11 copies made at
    // build. The window is the smallest that still holds nearly every API answer whole (256 KB against
    // the default 4 MB): with the default, ten streamed answers at once held ~45 MB (decision 0025).
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    // gzip for browsers without brotli: level 1 for the same reason.
    zlibOptions: { level: 1 },
  });
}

/** What the API's scope is built from. */
interface ApiParts {
  app: App;
  deps: BuildDeps;
  bus: EventBus;
  metrics: AppMetrics;
  streams: StreamHub;
  shared: SharedReads;
  queue: Queue;
  events: EventOutbox;
}

/** The API's hooks, its scheduled jobs and its routes, in that order. */
async function registerApi(api: App, parts: ApiParts): Promise<void> {
  const { config, database } = parts.deps;
  const accountChanged = await registerSessions(api, config, database.db, parts.bus);
  registerCsrfProtection(api, config);
  registerTextGuard(api);
  clearSharedReadsOnWrite(api, parts);
  const { gateway, paymentDeps } = await startPayments(parts);
  const deps = moduleDeps(parts, accountChanged);
  const disputeDeps: ResolutionDeps = { ...deps, payments: paymentDeps };
  scheduleModuleJobs(parts.app, deps, disputeDeps);
  await registerRoutes(api, { deps, paymentDeps, disputeDeps, streams: parts.streams });
  await registerAssistant(api, parts);
  if (gateway instanceof SandboxGateway)
    await api.register(sandboxRoutes(gateway, parts.deps.clock), { prefix: '/api/v1' });
  if (config.env !== 'production') await api.register(devOutboxRoutes(database.db));
}

/**
 * Tradespeople and admins change what visitors read through many routes (profiles, photos, replies,
 * verification, suspensions), and anyone may change their name or leave: after such a write the
 * shared reads go, here before the response leaves (so the writer's next read is fresh) and on
 * other instances through the bus. Changes made by background jobs come as domain events (dispatch.ts).
 */
function clearSharedReadsOnWrite(api: App, { bus, shared }: ApiParts): void {
  api.addHook('onSend', (request, reply, payload, done) => {
    const user = request.auth?.user;
    // A write marked sessionUnchanged (a message, a quote, a job posted, a notification read) changes
    // nothing a visitor reads of anyone either.
    const write =
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      !request.routeOptions.config.sessionUnchanged;
    // An admin's decision (a document, a suspension, a dispute, a review) shows in their next overview.
    if (user?.isAdmin && write) shared.adminReads.clear();
    if (
      user &&
      write &&
      (user.userType === 'tradesperson' || user.isAdmin || request.url.startsWith('/api/v1/account'))
    ) {
      shared.publicReads.clear();
      shared.publicPages.clear();
      bus.publish({ type: 'public-changed' });
    }
    done(null, payload);
  });
}

/**
 * Money (docs/api/payments.md, payouts.md, milestones.md, payment-methods.md): the provider, escrow
 * release, payouts and reconciliation.
 */
async function startPayments({ app, deps, queue, events, metrics, shared }: ApiParts) {
  const { config, database, clock, sandboxDelivery = DEFAULT_SANDBOX_DELIVERY } = deps;
  const gateway = await paymentGatewayFor(config.payments, {
    db: database.db,
    appUrl: config.appUrl,
    clock,
    enqueue: (tx, eventId, startAfter) =>
      send(tx, 'payments.sandbox-webhook', { eventId }, startAfter ? { startAfter } : {}).then(
        () => undefined,
      ),
    wake: () => queue.wake('payments.sandbox-webhook'),
    delivery: sandboxDelivery,
  });
  const paymentDeps: PaymentDeps = {
    db: database.db,
    gateway,
    events,
    queue,
    clock,
    appUrl: config.appUrl,
    appUrlFor: appUrlFor(config),
    protectionWindowDays: config.payments.protectionWindowDays,
    publishableKey: config.payments.provider === 'stripe' ? (config.payments.publishableKey ?? null) : null,
    adminReads: shared.adminReads,
    chargeFailed: metrics.chargeFailed,
    extensions: paymentExtensions,
  };
  queue.work('payments.release-due', () => releaseDue(paymentDeps));
  queue.work('payments.payout', ({ tradespersonId }) => payOut(paymentDeps, tradespersonId), {
    onDead: async ({ tradespersonId }, error) => {
      app.log.error({ tradespersonId, error }, 'a payout could not be sent; reconciliation will retry it');
    },
  });
  queue.work('payments.reconcile', () => reconcilePayments(paymentDeps));
  // Repeat service plans (docs/api/subscriptions.md): visits booked ahead, each charged before its day.
  queue.work('subscriptions.book-due', async () => {
    const booked = await bookDueVisits(paymentDeps);
    if (booked > 0) app.log.info({ booked }, 'plan visits booked ahead');
  });
  queue.work('subscriptions.charge-due', async () => {
    const charged = await chargeDueVisits(paymentDeps);
    if (charged > 0) app.log.info({ charged }, 'plan visits charged');
  });
  if (gateway instanceof SandboxGateway) {
    // The sandbox stands where the provider's servers would: it posts each signed webhook to the app's
    // own endpoint (in-process, through the whole request path), and retries when it does not get a 2xx.
    queue.work('payments.sandbox-webhook', async ({ eventId }) => {
      const signed = await gateway.signedEvent(eventId);
      if (!signed) return;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signed.signature },
        payload: signed.body,
      });
      if (res.statusCode >= 300) throw new Error(`the webhook endpoint answered ${res.statusCode}`);
    });
  }
  return { gateway, paymentDeps };
}

/** What the product modules are given. */
function moduleDeps({ app, deps, queue, events, bus, shared }: ApiParts, accountChanged: AccountChanged) {
  const { config, database, clock } = deps;
  return {
    db: database.db,
    config,
    queue,
    events,
    bus,
    openJobPages: shared.openJobPages,
    publicReads: shared.publicReads,
    adminReads: shared.adminReads,
    storage: fileStorageFor(config),
    clock,
    accountChanged,
    // The marketplace's booking dates go through scheduling's day check (scheduling builds on it).
    assertDayBookable,
    // Job photos are shown to who may see the job, by the marketplace's rule (it builds on photos).
    mayViewJob,
    counters: profileCounters(app, database.db, clock),
  };
}
type ModuleDeps = ReturnType<typeof moduleDeps>;

/** Profile views and search appearances (docs/api/analytics.md): written every few seconds and at close. */
function profileCounters(app: App, db: DatabaseHandle['db'], clock: Clock): ProfileCounters {
  const counters = new ProfileCounters({ db, clock, log: app.log });
  app.decorate('profileCounters', counters);
  // Before the database closes (server.ts closes it after the app): what is counted is not lost.
  app.addHook('onClose', () => counters.close());
  return counters;
}

/** The modules' jobs over time: verification, the reveal of reviews, disputes and booking reminders. */
function scheduleModuleJobs(app: App, deps: ModuleDeps, disputeDeps: ResolutionDeps): void {
  const { queue } = deps;
  // DOMAIN-RULES 10 over time: expiry, reminders and the verified flag, daily (docs/api/verification.md).
  queue.work('verification.daily', async () => {
    const done = await runVerificationChecks(deps, app.log);
    app.log.info(done, 'verification checks done');
  });
  // Fair reveal over time (docs/api/reviews.md).
  queue.work('reviews.publish-due', async () => {
    const published = await publishDueReviews(deps);
    if (published > 0) app.log.info({ published }, 'reviews published at the close of their window');
  });
  // Disputes (docs/api/disputes.md): send-dispute-email, and the respondent's 7 days.
  queue.work('disputes.send-email', ({ disputeId }) => sendDisputeEmail(disputeDeps, disputeId));
  queue.work('disputes.deadline', async () => {
    const moved = await passDeadlines(disputeDeps);
    if (moved > 0) app.log.info({ moved }, 'disputes moved to review after their response deadline');
  });
  // Day-before reminders of bookings (docs/api/scheduling.md).
  queue.work('scheduling.remind-due', async () => {
    const reminded = await remindDueBookings(deps);
    if (reminded > 0) app.log.info({ reminded }, 'bookings reminded the day before');
  });
  // Support replies left unread (docs/api/support.md).
  queue.work('support.notify-unread', async () => {
    const emailed = await notifyUnreadSupportReplies(deps);
    if (emailed > 0) app.log.info({ emailed }, 'people emailed about unread support replies');
  });
  // Photos uploaded but never attached to a job or change (docs/api/photos.md).
  queue.work('photos.remove-stale', async () => {
    const removed = await removeStalePhotos(deps);
    if (removed > 0) app.log.info({ removed }, 'pending photos removed after a day unattached');
  });
}

/** The modules' routes under /api/v1, in the order they have always been registered. */
async function registerRoutes(
  api: App,
  {
    deps,
    paymentDeps,
    disputeDeps,
    streams,
  }: { deps: ModuleDeps; paymentDeps: PaymentDeps; disputeDeps: ResolutionDeps; streams: StreamHub },
): Promise<void> {
  const prefix = { prefix: '/api/v1' };
  await api.register(geoRoutes, prefix);
  await api.register(supportRoutes(deps), prefix);
  await api.register(authRoutes(deps), prefix);
  await api.register(accountRoutes(deps), prefix);
  await api.register(jobRoutes(deps), prefix);
  await api.register(quoteRoutes(deps), prefix);
  await api.register(bookingRoutes(deps), prefix);
  await api.register(dashboardRoutes(deps), prefix);
  await api.register(tradespeopleRoutes(deps), prefix);
  await api.register(savedProRoutes(deps), prefix);
  await api.register(messagingRoutes(deps), prefix);
  await api.register(eventRoutes(streams), prefix);
  await api.register(notificationRoutes(deps), prefix);
  await api.register(tradespersonProfileRoutes(deps), prefix);
  await api.register(documentRoutes(deps), prefix);
  await api.register(paymentRoutes(paymentDeps), prefix);
  await api.register(payoutRoutes(paymentDeps), prefix);
  await api.register(milestoneRoutes(paymentDeps), prefix);
  await api.register(paymentMethodRoutes(paymentDeps), prefix);
  await api.register(adminRoutes(deps), prefix);
  await api.register(verificationQueueRoutes(deps), prefix);
  await api.register(reviewRoutes(deps), prefix);
  await api.register(disputeRoutes(disputeDeps), prefix);
  await api.register(schedulingRoutes(deps), prefix);
  await api.register(analyticsRoutes(deps), prefix);
  await api.register(photoRoutes(deps), prefix);
  await api.register(changeRoutes(paymentDeps), prefix);
  await api.register(supportConversationRoutes(deps), prefix);
  await api.register(supportInboxRoutes(deps), prefix);
  await api.register(subscriptionRoutes(paymentDeps), prefix);
}

/** The assistant, on the configured AI provider with the local one as its fallback. */
async function registerAssistant(api: App, { app, deps }: ApiParts): Promise<void> {
  const ai = await aiProviderFor(deps.config.ai);
  await api.register(
    assistantRoutes(
      {
        db: deps.database.db,
        clock: deps.clock,
        provider: ai,
        fallback: ai.name === 'local' ? ai : localProvider(),
        log: app.log,
      },
      deps.config.ai,
    ),
    { prefix: '/api/v1' },
  );
}
