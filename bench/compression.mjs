// What compressing one API answer costs: the settings the server used before issue 40 (a zlib stream
// per answer, brotli quality 4 with a 256 KB window, gzip at level 6) beside the ones it uses now (one
// synchronous call per answer, brotli quality 1, gzip level 1; server/app.ts), for answers of ~1.5,
// ~6 and ~24 KB of JSON. BENCH_ANSWERS (default 3,000) answers each after 300 to warm up; CPU split
// into user and system time, and the compressed size. Run it under different malloc settings to see
// what they cost, e.g.
//   MALLOC_ARENA_MAX=2 node bench/compression.mjs
// (bench/README.md, start-up section of the fourth session: why a fixed mmap threshold was rejected).
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 3000);
const { BROTLI_PARAM_QUALITY: QUALITY, BROTLI_PARAM_LGWIN: LGWIN } = zlib.constants;

const bodyOf = (count) =>
  Buffer.from(
    JSON.stringify({
      items: Array.from({ length: count }, (_, i) => ({
        id: crypto.randomUUID(),
        title: `Job ${i}: fix the boiler and radiators`,
        postcode: 'LS1 4AP',
        budgetPence: 12_000 + i * 37,
        createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
        status: i % 3 ? 'open' : 'booked',
        description: 'The radiators upstairs stay cold and the boiler pressure drops every few days.',
      })),
    }),
  );

async function throughStream(encoder, body) {
  let size = 0;
  await pipeline(
    Readable.from([body]),
    encoder,
    new Writable({
      write(chunk, _encoding, done) {
        size += chunk.length;
        done();
      },
    }),
  );
  return size;
}

const ways = {
  'before: stream, br q4': (body) =>
    throughStream(zlib.createBrotliCompress({ params: { [QUALITY]: 4, [LGWIN]: 18 } }), body),
  'before: stream, gzip 6': (body) => throughStream(zlib.createGzip(), body),
  'now: sync, br q1': async (body) =>
    zlib.brotliCompressSync(body, { params: { [QUALITY]: 1, [LGWIN]: 18 } }).length,
  'now: sync, gzip 1': async (body) => zlib.gzipSync(body, { level: 1 }).length,
};

for (const count of [8, 30, 120]) {
  const body = bodyOf(count);
  for (const [name, compress] of Object.entries(ways)) {
    for (let i = 0; i < 300; i++) await compress(body);
    const before = process.cpuUsage();
    const started = performance.now();
    let size = 0;
    for (let i = 0; i < ANSWERS; i++) size = await compress(body);
    const cpu = process.cpuUsage(before);
    const each = (us) => (us / ANSWERS).toFixed(0);
    process.stdout.write(
      `${String(body.length).padStart(6)} bytes, ${name.padEnd(22)} → ${String(size).padStart(5)} bytes: ${each(cpu.user + cpu.system)} µs of CPU an answer (user ${each(cpu.user)}, system ${each(cpu.system)}), ${each((performance.now() - started) * 1000)} µs wall\n`,
    );
  }
}
process.stdout.write(
  `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '(unset)'} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? '(unset)'}\n`,
);
