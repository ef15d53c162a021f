// The reference for bench/rolling-restart.mjs, measured in the same run: the same HAProxy configuration
// in front of three raw `node:http` servers (each in its own process, answering a small JSON), the same
// request rate on a keep-alive agent, no restarts. Its p99 is what the machine and the balancer cost
// on their own, so the app's p99 during restarts can be read against it on a noisy machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  haproxyConfig,
  haproxyStatus,
  percentile,
  RATE,
  request,
} from '../test/balancer/rolling-restart.mjs';

const RAW_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\\n'));
`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** p99 (ms) and failures of RATE req/s for `seconds` through HAProxy to raw node:http servers. */
export async function rawReference({ haproxy, seconds = 10, deadlineMs = 60_000 }) {
  const started = [];
  const tmp = mkdtempSync(path.join(tmpdir(), 'tradenest-balancer-raw-'));
  const stop = () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(tmp, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const deadline = setTimeout(() => {
    stop();
    throw new Error(`raw reference: not done within ${deadlineMs / 1000} s`);
  }, deadlineMs);
  try {
    const [port, statsPort, ...ports] = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    await Promise.all(
      ports.map(
        (p) =>
          new Promise((resolve, reject) => {
            const child = spawn(process.execPath, ['-e', RAW_SERVER], {
              env: { ...process.env, PORT: String(p) },
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            started.push(child);
            child.stdout.once('data', resolve);
            child.once('exit', (code) => reject(new Error(`raw server exited (${code})`)));
          }),
      ),
    );
    const config = path.join(tmp, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig({
        port,
        statsPort,
        servers: ports.map((p, i) => ({ name: `raw${i + 1}`, port: p })),
      }).replace('option httpchk GET /api/ready', 'option httpchk GET /'),
    );
    const balancer = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    started.push(balancer);
    // Measured once HAProxy has every server up (rise 2, a check every 500 ms).
    for (let i = 0; i < 200; i++) {
      const statuses = await haproxyStatus(statsPort).catch(() => ({}));
      if (ports.every((_, n) => statuses[`raw${n + 1}`] === 'UP')) break;
      if (i === 199) throw new Error('raw reference: HAProxy did not bring the raw servers up');
      await sleep(50);
    }

    const agent = new http.Agent({ keepAlive: true });
    const results = [];
    const t0 = performance.now();
    const total = RATE * seconds;
    const pending = [];
    for (let sent = 0; sent < total; sent++) {
      const wait = t0 + (sent * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(request(agent, port, { url: '/' }).then((r) => results.push(r)));
    }
    await Promise.all(pending);
    agent.destroy();
    const failed = results.filter((r) => r.error || r.status !== 200).length;
    return {
      requests: results.length,
      failed,
      p99Ms: percentile(
        results.map((r) => r.ms).sort((a, b) => a - b),
        99,
      ),
    };
  } finally {
    clearTimeout(deadline);
    process.off('exit', stop);
    stop();
  }
}
