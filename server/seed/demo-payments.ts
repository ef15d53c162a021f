import { accountCode, chargeEntries, type LedgerEntry, releaseEntries } from '../../domain/payments/ledger';
import { platformFeePence } from '../../domain/payments/money';
import type { ledgerAccounts, ledgerEntries, ledgerTransactions, payments } from '../db/schema';

// Paid bookings in demo data and tests carry what the payment path would have written: a succeeded
// sandbox payment, its charge into escrow and, once the protection window has passed (and no dispute
// froze it), its release to the tradesperson. Built as rows so the seed inserts them in batches.

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export interface PaidBooking {
  bookingId: string;
  customerId: string;
  tradespersonId: string;
  amountPence: number;
  paidAt: Date;
  disputed: boolean;
}

export interface PaymentRows {
  payments: Row<typeof payments>[];
  ledgerAccounts: Row<typeof ledgerAccounts>[];
  ledgerTransactions: Row<typeof ledgerTransactions>[];
  ledgerEntries: Row<typeof ledgerEntries>[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function paymentRowsFor(
  paid: PaidBooking[],
  now: Date,
  windowDays: number,
  uuid: () => string,
): PaymentRows {
  const rows: PaymentRows = { payments: [], ledgerAccounts: [], ledgerTransactions: [], ledgerEntries: [] };
  const accounts = new Map<string, string>();
  const accountId = (entry: LedgerEntry) => {
    const code = accountCode(entry.account);
    let id = accounts.get(code);
    if (!id) {
      id = uuid();
      accounts.set(code, id);
      rows.ledgerAccounts.push({
        id,
        code,
        kind: entry.account.kind,
        userId: 'userId' in entry.account ? entry.account.userId : null,
      });
    }
    return id;
  };
  const post = (
    kind: 'charge' | 'release',
    key: string,
    p: { id: string; bookingId: string },
    entries: LedgerEntry[],
    at: Date,
    description: string,
  ) => {
    const transactionId = uuid();
    rows.ledgerTransactions.push({
      id: transactionId,
      kind,
      idempotencyKey: key,
      bookingId: p.bookingId,
      paymentId: p.id,
      description,
      createdAt: at,
    });
    for (const e of entries)
      rows.ledgerEntries.push({
        transactionId,
        accountId: accountId(e),
        amountPence: e.amountPence,
        createdAt: at,
      });
  };

  for (const b of paid) {
    const id = uuid();
    const heldUntil = new Date(b.paidAt.getTime() + windowDays * DAY_MS);
    const released = !b.disputed && heldUntil <= now;
    rows.payments.push({
      id,
      bookingId: b.bookingId,
      payerId: b.customerId,
      provider: 'sandbox',
      providerPaymentId: `pi_demo_${id.replaceAll('-', '')}`,
      checkoutSessionId: `cs_demo_${id.replaceAll('-', '')}`,
      amountPence: b.amountPence,
      feePence: platformFeePence(b.amountPence),
      status: 'succeeded',
      paidAt: b.paidAt,
      heldUntil,
      releasedAt: released ? heldUntil : null,
      releasedPence: released ? b.amountPence : 0,
      createdAt: b.paidAt,
      updatedAt: released ? heldUntil : b.paidAt,
    });
    const ref = { id, bookingId: b.bookingId };
    post('charge', `charge:${id}`, ref, chargeEntries(b.customerId, b.amountPence), b.paidAt, 'Card payment');
    if (released)
      post(
        'release',
        `release:${id}`,
        ref,
        releaseEntries(b.tradespersonId, b.amountPence),
        heldUntil,
        'Released to the tradesperson',
      );
  }
  return rows;
}
