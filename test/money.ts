import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../server/app';
import type { Executor } from '../server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../server/db/schema';

// Helpers of the money tests (payments, milestones, disputes): run the queues money moves through, and
// read what the ledger says.

/** Runs the queues of the money flow until nothing is due (webhooks, payouts, dispute emails, events). */
export async function drainMoneyQueues(app: App): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const n =
      (await app.queue.runDue('payments.sandbox-webhook')) +
      (await app.queue.runDue('payments.payout')) +
      (await app.queue.runDue('disputes.send-email')) +
      (await app.queue.runDue('events.dispatch'));
    if (n === 0) return;
  }
}

/** What one payment's postings put in an account kind (escrow, platform_fees, refunds …). */
export async function paymentBalance(db: Executor, paymentId: string, accountKind: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(eq(ledgerTransactions.paymentId, paymentId), eq(ledgerAccounts.kind, accountKind)));
  return Number(row!.total);
}
