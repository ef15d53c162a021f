// Types for what the TypeScript benchmarks (run through tsx) import from lib.mjs; the .mjs benchmarks
// need none.

/** A scratch PostgreSQL database on BENCH_DATABASE_URL's server; see lib.mjs. */
export function scratchDatabase(
  name: string,
  bench: string,
): Promise<{ url: string; prepare(): Promise<boolean>; finish(): Promise<void> }>;
