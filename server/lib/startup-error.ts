/**
 * A problem an operator fixes (a database that cannot be reached, a port in use, a data folder held by
 * another process), told in one sentence. Entry points print its message alone and exit 1: a stack
 * trace would only bury the sentence.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** A connection string with its password replaced by ***: `postgres://user:***@host/db`. */
export function redactUrl(value: string): string {
  // Up to the last @, so a password with an unescaped @ in it is hidden whole; the rest is left as given.
  return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):.*@/i, '$1:***@');
}

/**
 * A key or secret reduced to its well-known prefix (`sk_test_…***`, `whsec_…***`), which says which kind
 * of key was given without giving it away; anything else is `***`.
 */
export function redactSecret(value: string): string {
  const prefix = /^(?:(?:sk|rk|pk)_(?:test|live)_|whsec_)/.exec(value)?.[0];
  return prefix ? `${prefix}…***` : '***';
}

/** What a command-line tool prints when it fails: the sentence for an operator's problem, else the stack. */
export function failureText(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
