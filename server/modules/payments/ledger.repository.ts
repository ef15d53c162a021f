import { eq, inArray, sql } from 'drizzle-orm';
import {
  accountCode,
  type LedgerAccountRef,
  type LedgerEntry,
  type LedgerTransactionKind,
} from '../../../domain/payments/ledger';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
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

/**
 * A booking's ledger transactions, oldest first, each with the money it moved (the sum of its positive
 * entries: what was charged, refunded or released): the changes page's money timeline.
 */
export async function bookingLedger(
  db: Executor,
  bookingId: string,
): Promise<
  { id: string; kind: LedgerTransactionKind; description: string; at: Date; amountPence: number }[]
> {
  const rows = await prepared(db, 'booking_ledger', (d) =>
    d
      .select({
        id: ledgerTransactions.id,
        kind: ledgerTransactions.kind,
        description: ledgerTransactions.description,
        at: ledgerTransactions.createdAt,
        amountPence: sql<string>`sum(greatest(${ledgerEntries.amountPence}, 0))`,
      })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
      .where(eq(ledgerTransactions.bookingId, sql.placeholder('bookingId')))
      .groupBy(ledgerTransactions.id)
      .orderBy(ledgerTransactions.createdAt, ledgerTransactions.id)
      .prepare('booking_ledger'),
  ).execute({ bookingId });
  return rows.map((r) => ({
    ...r,
    kind: r.kind as LedgerTransactionKind,
    amountPence: Number(r.amountPence),
  }));
}
