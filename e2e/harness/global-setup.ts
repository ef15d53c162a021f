import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { loadConfig } from '../../server/config/config';
import { type RunningServer, startServer } from '../../server/server';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The test server's scheduled-job trigger (jobs.ts), for journeys that cannot wait for its clock. */
    jobsUrl: string;
  }
}

/**
 * Builds the web app, starts the real server on a free port with a fresh embedded database (seeded with
 * the demo data, as a first `npm start` would be), and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  project.provide('chromiumPath', chromium ?? '');
  if (!chromium) {
    process.stdout.write(
      process.env.REQUIRE_E2E === '1'
        ? 'browser tests: REQUIRE_E2E=1 but no Chromium found: they will fail\n'
        : "browser tests: skipped, no Chromium (install Debian's chromium package or set CHROMIUM_PATH)\n",
    );
    project.provide('baseUrl', '');
    project.provide('jobsUrl', '');
    return;
  }

  await ensureWebBuild({ quiet: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tradenest-e2e-'));
  // A port known before the server starts, so the server's own address (APP_URL) is right: the payment
  // provider's checkout and its return to /my-jobs are built from it.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000',
  });
  const server: RunningServer = await startServer(config, { handleSignals: false });
  project.provide('baseUrl', server.url);
  const jobs = await scheduledJobTrigger(server);
  project.provide('jobsUrl', jobs.url);

  return async () => {
    await new Promise((resolve) => jobs.listener.close(resolve));
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// The scheduled jobs a journey may run now rather than wait for their time (every 10 minutes, hourly).
const TRIGGERABLE = new Set(['subscriptions.book-due', 'subscriptions.charge-due', 'payments.release-due']);

/**
 * A test-only listener beside the server, on a free port of 127.0.0.1: `POST /<job name>` enqueues one
 * run of that scheduled job and runs it in the server's own queue, answering when it has finished. The
 * journeys' clock is the real one, so this is how a journey sees what the schedule would do next.
 */
async function scheduledJobTrigger(server: RunningServer) {
  const listener = createHttpServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').slice(1));
    if (req.method !== 'POST' || !TRIGGERABLE.has(name)) {
      res.writeHead(404).end();
      return;
    }
    const queue = server.app.queue;
    const job = name as Parameters<typeof queue.runDue>[0];
    queue
      .send(server.database.db, job, {})
      .then(() => queue.runDue(job))
      .then((ran) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ran })))
      .catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { listener, url: `http://127.0.0.1:${port}` };
}
