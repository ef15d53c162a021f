// The PostgreSQL extensions TradeNest's migrations create: pg_trgm (0007, the trigram indexes of the
// tradesperson search's specialty matching) and cube (0025, its nearest-first walk). PGlite ships each
// as a contrib module that every instance opening a TradeNest data folder must be given, or the
// search's indexes and generated column cannot be read. This is the one list of them: the database's
// thread, the template's child process (embedded-cluster.ts, which gets the names), a restore and
// bench/analytics.mjs all load what it names.
//
// Only packages and types here: the database's thread imports this file, and runs from its TypeScript
// source under the tests (type stripping).
import type { Extension } from '@electric-sql/pglite';

export const EMBEDDED_EXTENSIONS = ['pg_trgm', 'cube'] as const;

/**
 * PGlite's `extensions` option for EMBEDDED_EXTENSIONS. Each contrib module exports its extension
 * under the extension's own name (`@electric-sql/pglite/contrib/cube` exports `cube`).
 */
export async function loadEmbeddedExtensions(): Promise<Record<string, Extension>> {
  const modules = await Promise.all(
    EMBEDDED_EXTENSIONS.map(
      (name) => import(`@electric-sql/pglite/contrib/${name}`) as Promise<Record<string, Extension>>,
    ),
  );
  return Object.fromEntries(
    EMBEDDED_EXTENSIONS.map((name, i) => {
      const extension = modules[i]?.[name];
      if (!extension) throw new Error(`@electric-sql/pglite/contrib/${name} has no export named ${name}`);
      return [name, extension];
    }),
  );
}
