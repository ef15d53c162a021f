import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * One memory-reducing garbage collection once the server is up. Starting leaves V8's heap at its
 * largest: loading ~250 modules, building the routes and (on a first start) the demo seed grow the
 * young generation to its maximum (2 × 16 MB semi-spaces) and leave the old generation fragmented,
 * and V8 only gives that back when its memory reducer notices the process is idle, seconds later.
 * This collection compacts the old generation and shrinks the young one to its initial size: on a
 * later embedded start the heap goes from ~70 MB to ~40 MB resident. It takes ~60-150 ms, once; under
 * load the young generation grows back as it would have anyway (nothing is capped).
 *
 * `gc` is V8's own extension, reached without `--expose-gc` on the command line: the flag set now
 * makes it available in contexts created afterwards.
 */
export function releaseStartupMemory(): void {
  let gc = (globalThis as { gc?: unknown }).gc as GcFunction | undefined;
  if (typeof gc !== 'function') {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as GcFunction | undefined;
  }
  if (typeof gc !== 'function') return;
  // 'last-resort' is the collection V8 runs before giving up on an allocation: it also shrinks the
  // young generation and compacts, which an ordinary major collection does not.
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
