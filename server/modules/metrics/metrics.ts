import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import type { ErrorEnvelope } from '../../../domain/errors';
import type { DomainEventType } from '../../../domain/events/catalog';
import type { Config } from '../../config/config';
import type { DatabaseAvailability } from '../../db/availability';
import type { DatabaseHandle } from '../../db/client';
import type { QueueDepth } from '../../queue/queue';
import { type CollectedMetric, collected, type MetricValue } from './collected';
import { RequestMetrics } from './http-metrics';
import { processMetrics } from './process-metrics';

/** Longest a scrape waits for the queue's depths before it answers without them. */
export const QUEUE_DEPTH_TIMEOUT_MS = 2000;

/** What the rest of the app tells the metrics; no-ops when metrics are off. */
export interface AppMetrics {
  /** A domain event's consumers ran (events/dispatch.ts): payment and payout outcomes are counted from these. */
  dispatched(type: DomainEventType): void;
  /** A charge failed (payments: the one money outcome without a domain event). */
  chargeFailed(): void;
}

/**
 * Who may read /metrics (docs/operations/metrics.md, decision 0031): with METRICS_TOKEN, whoever sends it
 * as a bearer token; without it, nobody in production (metrics are off and cost nothing) and loopback
 * clients elsewhere.
 */
export type MetricsAccess = { kind: 'token'; digest: Buffer } | { kind: 'loopback' } | { kind: 'off' };

export function metricsAccess(config: Pick<Config, 'env' | 'metricsToken'>): MetricsAccess {
  if (config.metricsToken) return { kind: 'token', digest: sha256(config.metricsToken) };
  return config.env === 'production' ? { kind: 'off' } : { kind: 'loopback' };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const NOT_FOUND: ErrorEnvelope = { error: { code: 'not_found', message: 'Not found' } };
const UNAUTHENTICATED: ErrorEnvelope = {
  error: { code: 'unauthenticated', message: 'This needs the metrics token as a bearer token.' },
};

/** Whether the bearer token matches, compared in constant time (over digests, so lengths never differ). */
export function bearerMatches(authorization: string | undefined, digest: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return match ? timingSafeEqual(sha256(match[1]!), digest) : false;
}

const NO_METRICS: AppMetrics = { dispatched: () => {}, chargeFailed: () => {} };

// prom-client's Registry.PROMETHEUS_CONTENT_TYPE, without loading prom-client to read it.
const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const PAYMENT_EVENTS: Partial<Record<DomainEventType, 'succeeded' | 'released' | 'refunded'>> = {
  'payment.succeeded': 'succeeded',
  'milestone.paid': 'succeeded',
  'payment.released': 'released',
  'payment.refunded': 'refunded',
};
const PAYOUT_EVENTS: Partial<Record<DomainEventType, 'paid' | 'failed'>> = {
  'payout.paid': 'paid',
  'payout.failed': 'failed',
};

/**
 * GET /metrics in Prometheus's text format, and what feeds it: every request's route, status and
 * duration (one onResponse hook, at the root so it sees every route and the not-found handler), and,
 * read when scraped, the open event streams, the job queue, the database pool and the process.
 * Registered before any route. Each app has its own registry (tests build many apps in one process).
 */
export function registerMetrics(
  app: FastifyInstance,
  {
    config,
    database,
    availability,
  }: { config: Config; database: DatabaseHandle; availability: DatabaseAvailability },
): AppMetrics {
  const access = metricsAccess(config);
  if (access.kind === 'off') {
    // A route of its own all the same, so the web app's page never answers /metrics.
    app.get('/metrics', { schema: { hide: true } }, (_request, reply) => {
      reply.code(404).send(NOT_FOUND);
    });
    return NO_METRICS;
  }
  const requests = timeRequests(app);
  const outcomes = outcomeCounters();
  serveMetrics(app, access, [
    ...requests.metrics(),
    ...instanceGauges(app, availability),
    ...poolGauges(database),
    ...queueMetrics(app),
    ...outcomes.metrics,
  ]);
  return outcomes.appMetrics;
}

const gauge = (name: string, help: string, values: () => MetricValue[] | Promise<MetricValue[]>) =>
  collected(name, help, 'gauge', values);

/**
 * Fastify already times each request (one clock read as it is routed, one as the response ends):
 * elapsedTime reuses them. The route's pattern is the label, never the URL.
 */
function timeRequests(app: FastifyInstance): RequestMetrics {
  const requests = new RequestMetrics();
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime);
    done();
  });
  return requests;
}

/** This instance's open event streams and whether it reaches its database. */
function instanceGauges(app: FastifyInstance, availability: DatabaseAvailability): CollectedMetric[] {
  return [
    gauge('tradenest_event_streams', 'Open event streams (GET /api/v1/events) on this instance', () => [
      { value: app.hasDecorator('streams') ? app.streams.size : 0 },
    ]),
    gauge(
      'tradenest_database_available',
      '1 while this instance reaches its database, 0 from a failed readiness probe or request until it answers again',
      () => [{ value: availability.available ? 1 : 0 }],
    ),
  ];
}

/**
 * The PostgreSQL pool. The embedded database (PGlite) has no pool: it is one connection inside this
 * process, and it queues queries internally without saying how many wait. Nothing honest to report,
 * so nothing is.
 */
function poolGauges(database: DatabaseHandle): CollectedMetric[] {
  if (database.kind !== 'postgres') return [];
  const pool = database.client as pg.Pool;
  return [
    gauge('tradenest_db_pool_connections', "Connections in this instance's PostgreSQL pool, by state", () => [
      { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
    ]),
    gauge('tradenest_db_pool_waiting', 'Queries waiting for a free connection of the pool', () => [
      { value: pool.waitingCount },
    ]),
    gauge('tradenest_db_pool_max', 'Size limit of the pool (DATABASE_POOL_MAX)', () => [
      { value: pool.options.max ?? 10 },
    ]),
  ];
}

/**
 * Unfinished jobs across every instance (they share pg-boss's table), read when scraped, at most one
 * read at a time, bounded: a slow or unreachable database gives a scrape without them, not a hung one.
 * And what this instance's workers ran.
 */
function queueMetrics(app: FastifyInstance): CollectedMetric[] {
  const readDepths = sharedRead(() => app.queue.depths(), QUEUE_DEPTH_TIMEOUT_MS);
  return [
    gauge(
      'tradenest_queue_jobs',
      'Unfinished jobs by queue and state (created: waiting, retry: waiting to retry, active: running), all instances',
      async () => {
        if (!app.hasDecorator('queue')) return [];
        try {
          return (await readDepths()).map((d) => ({
            labels: { queue: d.queue, state: d.state },
            value: d.count,
          }));
        } catch (err) {
          app.log.debug({ err }, 'queue depths not read for metrics');
          return [];
        }
      },
    ),
    collected(
      'tradenest_queue_job_outcomes_total',
      "Jobs this instance's workers ran, by queue and outcome (completed, retried, failed: no retry left)",
      'counter',
      () =>
        app.hasDecorator('queue')
          ? [...app.queue.outcomes].flatMap(([queue, o]) =>
              (['completed', 'retried', 'failed'] as const).map((outcome) => ({
                labels: { queue, outcome },
                value: o[outcome],
              })),
            )
          : [],
    ),
  ];
}

/** Payment and payout outcomes: counted as the rest of the app reports them, read when scraped. */
function outcomeCounters(): { metrics: CollectedMetric[]; appMetrics: AppMetrics } {
  const payments = { succeeded: 0, failed: 0, released: 0, refunded: 0 };
  const payouts = { paid: 0, failed: 0 };
  const byOutcome = (counts: Record<string, number>) => () =>
    Object.entries(counts).map(([outcome, value]) => ({ labels: { outcome }, value }));
  const metrics = [
    collected(
      'tradenest_payment_outcomes_total',
      'Payments decided on this instance, by outcome (succeeded: paid into escrow, failed, released, refunded)',
      'counter',
      byOutcome(payments),
    ),
    collected(
      'tradenest_payouts_total',
      'Payouts to tradespeople decided on this instance, by outcome (paid, failed)',
      'counter',
      byOutcome(payouts),
    ),
  ];
  const appMetrics: AppMetrics = {
    dispatched(type) {
      const payment = PAYMENT_EVENTS[type];
      if (payment) payments[payment]++;
      const payout = PAYOUT_EVENTS[type];
      if (payout) payouts[payout]++;
    },
    chargeFailed() {
      payments.failed++;
    },
  };
  return { metrics, appMetrics };
}

/** GET /metrics. prom-client renders the text; it is loaded (and the registries made) by the first scrape only. */
function serveMetrics(app: FastifyInstance, access: MetricsAccess, metrics: CollectedMetric[]): void {
  let registries: Promise<[Registry, Registry]> | undefined;
  const render = async () => {
    registries ??= Promise.all([
      import('prom-client').then(({ Registry }) => {
        const registry = new Registry();
        for (const metric of metrics) registry.registerMetric(metric as never);
        return registry;
      }),
      processMetrics(),
    ]);
    const [own, process] = await registries;
    return `${await own.metrics()}\n${await process.metrics()}`;
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!allowed(access, request, reply)) return reply;
    const text = await render();
    return reply.header('cache-control', 'no-store').type(PROMETHEUS_CONTENT_TYPE).send(text);
  });
}

/** Answers the refusal itself and returns false when the caller may not read the metrics. */
function allowed(access: MetricsAccess, request: FastifyRequest, reply: FastifyReply): boolean {
  if (access.kind === 'token') {
    if (bearerMatches(request.headers.authorization, access.digest)) return true;
    reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(UNAUTHENTICATED);
    return false;
  }
  // Not request.ip: behind TRUST_PROXY that comes from X-Forwarded-For, which a client can write.
  if (access.kind === 'loopback' && LOOPBACK.has(request.socket.remoteAddress ?? '')) return true;
  reply.code(404).send(NOT_FOUND);
  return false;
}

/**
 * One read at a time, shared by concurrent callers; each caller waits `timeoutMs` at most. A read that
 * outlives its callers is still the one the next caller shares, so a stuck database never collects a
 * pile of them.
 */
function sharedRead(read: () => Promise<QueueDepth[]>, timeoutMs: number): () => Promise<QueueDepth[]> {
  let pending: Promise<QueueDepth[]> | undefined;
  return () => {
    pending ??= read().finally(() => {
      pending = undefined;
    });
    const reading = pending;
    return new Promise<QueueDepth[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      reading.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  };
}
