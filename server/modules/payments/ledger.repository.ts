import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  accountCode,
  type LedgerAccountRef,
  type LedgerEntry,
  type LedgerTransactionKind,
} from '../../../domain/payments/ledger';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';

// The double-entry ledger (DOMAIN-RULES 6). Entries are append-only and each transaction balances
// (both enforced by triggers, migration 0001); balances are always sums of entries, never stored.

async function accountIds(tx: Executor, refs: LedgerAccountRef[]): Promise<Map<string, string>> {
  // Sorted, so concurrent postings that create the same new accounts take their locks in one order.
  const wanted = new Map(
    refs.map((r) => [accountCode(r), r] as const).sort(([a], [b]) => a.localeCompare(b)),
  );
  await tx
    .insert(ledgerAccounts)
    .values(
      [...wanted].map(([code, ref]) => ({
        code,
        kind: ref.kind,
        userId: 'userId' in ref ? ref.userId : null,
      })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
  const rows = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...wanted.keys()]));
  return new Map(rows.map((r) => [r.code, r.id]));
}

export interface NewLedgerTransaction {
  kind: LedgerTransactionKind;
  /** One posting per key, ever: a retried or raced use case cannot book the same movement twice. */
  idempotencyKey: string;
  bookingId?: string | null;
  paymentId?: string | null;
  payoutId?: string | null;
  refundId?: string | null;
  description: string;
  entries: LedgerEntry[];
  at: Date;
}

/** Posts a balanced transaction; false when its idempotency key was already posted (nothing is added). */
export async function postTransaction(tx: Executor, t: NewLedgerTransaction): Promise<boolean> {
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: t.kind,
      idempotencyKey: t.idempotencyKey,
      bookingId: t.bookingId ?? null,
      paymentId: t.paymentId ?? null,
      payoutId: t.payoutId ?? null,
      refundId: t.refundId ?? null,
      description: t.description,
      createdAt: t.at,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return false;
  const ids = await accountIds(
    tx,
    t.entries.map((e) => e.account),
  );
  await tx.insert(ledgerEntries).values(
    t.entries.map((e) => ({
      transactionId: row.id,
      accountId: ids.get(accountCode(e.account))!,
      amountPence: e.amountPence,
      createdAt: t.at,
    })),
  );
  return true;
}

/** The balance of one account (0 when it has no entries yet). */
export async function balanceOf(db: Executor, account: LedgerAccountRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPence}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.code, accountCode(account)));
  return Number(row?.total ?? 0);
}

/** Sum of one account's entries within the transactions of a kind, by calendar month (UTC). */
export async function monthlyTotals(
  db: Executor,
  account: LedgerAccountRef,
  kind: LedgerTransactionKind,
  since: Date,
): Promise<{ month: string; total: number }[]> {
  const month = sql<string>`to_char(${ledgerTransactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, total: sql<string>`sum(${ledgerEntries.amountPence})` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.code, accountCode(account)),
        eq(ledgerTransactions.kind, kind),
        sql`${ledgerTransactions.createdAt} >= ${since}`,
      ),
    )
    .groupBy(month)
    .orderBy(month);
  return rows.map((r) => ({ month: r.month, total: Number(r.total) }));
}

/** Every posting that names these payments, oldest first: the money timeline's source. */
export async function transactionsOfPayments(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      id: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      paymentId: ledgerTransactions.paymentId,
      createdAt: ledgerTransactions.createdAt,
      description: ledgerTransactions.description,
      accountKind: ledgerAccounts.kind,
      amountPence: ledgerEntries.amountPence,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(ledgerTransactions.paymentId, paymentIds))
    .orderBy(ledgerTransactions.createdAt, ledgerEntries.id);
}
