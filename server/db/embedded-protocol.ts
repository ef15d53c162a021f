// The messages between the main thread's embedded client (embedded-client.ts) and the embedded
// database's thread (embedded-worker.ts). Types only: the worker runs from its source with them erased.

export interface WorkerStart {
  /** The data folder; none for a database in memory (tests, scripts). */
  dataDir: string | undefined;
  /** PostgreSQL settings beside PGlite's defaults (`-c name=value`). */
  startParams: string[];
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
    }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump'; compression: 'gzip' | 'none' }
  | { id: number; op: 'close' };

/** Request 0 is the worker's start: `result` once the database is open. */
export type Reply =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown>; result?: undefined };
