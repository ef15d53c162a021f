// What compressing one API answer costs, as the server does it: a zlib stream per answer (brotli at
// quality 4 with a 256 KB window, the compression plugin's settings in server/app.ts; gzip at its
// default), 3,000 answers of ~8 KB of JSON in one process after 300 to warm up, CPU split into user and
// system time. Run it under different malloc settings to see what they cost, e.g.
//   MALLOC_ARENA_MAX=2 node bench/compression.mjs
//   MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node bench/compression.mjs
// (bench/README.md, start-up section of the fourth session: why a fixed mmap threshold was rejected).
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 3000);
const items = Array.from({ length: 30 }, (_, i) => ({
  id: crypto.randomUUID(),
  title: `Job ${i}: fix the boiler and radiators`,
  postcode: 'LS1 4AP',
  budget: 1000 + i,
  createdAt: new Date().toISOString(),
  status: 'open',
  description: 'x'.repeat(80),
}));
const body = JSON.stringify({ items });

const encoders = {
  br: () =>
    zlib.createBrotliCompress({
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    }),
  gzip: () => zlib.createGzip(),
};

async function compressOnce(kind) {
  await pipeline(
    Readable.from([body]),
    encoders[kind](),
    new Writable({
      write(_chunk, _encoding, done) {
        done();
      },
    }),
  );
}

for (const kind of Object.keys(encoders)) {
  for (let i = 0; i < 300; i++) await compressOnce(kind);
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < ANSWERS; i++) await compressOnce(kind);
  const cpu = process.cpuUsage(before);
  const each = (us) => (us / ANSWERS).toFixed(0);
  process.stdout.write(
    `${kind.padEnd(4)} ${body.length} bytes: ${each(cpu.user + cpu.system)} µs of CPU an answer (user ${each(cpu.user)}, system ${each(cpu.system)}), ${each((performance.now() - started) * 1000)} µs wall; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? '(unset)'}\n`,
  );
}
