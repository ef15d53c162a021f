import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PRODUCTION } from '../../../test/config';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor, signUp } from '../../../test/http';
import { drainMoneyQueues } from '../../../test/money';
import type { App } from '../../app';
import { createBooking, createJob } from '../../seed/factories';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in a scrape, or undefined when the scrape has no such line. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: App, headers: Record<string, string> = {}): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return res.body;
}

// A built web app (its index.html is all the SPA fallback needs), to show it no longer answers /metrics.
const webDist = mkdtempSync(path.join(tmpdir(), 'tradenest-metrics-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describeOnDatabases('metrics', (ctx) => {
  /** The app in production, on a web build of its own. */
  const productionApp = (env: Record<string, string> = {}) =>
    ctx.app({ ...PRODUCTION, APP_URL: 'https://tradenest.example', WEB_DIST_DIR: webDist, ...env });

  it('counts requests by route pattern, method and status, never by the URL', async () => {
    const app = await ctx.app();
    const job = await createJob(ctx.database().db);
    const cookie = await sessionFor(ctx.database().db, job.customerId);
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/health' });
    await app.inject({ url: `/api/v1/jobs/${job.id}`, headers: { cookie } });
    await app.inject({ url: '/api/v1/jobs/00000000-0000-4000-8000-000000000000', headers: { cookie } });
    await app.inject({ url: '/api/v1/no-such-route' });
    await app.inject({ url: '/no/such/page/either', headers: { accept: 'application/json' } });

    const text = await scrape(app);
    expect(seriesValue(text, 'http_requests_total{route="/api/health",method="GET",status="200"}')).toBe(2);
    expect(seriesValue(text, 'http_requests_total{route="/api/v1/jobs/:id",method="GET",status="200"}')).toBe(
      1,
    );
    expect(seriesValue(text, 'http_requests_total{route="/api/v1/jobs/:id",method="GET",status="404"}')).toBe(
      1,
    );
    // Every path without a route is one series, whatever the path.
    expect(seriesValue(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(2);
    expect(text).not.toContain(job.id);
    expect(text).not.toContain('no-such-route');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const health = 'route="/api/health",method="GET",status="200"';
    expect(seriesValue(text, `http_request_duration_seconds_bucket{${health},le="+Inf"}`)).toBe(2);
    expect(seriesValue(text, `http_request_duration_seconds_count{${health}}`)).toBe(2);
    expect(seriesValue(text, `http_request_duration_seconds_bucket{${health},le="10"}`)).toBe(2);
    expect(seriesValue(text, `http_request_duration_seconds_sum{${health}}`)).toBeGreaterThan(0);
    // The buckets are cumulative.
    const buckets = text
      .split('\n')
      .filter((l) => l.startsWith(`http_request_duration_seconds_bucket{${health}`))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets).toHaveLength(12);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));

    // The scrape itself is counted by the next one.
    const again = await scrape(app);
    expect(seriesValue(again, 'http_requests_total{route="/metrics",method="GET",status="200"}')).toBe(1);
  });

  it('reports event streams, the queue, the database and the process', async () => {
    const app = await ctx.app();
    // A job for later waits in its queue.
    const waiting = 'tradenest_queue_jobs{queue="accounts.prune-sign-in-throttles",state="created"}';
    expect(seriesValue(await scrape(app), waiting)).toBeUndefined();
    await app.queue.send(
      ctx.database().db,
      'accounts.prune-sign-in-throttles',
      {},
      {
        startAfter: new Date(Date.now() + 3_600_000),
      },
    );
    let text = await scrape(app);
    expect(seriesValue(text, waiting)).toBe(1);
    expect(seriesValue(text, 'tradenest_event_streams')).toBe(0);
    expect(seriesValue(text, 'tradenest_database_available')).toBe(1);
    // Sign-up sends an email job (email.deliver), which runs at once after the commit.
    await signUp(app);
    await app.queue.runDue('email.deliver');
    text = await scrape(app);
    expect(
      seriesValue(text, 'tradenest_queue_job_outcomes_total{queue="email.deliver",outcome="completed"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(text, 'tradenest_queue_job_outcomes_total{queue="email.deliver",outcome="failed"}'),
    ).toBe(0);
    // Process metrics from prom-client's defaults.
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (ctx.kind === 'postgres') {
      expect(seriesValue(text, 'tradenest_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, 'tradenest_db_pool_waiting')).toBe(0);
      expect(seriesValue(text, 'tradenest_db_pool_max')).toBe(20);
    } else {
      // The embedded database has no pool to report.
      expect(text).not.toContain('tradenest_db_pool');
    }

    // An open event stream shows while it is open.
    const { cookie } = await signUp(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const aborter = new AbortController();
    const stream = await fetch(`${address}/api/v1/events`, { headers: { cookie }, signal: aborter.signal });
    expect(stream.status).toBe(200);
    expect(seriesValue(await scrape(app), 'tradenest_event_streams')).toBe(1);
    aborter.abort();
    await expect.poll(async () => seriesValue(await scrape(app), 'tradenest_event_streams')).toBe(0);
  });

  it('answers without the queue depths when reading them takes longer than 2 s', async () => {
    const app = await ctx.app();
    let reads = 0;
    app.queue.depths = () => {
      reads++;
      return new Promise(() => {});
    };
    const started = performance.now();
    const [first, second] = await Promise.all([scrape(app), scrape(app)]);
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(1900);
    expect(ms).toBeLessThan(5000);
    for (const text of [first, second]) {
      expect(text).toContain('# TYPE tradenest_queue_jobs gauge');
      expect(text).not.toContain('tradenest_queue_jobs{');
      expect(seriesValue(text, 'tradenest_event_streams')).toBe(0);
    }
    // The stuck read is shared, never repeated while it lasts.
    await scrape(app);
    expect(reads).toBe(1);
  });

  it('counts payment outcomes once each, from the events that record them', async () => {
    const app = await ctx.app();
    let text = await scrape(app);
    for (const outcome of ['succeeded', 'failed', 'released', 'refunded'])
      expect(seriesValue(text, `tradenest_payment_outcomes_total{outcome="${outcome}"}`)).toBe(0);
    expect(seriesValue(text, 'tradenest_payouts_total{outcome="paid"}')).toBe(0);

    const booking = await createBooking(ctx.database().db, { status: 'completed', amount: 10_000 });
    const customer = await sessionFor(ctx.database().db, booking.customerId);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/payments/create-payment',
      headers: { cookie: customer },
      payload: { bookingId: booking.id },
    });
    const { sessionId } = created.json();
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/sandbox/checkout/${sessionId}/pay`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Smith' },
    });
    expect(paid.statusCode).toBe(200);
    // Confirmed twice more (verify, a replayed webhook): still one outcome.
    await app.inject({
      method: 'POST',
      url: '/api/v1/payments/verify-payment',
      headers: { cookie: customer },
      payload: { sessionId },
    });
    await drainMoneyQueues(app);
    text = await scrape(app);
    expect(seriesValue(text, 'tradenest_payment_outcomes_total{outcome="succeeded"}')).toBe(1);
    expect(seriesValue(text, 'tradenest_payment_outcomes_total{outcome="refunded"}')).toBe(0);
  });

  it('is open to loopback only outside production without a token', async () => {
    const app = await ctx.app();
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    // A forwarded-for header does not make a remote client local.
    const app2 = await ctx.app({ TRUST_PROXY: 'true' });
    const spoofed = await app2.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(404);
  });

  it('is off in production without METRICS_TOKEN, and the web page does not answer it', async () => {
    const app = await productionApp();
    // The web app answers other pages, so the 404 below is /metrics's own.
    const page = await app.inject({ url: '/some/page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<body>app</body>');
    for (const accept of ['text/html', '*/*', 'text/plain']) {
      const res = await app.inject({ url: '/metrics', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    const bearer = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(bearer.statusCode).toBe(404);
  });

  it('asks for the bearer token when METRICS_TOKEN is set, in production too', async () => {
    const app = await productionApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({
        url: '/metrics',
        headers: { accept: 'text/html', ...(authorization ? { authorization } : {}) },
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error.code).toBe('unauthenticated');
      expect(res.body).not.toContain(TOKEN);
    }
    const text = await scrape(app, { authorization: `Bearer ${TOKEN}` });
    expect(text).toContain('http_requests_total{route="/metrics",method="GET",status="401"} 5');
    // A remote scraper with the token is welcome: the token is the protection.
    const remote = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(remote.statusCode).toBe(200);
  });
});
