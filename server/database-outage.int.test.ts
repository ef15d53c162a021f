import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/config';
import { getTestDatabase, postgresUrl } from '../test/databases';
import { signUp } from '../test/http';
import { type App, buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';

/**
 * A TCP proxy in front of PostgreSQL that the test cuts (every connection dropped, new ones refused, as
 * when the database server is down) and restores on the same port.
 */
class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database "goes down": open connections break, new ones are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    await this.start();
  }
}

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string };
}

const OUTAGE = 'database unavailable: readiness answers 503 and requests that need it get 503';
const RECOVERY = 'database reachable again';
const UNAVAILABLE = {
  error: {
    code: 'service_unavailable',
    message: 'The service is briefly unavailable. Please try again in a few seconds.',
  },
};

describe.skipIf(!postgresUrl())('a PostgreSQL outage [postgres]', () => {
  let proxy: CuttableProxy;
  let database: DatabaseHandle;
  let app: App;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    // The worker's test database (migrated), reached through the proxy.
    const direct = await getTestDatabase('postgres');
    const { rows } = (await direct.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(postgresUrl()!);
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${rows[0]!.name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 4 });
    app = await buildApp({
      // Every request reads the database: no session reuse (public reads are not shared in tests). The
      // queues poll, with pg-boss's maintenance and schedules, as in production.
      config: testConfig({ LOG_LEVEL: 'info', SESSION_CACHE_MS: '0', QUEUE_POLL_INTERVAL_MS: '200' }),
      database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
  });

  afterAll(async () => {
    // Back up whatever happened, so that closing finds the database.
    await proxy?.restore().catch(() => {});
    await app?.close();
    await database?.close();
    await proxy?.cut();
  });

  it('answers 503 with the API envelope while it lasts, logs it once each way, and recovers', async () => {
    const { cookie } = await signUp(app);
    const requests = [
      { url: '/api/v1/tradespeople/featured' },
      { url: '/api/v1/saved-pros', headers: { cookie } },
      { method: 'POST' as const, url: '/api/v1/auth/sign-in', payload: { email: 'a@b.test', password: 'x' } },
    ];
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    for (const r of requests) expect((await app.inject(r)).statusCode).toBeLessThan(500);
    const before = lines.length;

    await proxy.cut();
    // Long enough for every queue to poll several times.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // pg-boss reports a failed maintenance or schedule check as an 'error' event (every 30-60 s, too slow
    // to wait for here): those go to the same one line.
    const boss = (app.queue as unknown as { boss: { emit(event: string, err: Error): void } }).boss;
    for (let i = 0; i < 10; i++)
      boss.emit('error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    for (let round = 0; round < 5; round++) {
      for (const r of requests) {
        const res = await app.inject(r);
        expect(res.statusCode, `${r.url} during the outage`).toBe(503);
        expect(res.json()).toEqual(UNAVAILABLE);
        expect(res.headers['retry-after']).toBe('5');
      }
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('not_ready');
    }
    // Metrics still answer, and say so.
    const scrape = await app.inject({ url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('\ntradenest_database_available 0\n');
    expect(scrape.body).toContain(
      'http_requests_total{route="/api/v1/saved-pros",method="GET",status="503"} 5',
    );

    const during = lines.slice(before);
    expect(during.filter((l) => l.msg === OUTAGE)).toHaveLength(1);
    expect(during.find((l) => l.msg === OUTAGE)?.err?.message).toMatch(
      // Refused once the proxy is down, or reset when the cut catches a statement in flight (a queue's poll).
      /ECONNREFUSED|ECONNRESET|Connection terminated|timeout exceeded/,
    );
    // Nothing else at error level: no 500s, no error record per request or per probe.
    expect(during.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual([OUTAGE]);
    expect(during.filter((l) => l.msg === 'unhandled error')).toHaveLength(0);

    await proxy.restore();
    // The first probe after the return is ready (or the recheck noticed first).
    await expect.poll(async () => (await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    for (const r of requests) expect((await app.inject(r)).statusCode).toBeLessThan(500);
    for (let i = 0; i < 10; i++) expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const after = lines.slice(before);
    expect(after.filter((l) => l.msg === OUTAGE)).toHaveLength(1);
    expect(after.filter((l) => l.msg === RECOVERY)).toHaveLength(1);
    expect(after.findIndex((l) => l.msg === RECOVERY)).toBeGreaterThan(
      after.findIndex((l) => l.msg === OUTAGE),
    );
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('\ntradenest_database_available 1\n');
  });
});
