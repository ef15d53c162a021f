import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { Reply, Request, SyncChannel, WorkerStart } from './embedded-protocol';

type Call = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What PGlite's transaction offers its callback, as Drizzle and the queue use it. */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/**
 * How long the main thread waits for one statement of an open transaction before giving up on the
 * database's thread (it answers in milliseconds; only a thread that died would not answer).
 */
const SYNC_TIMEOUT_MS = 60_000;

/**
 * The embedded database (PGlite), run on a thread of its own (embedded-worker.ts, decision 0033): PGlite
 * executes SQL on the thread that calls it, 1-8 ms of CPU per signed-in read, during which the server
 * could neither parse, serialise nor compress. This offers the part of PGlite's API that Drizzle's
 * pglite driver, the migrator, the queue and the backup use: query (with `rowMode` and `parsers`), exec,
 * interactive transactions, dumpDataDir and close. Transactions stay PGlite's own: BEGIN … COMMIT on
 * the worker, one at a time, other callers' statements waiting for their end as they did on one thread.
 *
 * Once a transaction is open, its statements are waited for on the spot, without going back to the
 * event loop (decision 0037). Awaited like the others, each statement's answer waited behind whatever
 * else the main thread had queued (other requests' parsing, rendering, compression), while the
 * transaction held the only connection: under load the database was held for several times the work
 * it did, and every other request queued behind it. Only those: while the transaction holds PGlite's
 * lock nothing else can run on the worker, so the wait is the statement's own time. A BEGIN or a
 * COMMIT waited for on the spot could wait behind other callers' statements and the table upkeep
 * (hundreds of milliseconds) with this thread stopped, which a 10-minute load showed.
 */
export class EmbeddedClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  /** Where the answers to a transaction's statements come (decision 0037). */
  readonly #sync: SyncChannel;
  #lastId = 0;
  /** Why the worker is gone, once it is. */
  #gone: Error | undefined;

  private constructor(worker: Worker, sync: SyncChannel) {
    this.#worker = worker;
    this.#sync = sync;
    worker.on('message', (reply: Reply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.error) pending.reject(deserializeError(reply.error));
      else pending.resolve(reply.result);
    });
    const stop = (err: Error) => {
      this.#gone ??= err;
      for (const pending of this.#pending.values()) pending.reject(this.#gone);
      this.#pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) =>
      stop(new Error(`the embedded database's thread stopped (exit code ${code})`)),
    );
  }

  /**
   * Starts the worker and opens the database in it; resolves once PGlite is ready. With `folder`, the
   * data folder is still being made: the worker loads PGlite meanwhile and opens the folder once it is.
   */
  static async open(start: WorkerStart, folder?: Promise<void>): Promise<EmbeddedClient> {
    const { port1, port2 } = new MessageChannel();
    // Read only with receiveMessageOnPort: it must not keep the process alive.
    port1.unref();
    const signal = new Int32Array(new SharedArrayBuffer(4));
    // The compiled server runs the worker compiled beside it (scripts/server-build.mjs rewrites this URL).
    const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), {
      workerData: {
        ...start,
        awaitFolder: folder !== undefined,
        sync: { port: port2, signal } satisfies SyncChannel,
      },
      transferList: [port2],
      // The worker's heap holds only result rows on their way out, short-lived: V8's default young
      // generation (up to 48 MB) let its heap settle near 57 MB, 8 MB near 42 MB (5,000 queries).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
      // From the sources (tests, `npm run serve`) the worker runs from its TypeScript: Node strips types
      // by default from 22.18, and needs to be asked before (the project supports 22.12 and newer).
      ...(stripsTypes() ? {} : { execArgv: [...process.execArgv, '--experimental-strip-types'] }),
    });
    const client = new EmbeddedClient(worker, { port: port1, signal });
    // The worker answers request 0 once the database is open (or why it could not open it).
    const opened = new Promise((resolve, reject) => client.#pending.set(0, { resolve, reject }));
    if (folder) {
      opened.catch(() => {}); // a worker that failed while the folder was made: the folder's error is told
      try {
        await folder;
      } catch (err) {
        await worker.terminate();
        throw err;
      }
      worker.postMessage('folder ready');
    }
    await opened;
    return client;
  }

  #call<T>(request: Call): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = ++this.#lastId;
    // Referenced while a reply is awaited, so a script awaiting the database is not ended for having
    // nothing else to do; unreferenced when idle, so an open database alone keeps no process alive (as
    // PGlite on the main thread did not).
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  /**
   * Sends a statement of an open transaction and waits for its answer here, blocking this thread for
   * the statement's own time (see the class). One at a time: nothing else runs on this thread meanwhile.
   */
  #callNow<T>(request: Call): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = ++this.#lastId;
    this.#worker.postMessage({ ...request, id, sync: true });
    const reply = awaitSyncReply(this.#sync.signal, this.#sync.port, id, SYNC_TIMEOUT_MS);
    if (reply instanceof Error) {
      // Either leaves the channel out of step (a reply not read, or one read for another request).
      this.#gone = reply;
      return Promise.reject(reply);
    }
    return reply.error ? Promise.reject(deserializeError(reply.error)) : Promise.resolve(reply.result as T);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const { rowMode, parsers, ...others } = options ?? {};
    if (Object.keys(others).length > 0) {
      const names = Object.keys(others).join(', ');
      return Promise.reject(new Error(`the embedded client does not pass ${names} to PGlite`));
    }
    const { here, raw } = parsedHere(parsers);
    const request = { op: 'query', text, params, rowMode, raw, tx } as const;
    const result = tx === undefined ? this.#call<Results<T>>(request) : this.#callNow<Results<T>>(request);
    // The worker left these types' values as PostgreSQL's text; they are read here.
    return result.then((r) => parseColumns(r, here));
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return tx === undefined ? this.#call({ op: 'exec', text }) : this.#callNow({ op: 'exec', text, tx });
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = (commit: boolean) => {
      closed = true;
      return this.#call<void>({ op: 'end', tx: id, commit });
    };
    const tx: EmbeddedTransaction = {
      query: async (text, params, options) => {
        open();
        return this.query(text, params, options, id);
      },
      exec: async (text) => {
        open();
        return this.exec(text, id);
      },
      rollback: async () => {
        open();
        await end(false);
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      if (!closed) await end(false);
      throw err;
    }
    if (!closed) await end(true);
    return result;
  }

  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.#gone) return;
    await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }
}

/**
 * Waits on this thread for the database thread's answer to the sync request `id`: the worker posts the
 * reply on `port`, then stores the request's id in `signal[0]` and notifies (embedded-worker.ts). The id
 * is what is waited for, not the wake-up: a notify can come late, its thread paused between the store and
 * the notify, and wake the wait for the next request before that one's reply exists (it did, under CI's
 * load: every later statement then read the reply before its own).
 */
export function awaitSyncReply(
  signal: Int32Array,
  port: MessagePort,
  id: number,
  timeoutMs: number,
): Reply | Error {
  const want = id | 0; // as Int32Array stores it
  const deadline = performance.now() + timeoutMs;
  for (let seen = Atomics.load(signal, 0); seen !== want; seen = Atomics.load(signal, 0)) {
    const left = deadline - performance.now();
    if (left <= 0) return new Error(`the embedded database's thread did not answer in ${timeoutMs} ms`);
    Atomics.wait(signal, 0, seen, left);
  }
  const reply = receiveMessageOnPort(port)?.message as Reply | undefined;
  if (reply?.id !== id) return new Error('the embedded database answered out of turn');
  return reply;
}

function stripsTypes(): boolean {
  return Boolean((process.features as { typescript?: string | false }).typescript);
}

type Parsers = NonNullable<QueryOptions['parsers']>;

/**
 * json and jsonb values cross from the database's thread as PostgreSQL's text and are parsed here, as
 * PGlite would parse them (unless the caller brings its own parser). Many of the app's reads build their
 * answer as one JSON value in SQL (a job card, a dashboard); parsed on the database's thread, the object
 * was then copied across by the structured clone, walked on that thread and rebuilt on this one. A
 * string crosses as one copy, which cut the database thread's CPU per request (bench/README.md).
 */
const PARSED_HERE: Parsers = {
  114: (value) => JSON.parse(value), // json
  3802: (value) => JSON.parse(value), // jsonb
};
const JSON_ONLY = { here: PARSED_HERE, raw: Object.keys(PARSED_HERE).map(Number) };

/**
 * The parsers run here for a caller's own (theirs win) and the types they leave as text on the
 * database's thread. Kept per parsers object: Drizzle passes the same one with every statement, so a
 * statement does not merge and list them again.
 */
const merged = new WeakMap<Parsers, { here: Parsers; raw: number[] }>();
function parsedHere(parsers: Parsers | undefined): { here: Parsers; raw: number[] } {
  if (!parsers) return JSON_ONLY;
  let entry = merged.get(parsers);
  if (!entry) {
    const here = { ...PARSED_HERE, ...parsers };
    entry = { here, raw: Object.keys(here).map(Number) };
    merged.set(parsers, entry);
  }
  return entry;
}

function parseColumns<T>(result: Results<T>, parsers: Parsers): Results<T> {
  result.fields.forEach((field, i) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = Array.isArray(row) ? i : field.name;
      if (typeof row[key] === 'string') row[key] = parse(row[key] as string);
    }
  });
  return result;
}

/** The database error as the caller would have had it from PGlite: its message, code, constraint … */
function deserializeError(fields: Record<string, unknown>): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(String(message)), rest);
}
