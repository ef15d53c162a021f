// Runs bench/fuzz.ts through tsx (it imports the fuzz suite's request generator and the server's
// TypeScript). A deadline beyond the run's own time limit ends it, and the server it started, if it
// hangs: the benchmark always stops by itself.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const limitMs = (Number(process.env.FUZZ_SECONDS ?? 300) + 240) * 1000;
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('fuzz.ts', import.meta.url))],
  {
    stdio: 'inherit',
    detached: true,
  },
);
// The whole group: the benchmark and the server it started.
const killAll = () => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {}
};
const deadline = setTimeout(() => {
  process.stderr.write(`fuzz: still running after ${limitMs / 1000} s, stopped\n`);
  killAll();
}, limitMs);
// The child has a group of its own, so Ctrl-C reaches only this process. The first is passed on: the
// benchmark stops sending, reports and stops its server. A second ends the group at once.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) killAll();
    interrupted = true;
    child.kill('SIGINT');
  });
}
child.once('exit', (code, signal) => {
  clearTimeout(deadline);
  // A server left behind by a benchmark that died is ended with the group.
  killAll();
  process.exit(code ?? (signal ? 1 : 0));
});
