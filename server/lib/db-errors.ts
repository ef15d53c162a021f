/** Whether a database error (possibly wrapped by Drizzle) violated the named constraint. */
export function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { constraint?: string }).constraint === constraint || e.message.includes(constraint))
      return true;
  }
  return false;
}
