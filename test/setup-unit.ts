import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error fails the test that caused it (a habit from the Epic Stack): errors that
// only show up in logs are errors nobody reads.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    const first = errors[0]!.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
