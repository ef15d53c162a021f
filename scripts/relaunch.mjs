// Two settings a process only reads when it starts, which `npm start` gives itself by replacing its
// process with itself once (process.execve: same pid, so Ctrl-C and a process manager still reach the
// server). Imported before anything else, so the first process does no other work.
//
// - MALLOC_ARENA_MAX=2, on Linux. glibc's malloc gives each thread that allocates an arena of its own (up
//   to eight per core) and keeps what is freed in each. libuv's four threads (compressing API answers,
//   reading files) and V8's helpers each held one, and under a steady load the server's memory outside
//   V8's heap crept up with them (decision 0027). With the variable set every thread shares two. One
//   already set is left alone; on musl, which ignores it, nothing changes.
// - V8's young generation capped at 2 × 4 MB, on the embedded database only (decision 0041). There it
//   saves ~21 MB of the memory the embedded server is held to, for no CPU worth measuring beside
//   PGlite's. On PostgreSQL the server's own CPU is most of a request's, and the small young generation
//   moved the objects of requests waiting on the database into the old one: with V8's default 2 × 16 MB
//   the server's CPU per request fell on most signed-in reads, by up to 40% (decision 0041). A
//   `--max-semi-space-size` given on the command line or in NODE_OPTIONS is left alone.
//
// Where process.execve is missing (Windows, Node before 22.15) the server runs as it was started.
const arenas = process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined;
const embedded = !process.env.DATABASE_URL;
const youngChosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) =>
  flag.includes('--max-semi-space-size'),
);
const young = embedded && !youngChosen ? ['--max-semi-space-size=4'] : [];
if ((arenas || young.length > 0) && process.execve) {
  process.execve(
    process.execPath,
    [process.execPath, ...young, ...process.execArgv, ...process.argv.slice(1)],
    {
      ...process.env,
      ...(arenas ? { MALLOC_ARENA_MAX: '2' } : {}),
    },
  );
}
