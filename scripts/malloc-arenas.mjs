// glibc's malloc gives each thread that allocates an arena of its own (up to eight per core) and keeps
// what is freed in each. libuv's four threads (compressing API answers, reading files) and V8's helpers
// each held one, and under a steady load the server's memory outside V8's heap crept up with them
// (decision 0027). With MALLOC_ARENA_MAX=2 every thread shares two. glibc reads the variable only when
// a process starts, so `npm start` replaces its process with itself once, with the variable set: same
// pid, so Ctrl-C and a process manager still reach the server. Imported before anything else, so the
// first process does no other work. A MALLOC_ARENA_MAX already set is left alone; elsewhere than
// Linux (or on musl, which ignores it) nothing changes.
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined && process.execve) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
  });
}
