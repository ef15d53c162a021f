// What recording one request costs: RequestMetrics (server/modules/metrics/http-metrics.ts) beside
// prom-client's Histogram and Counter, with children made once by labels() and with a label object per
// request. Run: node --import tsx bench/metrics-observe.ts
import { Counter, Histogram, Registry } from 'prom-client';
import { RequestMetrics } from '../server/modules/metrics/http-metrics';

const N = 2_000_000;
const routes = ['/api/health', '/api/v1/jobs/:id', '/api/v1/tradespeople/featured', '/metrics'];
function time(label: string, fn: (i: number) => void) {
  for (let i = 0; i < 200_000; i++) fn(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(i);
  const ns = Number(process.hrtime.bigint() - t0) / N;
  console.info(label, ns.toFixed(1), 'ns per request');
}
const ours = new RequestMetrics();
time('RequestMetrics.observe', (i) => ours.observe(routes[i & 3], 'GET', 200, (i % 50) / 3));
const reg = new Registry();
const h = new Histogram({
  name: 'h',
  help: 'h',
  labelNames: ['route', 'method', 'status'],
  registers: [reg],
});
const c = new Counter({ name: 'c', help: 'c', labelNames: ['route', 'method', 'status'], registers: [reg] });
const hc = routes.map((r) => h.labels(r, 'GET', '200'));
const cc = routes.map((r) => c.labels(r, 'GET', '200'));
time('prom-client cached children (histogram + counter)', (i) => {
  hc[i & 3]!.observe((i % 50) / 3000);
  cc[i & 3]!.inc();
});
time('prom-client observe({labels}) (histogram + counter)', (i) => {
  const labels = { route: routes[i & 3]!, method: 'GET', status: '200' };
  h.observe(labels, (i % 50) / 3000);
  c.inc(labels);
});
