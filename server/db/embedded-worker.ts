// The embedded database's own thread: it owns the PGlite instance and answers the main thread's
// requests (embedded-client.ts), so that SQL runs beside HTTP, JSON and compression rather than between
// them (decision 0033). It imports only packages, types and embedded-extensions.ts (itself only that),
// so under the tests Node runs it from its TypeScript source (type stripping); `npm start` runs it
// compiled (scripts/server-build.mjs).
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { loadEmbeddedExtensions } from './embedded-extensions.ts';
import type { Reply, Request, SyncChannel, WorkerStart } from './embedded-protocol';

const { dataDir, startParams, awaitFolder, sync } = workerData as WorkerStart & { sync: SyncChannel };
const port = parentPort!;

const [{ PGlite: PGliteClass, parse, protocol }, extensions] = await Promise.all([
  import('@electric-sql/pglite'),
  loadEmbeddedExtensions(),
]);

// Kept alive until requests are listened for. With nothing pending on this thread's event loop, Node
// finishes PGlite's WebAssembly start from the step that, before going back to the loop, waits for V8's
// background compilations of the hot functions to end: the first request then waited 100-170 ms.
const keepAlive = setInterval(() => {}, 60_000);

// On a first start the template is copied into the folder while this thread loads PGlite: both take
// hundreds of milliseconds, and one waited for the other. Nothing else is posted before request 0.
if (awaitFolder) await new Promise((ready) => port.once('message', ready));

let pglite: PGlite;
try {
  pglite = await PGliteClass.create({
    ...(dataDir ? { dataDir } : {}),
    extensions,
    startParams: [...PGliteClass.defaultStartParams, ...startParams],
  });
} catch (err) {
  port.postMessage({ id: 0, error: serializeError(err) } satisfies Reply);
  process.exit(1);
}
if (dataDir) rememberFileSizes(pglite.Module as EmscriptenModule);
port.postMessage({ id: 0, result: null } satisfies Reply);

/** The parts of PGlite's Emscripten module that rememberFileSizes wraps. */
interface EmscriptenModule {
  FS: { isFile(mode: number): boolean };
  NODEFS: {
    stream_ops: {
      llseek(stream: FileStream, offset: number, whence: number): number;
      write(stream: FileStream, ...rest: [unknown, number, number, number, ...unknown[]]): number;
      setattr(stream: FileStream, attr: unknown): void;
    };
    node_ops: { setattr(node: object, attr: unknown): void };
  };
}
interface FileStream {
  node: { mode: number };
}
/**
 * PostgreSQL asks a table's or index's size (a seek to its end) whenever it plans a statement and when
 * many scans begin, and Emscripten's NODEFS answers each seek with an fstat system call: 10-20 of them a
 * statement, the largest single cost left on this thread (CPU profile, bench/README.md). The sizes are
 * kept here instead. Only this process writes the data folder (data-dir-lock.ts) and every change of
 * size goes through these operations: a write past the end grows the file, and a truncation (the only
 * other way PostgreSQL shrinks or grows one) forgets its size, so the next seek asks the system again.
 */
function rememberFileSizes(module: EmscriptenModule): void {
  const ops = module.NODEFS.stream_ops;
  const nodeOps = module.NODEFS.node_ops;
  const sizes = new WeakMap<object, number>();
  const { llseek, write, setattr } = ops;
  const { setattr: setNodeAttr } = nodeOps;
  const SEEK_END = 2;
  ops.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !module.FS.isFile(stream.node.mode))
      return llseek.call(ops, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek.call(ops, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // A position before the start is refused as NODEFS refuses it.
    return size + offset < 0 ? llseek.call(ops, stream, offset, whence) : size + offset;
  };
  ops.write = (stream, ...rest) => {
    const written = write.call(ops, stream, ...rest);
    const position = rest[3];
    const size = sizes.get(stream.node);
    if (size !== undefined) {
      if (typeof position === 'number') sizes.set(stream.node, Math.max(size, position + written));
      else sizes.delete(stream.node);
    }
    return written;
  };
  ops.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    setattr.call(ops, stream, attr);
  };
  nodeOps.setattr = (node, attr) => {
    sizes.delete(node);
    setNodeAttr.call(nodeOps, node, attr);
  };
}

/** Open transactions by id: their statements, and how to end them. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }
>();
let lastTransaction = 0;
/** Thrown inside PGlite's transaction callback to have it roll back. */
const ROLLBACK = Symbol('rollback');

/**
 * PGlite's parsers with identity ones for the types the caller parses itself (Drizzle keeps dates and
 * numerics as text), one object per set of such types. PGlite's own parsers are its prototype, not
 * copied in: `parseResults` merges a query's parsers into a copy of PGlite's ~400 on every call
 * (~120 µs, the largest part of a small statement's time on this thread), so a prepared statement's
 * results are parsed with this object as the parsers themselves (preparedQuery). PGlite adds array
 * types' parsers to its object in place, which the prototype keeps showing.
 */
const rawParsers = new Map<string, PGlite['parsers']>();
function parsersFor(raw: number[]): PGlite['parsers'] {
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers || Object.getPrototypeOf(parsers) !== pglite.parsers) {
    parsers = Object.create(pglite.parsers) as PGlite['parsers'];
    for (const oid of raw) parsers[oid] = (value: string) => value;
    rawParsers.set(key, parsers);
  }
  return parsers;
}

function executorOf(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const executor = executorOf(request.tx);
      const options = {
        rowMode: request.rowMode,
        ...(request.raw.length > 0 ? { parsers: parsersFor(request.raw) } : {}),
      };
      const params = request.params ?? [];
      return worthPreparing(request.text, params.length > 0)
        ? preparedQuery(request.text, params, options, request.tx !== undefined)
        : executor.query(request.text, params, options);
    }
    case 'exec':
      return executorOf(request.tx).exec(request.text);
    case 'begin':
      return begin();
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(request.tx);
      open.end(request.commit);
      try {
        await open.done;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return null;
    }
    case 'dump': {
      const dump = await pglite.dumpDataDir(request.compression);
      return dump.arrayBuffer();
    }
    case 'close':
      await pglite.close();
      return null;
  }
}

/**
 * At most this many distinct statements are prepared (as server/db/preparing-client.ts does on
 * PostgreSQL): the application's statements are a small, stable set, but an `in ($1, $2 …)` grows with
 * its list, and each prepared statement stays in the database's memory.
 */
const MAX_PREPARED = 2_000;
/** Prepared statements by their text: their name and their parameters' types. */
const statements = new Map<string, { name: string; paramTypes: number[] }>();
/** Statements without values seen once (up to a size), so that their second run prepares them. */
const seenOnce = new Set<string>();
const SEEN_ONCE_MAX_LENGTH = 16_384;

/**
 * A statement with values is prepared at once: the application's statements are a small, stable set.
 * One without values is prepared when it comes again. PGlite's `query` plans it anew on every run
 * (as an unnamed statement of the extended protocol, so one command only either way), which made an
 * admin list's single statement cost ~2 ms. But such a text may also be a one-off with its values
 * written in (a migration's DDL, the demo seed's bulk inserts), which must not stay in the
 * database's memory for the life of the process.
 */
function worthPreparing(text: string, hasValues: boolean): boolean {
  if (statements.has(text)) return true;
  if (statements.size >= MAX_PREPARED) return false;
  if (hasValues || seenOnce.has(text)) {
    seenOnce.delete(text);
    return true;
  }
  if (text.length <= SEEN_ONCE_MAX_LENGTH) {
    if (seenOnce.size >= MAX_PREPARED) seenOnce.clear();
    seenOnce.add(text);
  }
  return false;
}
const { serialize } = protocol;

/**
 * A statement prepared once (see worthPreparing) and then only bound and executed. PGlite's `query` parses and
 * plans every statement anew and crosses into its WebAssembly once per protocol message (parse,
 * describe, bind, describe, execute, sync); here a known statement is one crossing and no planning:
 * 0.16-0.27 ms instead of 1.3-1.8 ms for a lookup by an indexed column (scratch measurement on this
 * machine, bench/README.md). The results are parsed by PGlite's own `parseResults`, so rows, fields and
 * types come back as `query` gives them. It takes PGlite's locks as `query` does: the transaction lock
 * outside a transaction (so it waits for one in progress), the statement lock always.
 */
async function preparedQuery(
  text: string,
  params: unknown[],
  options: { rowMode: QueryOptions['rowMode']; parsers?: PGlite['parsers'] },
  inTransaction: boolean,
): Promise<Results> {
  const run = async () => {
    let statement = statements.get(text);
    if (!statement) {
      const name = `tn_${statements.size + 1}`;
      const described = await pglite.execProtocol(
        concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
        { syncToFs: false },
      );
      statement = { name, paramTypes: parse.parseDescribeStatementResults(described.messages) };
      statements.set(text, statement);
    }
    const { name, paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      concat(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      // As `query` does: written through at once outside a transaction, at its commit inside one.
      { syncToFs: !inTransaction },
    );
    // The parsers as they are (see parsersFor), not as options for parseResults to merge into a copy.
    return parse.parseResults(messages, options.parsers ?? pglite.parsers, { rowMode: options.rowMode })[0]!;
  };
  await pglite._checkReady();
  return inTransaction
    ? pglite._runExclusiveQuery(run)
    : pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(run));
}

function concat(...messages: Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}

/**
 * Opens a transaction with PGlite's own `transaction`, so it holds PGlite's lock as it does on one
 * thread: statements of other callers wait until it ends. Resolves once BEGIN has run.
 */
function begin(): Promise<number> {
  const id = ++lastTransaction;
  return new Promise<number>((started, failed) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<void>((resolve, reject) => {
      end = (commit) => (commit ? resolve() : reject(ROLLBACK));
    });
    const done = pglite.transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      started(id);
      await ended;
    });
    // BEGIN failed (the database closed): nothing was started.
    done.catch((err) => {
      if (!transactions.has(id) && err !== ROLLBACK) failed(err);
    });
  });
}

/**
 * A reply the main thread is waiting for on the signal, not on its event loop: the reply first, then its
 * request's id in the signal (awaitSyncReply in embedded-client.ts waits for that id).
 */
function answerNow(reply: Reply): void {
  sync.port.postMessage(reply);
  Atomics.store(sync.signal, 0, reply.id);
  Atomics.notify(sync.signal, 0);
}

port.on('message', async (request: Request) => {
  let reply: Reply;
  try {
    const result = await handle(request);
    reply = { id: request.id, result };
  } catch (err) {
    reply = { id: request.id, error: serializeError(err) };
  }
  if ('sync' in request && request.sync) return answerNow(reply);
  const transfer = reply.result instanceof ArrayBuffer ? [reply.result] : [];
  port.postMessage(reply, transfer);
  if (request.op === 'close') port.close();
});
clearInterval(keepAlive);

/**
 * An error as plain data: a structured clone keeps only an Error's message, and the callers read the
 * database error's fields (code, constraint, detail …).
 */
function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    fields[key] = value;
  }
  return fields;
}
