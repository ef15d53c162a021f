import { expect, inject } from 'vitest';

/**
 * Runs one of the test server's scheduled jobs now (global-setup.ts), and waits for it to finish: a
 * journey's visits are charged when the every-10-minutes job would charge them, without waiting for it.
 */
export async function runScheduledJob(
  name: 'subscriptions.book-due' | 'subscriptions.charge-due' | 'payments.release-due',
): Promise<number> {
  const response = await fetch(`${inject('jobsUrl')}/${encodeURIComponent(name)}`, { method: 'POST' });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { ran: number }).ran;
}
