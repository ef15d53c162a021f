/** Whether a database error (possibly wrapped by Drizzle) violated the named constraint. */
export function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { constraint?: string }).constraint === constraint || e.message.includes(constraint))
      return true;
  }
  return false;
}

// Node's socket errors that mean the database server cannot be reached (or went away mid-query).
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

// SQLSTATEs that say the server will not serve us now, whatever the query: the 08 class (connection
// exceptions), shutting down or starting up (57P01-57P03), and no connection slot left (53300).
const UNAVAILABLE_SQLSTATE = /^(?:08[0-9A-Z]{3}|57P0[123]|53300)$/;

// node-postgres's own messages for a lost or never-made connection; they carry no code.
const UNREACHABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Connection ended unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether an error (possibly wrapped by Drizzle, or an AggregateError of several addresses tried) says the
 * database cannot be reached, rather than that a statement failed: the request may succeed once it is
 * back, so it is a 503 with Retry-After, not a 500 (issue 34).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0) {
    const e = pending.pop();
    if (!(e instanceof Error) || seen.has(e)) continue;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (UNREACHABLE_MESSAGES.some((m) => e.message.includes(m))) return true;
    if (e.cause !== undefined) pending.push(e.cause);
    if (e instanceof AggregateError) pending.push(...e.errors);
  }
  return false;
}
