import { configure } from '@testing-library/dom';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy and waitFor wait for a condition, not a time: the limit only matters when the condition never
// comes. The 1 s default failed screens that were merely slow to render while CI's two cores were busy.
configure({ asyncUtilTimeout: 5_000 });

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
