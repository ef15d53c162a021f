import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * At most this many distinct statements are prepared; any further ones run unprepared. Statements are
 * the application's own (Drizzle builds them from code, values are always bound), so the set is small
 * and stable, but the `in ($1, $2 …)` of a list grows with its length: the bound keeps a connection's
 * prepared statements, which PostgreSQL holds in the session's memory, from growing without end.
 */
export const MAX_PREPARED_STATEMENTS = 2_000;

const names = new Map<string, string>();

/** The statement's name: the same for the same text, on every connection and every instance. */
export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_PREPARED_STATEMENTS) return null;
    name = `tn_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** The arguments of a `query` call, with its statement named when it takes values and has no name. */
export function withStatementName(args: unknown[]): unknown[] {
  const [config, values] = args;
  if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
    const name = statementName(config);
    return name ? [{ text: config, values, name }, ...args.slice(2)] : args;
  }
  // Drizzle passes its config and the values beside it, as pg's pool does to the client.
  if (isUnnamed(config) && (Array.isArray(values) ? values : config.values)?.length) {
    const name = statementName(config.text);
    return name ? [{ ...config, name }, ...args.slice(1)] : args;
  }
  return args;
}

/**
 * A pg client that names every parameterised statement, so that PostgreSQL parses and plans it once per
 * connection and later executions only bind values (the protocol's extended query with a named
 * statement, which is what `prepared()` does for the hottest statements, done for all of them). Short
 * statements spent more time being planned than run (bench/README.md). Statements without values
 * (migrations, DDL, several statements in one string) are left as they are: a prepared statement holds
 * a single command.
 */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    Object.defineProperty(this, 'query', {
      value: (...args: unknown[]) => query(...withStatementName(args)),
    });
  }
}

function isUnnamed(config: unknown): config is { text: string; values?: unknown[]; name?: string } {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as { text?: unknown; values?: unknown; name?: unknown; submit?: unknown };
  return (
    typeof c.text === 'string' &&
    c.name === undefined &&
    typeof c.submit !== 'function' &&
    (c.values === undefined || Array.isArray(c.values))
  );
}
