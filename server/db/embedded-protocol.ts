// The messages between the main thread's embedded client (embedded-client.ts) and the embedded
// database's thread (embedded-worker.ts). Types only: the worker runs from its source with them erased.
import type { MessagePort } from 'node:worker_threads';

export interface WorkerStart {
  /** The data folder; none for a database in memory (tests, scripts). */
  dataDir: string | undefined;
  /** PostgreSQL settings beside PGlite's defaults (`-c name=value`). */
  startParams: string[];
  /**
   * The folder is still being made (a first start copies the template into it): the worker loads PGlite
   * meanwhile and opens the folder once the main thread posts that it is ready.
   */
  awaitFolder?: boolean;
}

/**
 * How the worker answers a statement of an open transaction, which the main thread waits for without
 * returning to its event loop (embedded-client.ts): the reply goes to `port`, then its request's id is
 * stored in `signal[0]` and notified.
 */
export interface SyncChannel {
  port: MessagePort;
  signal: Int32Array;
}

export type Request =
  | {
      id: number;
      op: 'query';
      text: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Type OIDs whose values come back as PostgreSQL's text, for the caller's own parsers. */
      raw: number[];
      tx?: number;
      /** Answered on the sync channel (a statement of an open transaction). */
      sync?: boolean;
    }
  | { id: number; op: 'exec'; text: string; tx?: number; sync?: boolean }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression: 'gzip' | 'none' }
  | { id: number; op: 'close' };

/** Request 0 is the worker's start: `result` once the database is open. */
export type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown>; result?: undefined };
