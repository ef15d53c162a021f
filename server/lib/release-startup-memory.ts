import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
type MallocTrim = (pad: number) => number;

/**
 * Gives back to the system, once the server is up, the memory that starting used and nothing uses any
 * more (decisions 0026 and 0028): first V8's heap, then what malloc kept.
 *
 * Starting leaves V8's heap at its largest: loading ~250 modules, building the routes and (on a first
 * start) the demo seed grow the young generation to its maximum (2 × 16 MB semi-spaces by default,
 * 2 × 4 MB under `npm start` on the embedded database) and leave the old generation fragmented, and
 * V8 only gives that back when its memory reducer notices the process is idle, seconds later. One memory-reducing collection compacts
 * the old generation and shrinks the young one to its initial size: on a later embedded start the heap
 * goes from ~70 MB to ~40 MB resident. It takes ~60-150 ms, once; under load the young generation grows
 * back to its maximum as it would have anyway.
 *
 * Outside V8's heap, compiling the server's code and PGlite's WebAssembly peaks at ~67 MB of malloc'd
 * memory (V8's compiler zones), freed by the time the server listens. glibc's malloc returns free memory
 * to the system only from the top of an arena, so a block still in use above it keeps the rest resident:
 * 20-60 MB, a different amount on every start. `trimNativeHeap` hands those pages back.
 */
export function releaseStartupMemory(): { trimmed: boolean } {
  collectGarbage();
  return { trimmed: trimNativeHeap() };
}

export interface IdleOptions {
  /** How often the event loop's load is looked at. */
  checkMs?: number;
  /** Released after this long whatever the load, so a server busy from its first second still does it. */
  maxDelayMs?: number;
  /** The share of the last check's interval the event loop spent working (Node's event loop utilisation). */
  busy?: () => number;
}

/** Under this share of its time working, the event loop counts as idle. */
const IDLE_BELOW = 0.2;

/**
 * Runs `releaseStartupMemory` once the event loop has been idle for one check (a quarter of a second by
 * default), or after `maxDelayMs` whatever the load. The collection blocks the event loop for 100-500 ms;
 * run as soon as the server listened, the first visitor's requests waited for it (measured on a later
 * embedded start: listening at ~2,050 ms, the first answer after the collection at ~2,400 ms). Returns a
 * function that cancels it (shutdown). The timer does not keep the process alive.
 */
export function releaseStartupMemoryWhenIdle(
  done: (result: { trimmed: boolean; waitedMs: number; tookMs: number }) => void,
  { checkMs = 250, maxDelayMs = 5000, busy = eventLoopBusy() }: IdleOptions = {},
): () => void {
  let waitedMs = 0;
  let timer: NodeJS.Timeout;
  const check = () => {
    waitedMs += checkMs;
    if (busy() >= IDLE_BELOW && waitedMs < maxDelayMs) {
      timer = setTimeout(check, checkMs).unref();
      return;
    }
    const started = performance.now();
    const { trimmed } = releaseStartupMemory();
    done({ trimmed, waitedMs, tookMs: Math.round(performance.now() - started) });
  };
  timer = setTimeout(check, checkMs).unref();
  return () => clearTimeout(timer);
}

/** A function answering the event loop's utilisation since it was last called. */
function eventLoopBusy(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

function collectGarbage(): void {
  // `gc` is V8's own extension, reached without `--expose-gc` on the command line: the flag set now
  // makes it available in contexts created afterwards.
  let gc = (globalThis as { gc?: unknown }).gc as GcFunction | undefined;
  if (typeof gc !== 'function') {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as GcFunction | undefined;
  }
  if (typeof gc !== 'function') return;
  // 'last-resort' is the collection V8 runs before giving up on an allocation: it also shrinks the
  // young generation and compacts, which an ordinary major collection does not. It also frees the
  // backing stores of dead ArrayBuffers, which live in malloc's arenas, before the trim below.
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * Under load, malloc's arenas fill with freed memory between V8's collections and compressions (decision
 * 0041): in a 90 s embedded mixed load, a `malloc_trim(0)` every 15 s handed back 73 MB the first time
 * and 7-22 MB each time after, in 3.5-20 ms of this thread. Returns a function that stops it (shutdown);
 * the timer keeps no process alive. Does nothing where there is no glibc.
 */
export function trimNativeHeapEvery(everyMs: number, done?: (tookMs: number) => void): () => void {
  const timer = setInterval(() => {
    const started = performance.now();
    if (trimNativeHeap()) done?.(performance.now() - started);
    else clearInterval(timer);
  }, everyMs).unref();
  return () => clearInterval(timer);
}

let mallocTrim: MallocTrim | null | undefined;

/**
 * glibc's `malloc_trim(0)`: returns every whole free page of every malloc arena to the system, not only
 * the top of each (what glibc does by itself on `free`). Node has no binding for it, so it is called
 * through koffi's FFI (prebuilt for each platform, ~16 ms to load, only ever loaded here). Returns false,
 * having done nothing, where there is no glibc (macOS, Windows, musl-based Linux such as Alpine).
 */
function trimNativeHeap(): boolean {
  if (mallocTrim === undefined) mallocTrim = loadMallocTrim();
  if (!mallocTrim) return false;
  mallocTrim(0);
  return true;
}

function loadMallocTrim(): MallocTrim | null {
  if (process.platform !== 'linux') return null;
  try {
    // Loaded on demand, synchronously: most processes that import this module (tests, the CLI
    // scripts) never trim, and this one does it once.
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    // `libc.so.6` is glibc's soname; on musl the load throws and nothing is trimmed.
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as MallocTrim;
  } catch {
    return null;
  }
}
