import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { type AddressInfo, connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as setTimeout$ } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionFor } from '../test/http';
import { freePort, spawnDevelopmentServer, untilReady } from '../test/processes';
import { loadConfig } from './config/config';
import { createCustomer } from './seed/factories';
import { type RunningServer, startServer } from './server';

// The real entry point in a child process, as `npm start` runs it, with its output piped to us.
let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts server/main.ts in development on a new data folder, output piped to us (afterEach kills it). */
async function spawnServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; url: string }> {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-shutdown-'));
  child = spawnDevelopmentServer(['--import', 'tsx', 'server/main.ts'], { port, dataDir, env });
  return { child, port, url: `http://127.0.0.1:${port}` };
}

describe('shutting down', () => {
  it('exits on SIGTERM after the reader of its output has gone', async () => {
    const { child, url } = await spawnServer({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: '5000' });
    await untilReady(child);

    // The terminal or log shipper goes away; the server goes on logging into the broken pipe.
    child.stdout!.destroy();
    child.stderr!.destroy();
    // Logging is synchronous: once this answer arrives, its log line has hit the broken pipe.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000)),
    ]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 150_000);

  it('drains, finishes a slow request, closes keep-alive connections and exits 0 long before its timeout', async () => {
    const { child, port, url } = await spawnServer({
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '3000',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    await untilReady(child);
    child.stdout!.resume();
    child.stderr!.resume();

    // A keep-alive connection left idle, and a sign-in whose body is half sent: today's traffic.
    const agent = new http.Agent({ keepAlive: true });
    expect((await get(`${url}/api/health`, agent)).status).toBe(200);
    const idle = Object.values(agent.freeSockets).flat()[0]!;
    const idleClosed = once(idle, 'close');
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
    const slow = netConnect(port, '127.0.0.1');
    await once(slow, 'connect');
    let answer = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => {
      answer += chunk;
    });
    const answered = once(slow, 'close');
    slow.write(
      `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const started = Date.now();
    child.kill('SIGTERM');
    // The signal is handled soon, not at once: readiness fails from then on, for the 3 s drain.
    const deadline = Date.now() + 10_000;
    while ((await get(`${url}/api/ready`)).status !== 503) {
      if (Date.now() > deadline) throw new Error('readiness never answered 503');
    }
    expect((await get(`${url}/api/health`)).status).toBe(200);

    // Once the port has closed, the rest of the body: the request is answered, and closes its connection.
    while (await canConnect(port)) {
      if (Date.now() - started > 20_000) throw new Error('the port never closed');
      await setTimeout$(20);
    }
    slow.write(body.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    await idleClosed;

    expect(await exited).toBe(0);
    // The drain and a little more: nothing held the process until SHUTDOWN_TIMEOUT_MS.
    expect(Date.now() - started).toBeLessThan(15_000);
    agent.destroy();
  }, 150_000);
});

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

// In-process: startServer as main.ts runs it, without the signal handlers; stop() is what SIGTERM runs.
describe('a graceful stop (SIGTERM) behind a load balancer', () => {
  const running: RunningServer[] = [];
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });

  async function start(env: Record<string, string>): Promise<RunningServer> {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-shutdown-'));
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'never',
        QUEUE_POLL_INTERVAL_MS: '0',
        // Far beyond what any of these stops may take: a stop that waits for it fails the test.
        SHUTDOWN_TIMEOUT_MS: '60000',
        ...env,
      }),
      { handleSignals: false },
    );
    running.push(server);
    return server;
  }

  /** A raw connection, for requests the test sends in parts. */
  async function connect(server: RunningServer): Promise<RawConnection> {
    const socket = netConnect((server.app.server.address() as AddressInfo).port, '127.0.0.1');
    sockets.push(socket);
    await once(socket, 'connect');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    const closed = once(socket, 'close').then(() => text);
    return { write: (part) => void socket.write(part), closed };
  }

  /** Resolves once the server no longer accepts connections (its stop got past the drain). */
  async function untilPortClosed(server: RunningServer, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (server.app.server.listening) {
      if (Date.now() > deadline) throw new Error(`the port was still open after ${ms} ms`);
      await setTimeout$(10);
    }
  }

  it('answers readiness with 503 at once during the drain while every other request is served', async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: '3000' });
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await get(`${server.url}/api/ready`, agent)).status).toBe(200);
      const stopped = server.stop();
      const ready = await get(`${server.url}/api/ready`, agent);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toEqual({
        error: { code: 'not_ready', message: 'The service is shutting down.' },
      });
      // Still served as usual, on the same keep-alive connection and on new ones.
      expect(ready.headers.connection).toBe('keep-alive');
      expect((await get(`${server.url}/api/health`, agent)).status).toBe(200);
      const api = await get(`${server.url}/api/v1/tradespeople/featured`);
      expect(api.status).toBe(200);
      // The drain was still on when these answers came: the port is open.
      expect(server.app.server.listening).toBe(true);
      await stopped;
      expect(server.app.server.listening).toBe(false);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('lets a request in flight finish with Connection: close and refuses a late one with the API envelope', async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: '0' });
    // In flight: headers and half of the body sent before the stop.
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
    const inFlight = await connect(server);
    inFlight.write(
      `POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Late: a keep-alive connection whose next request is only half written when the port closes.
    const late = await connect(server);
    late.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Give the server the bytes before it closes (it answers a request on a third connection after them).
    expect((await get(`${server.url}/api/health`)).status).toBe(200);

    const began = Date.now();
    const stopped = server.stop();
    await untilPortClosed(server);
    inFlight.write(body.slice(10));
    late.write('\r\n');

    const answered = await inFlight.closed;
    expect(answered).toMatch(/^HTTP\/1\.1 401 /);
    expect(answered).toMatch(/\r\nconnection: close\r\n/i);
    expect(answered).toContain('"code":"invalid_credentials"');

    const refused = await late.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'shutting_down', message: 'This server is restarting. Please try again.' },
    });

    await stopped;
    // Nowhere near SHUTDOWN_TIMEOUT_MS: nothing was left holding the server open.
    expect(Date.now() - began).toBeLessThan(10_000);
  }, 60_000);

  it('closes idle keep-alive connections and stops without waiting for their timeout', async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: '0' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      await Promise.all([1, 2, 3, 4].map(() => get(`${server.url}/api/health`, agent)));
      const idle = Object.values(agent.freeSockets).flat();
      expect(idle).toHaveLength(4);
      const allClosed = Promise.all(idle.map((s) => once(s!, 'close')));
      const began = Date.now();
      await server.stop();
      await allClosed;
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('ends event streams with a reconnect hint', async () => {
    const server = await start({ SHUTDOWN_DRAIN_MS: '0' });
    const customer = await createCustomer(server.database.db);
    const cookie = await sessionFor(server.database.db, customer.id);
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${server.url}/api/v1/events`, { headers: { accept: 'text/event-stream', cookie } }, resolve)
        .on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    const ended = once(stream, 'end');
    // The stream is open once its first event has arrived.
    while (!text.includes('event: ready')) await once(stream, 'data');
    const began = Date.now();
    await server.stop();
    await ended;
    // The stream opened with 3 s; it ends asking for a reconnection within about a second.
    const hints = [...text.matchAll(/^retry: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(hints).toHaveLength(2);
    expect(hints[0]).toBe(3000);
    expect(hints[1]).toBeGreaterThanOrEqual(250);
    expect(hints[1]).toBeLessThan(1250);
    expect(text.endsWith(`retry: ${hints[1]}\n\n`)).toBe(true);
    expect(Date.now() - began).toBeLessThan(10_000);
  }, 60_000);
});

interface RawConnection {
  write(part: string): void;
  /** Everything the server sent, once it closed the connection. */
  closed: Promise<string>;
}

function get(
  url: string,
  agent?: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}
