import { and, eq, sql } from 'drizzle-orm';
import { formatPence } from '../../../domain/money/money';
import type {
  AdminPaymentView,
  BookingMoneyView,
  EarningsView,
  MoneyEvent,
  PaymentView,
} from '../../../domain/payments/api';
import { heldPence, platformFeePence } from '../../../domain/payments/ledger';
import { combinedAmounts, moneyState } from '../../../domain/payments/state';
import type { Executor } from '../../db/client';
import { bookings, ledgerAccounts, ledgerEntries, ledgerTransactions, payments } from '../../db/schema';
import type { AuthContext } from '../../plugins/auth-context';
import { bookingForPayment } from '../marketplace';
import { statusOf } from './connect.service';
import { balanceOf, monthlyTotals, transactionsOfPayments } from './ledger.repository';
import { milestonesOfBooking } from './milestones.repository';
import {
  findConnectedAccount,
  latestPayments,
  type PaymentRow,
  paymentsOfBooking,
  paymentsOfTradesperson,
  payoutsOf,
} from './payments.repository';
import { bookingNotFound, type PaymentDeps } from './payments.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** '30 Nov 2026', in UK time. */
export const dayText = (d: Date) =>
  d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

export function paymentView(
  p: PaymentRow,
  opts: { frozen: boolean; viewerIsCustomer: boolean },
): PaymentView {
  const held = p.status === 'succeeded' ? heldPence(p) : 0;
  const isHeld = held > 0 && p.releasedAt === null;
  return {
    id: p.id,
    bookingId: p.bookingId,
    status: p.status as PaymentView['status'],
    amountPence: p.amountPence,
    feePence: platformFeePence(p.releasedPence > 0 ? p.releasedPence : p.amountPence - p.refundedPence),
    refundedPence: p.refundedPence,
    releasedPence: p.releasedPence,
    heldPence: held,
    heldUntil: isHeld ? iso(p.heldUntil) : null,
    releasedAt: iso(p.releasedAt),
    paidAt: iso(p.paidAt),
    frozen: isHeld && opts.frozen,
    // A milestone is released by approving it (milestones.service), once it is marked done.
    canRelease: isHeld && !opts.frozen && opts.viewerIsCustomer && p.milestoneId === null,
  };
}

/** A booking's money for either party or an admin: its payments and what happened to them, in order. */
export async function bookingMoney(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
): Promise<BookingMoneyView> {
  const found = await bookingForPayment(deps.db, bookingId);
  const b = found?.booking;
  const mine = b && (b.customerId === auth.user.id || b.tradespersonId === auth.user.id);
  if (!found || !b || !(mine || auth.user.isAdmin)) throw bookingNotFound();
  const rows = await paymentsOfBooking(deps.db, bookingId);
  const frozen = b.status === 'disputed';
  const views = rows.map((p) => paymentView(p, { frozen, viewerIsCustomer: b.customerId === auth.user.id }));

  return {
    bookingId,
    jobId: b.jobId,
    amountPence: b.amount,
    // Every confirmed payment together: the single one, or each milestone's.
    state: moneyState(combinedAmounts(rows)),
    payments: views,
    timeline: await timeline(deps.db, rows, b.tradespersonId, b.status === 'disputed'),
  };
}

/**
 * A booking's money, step by step, for the admin's dispute case file; `rows` are its payments when the
 * caller has already read them (paymentsOfBooking), so they are not read twice.
 */
export async function bookingMoneyTimeline(
  db: Executor,
  booking: { id: string; tradespersonId: string; status: string },
  rows?: PaymentRow[],
): Promise<MoneyEvent[]> {
  rows ??= await paymentsOfBooking(db, booking.id);
  return timeline(db, rows, booking.tradespersonId, booking.status === 'disputed');
}

async function timeline(db: Executor, rows: PaymentRow[], tradespersonId: string, frozen: boolean) {
  const events: MoneyEvent[] = [];
  // A milestone's payments are named by the milestone ("Paid £200.00 for 'First fix'").
  const bookingId = rows[0]?.bookingId;
  const milestones =
    bookingId && rows.some((p) => p.milestoneId) ? await milestonesOfBooking(db, bookingId) : [];
  const forMilestone = (p: PaymentRow) => {
    const m = milestones.find((x) => x.id === p.milestoneId);
    return m ? ` for '${m.title}'` : '';
  };
  const postings = await transactionsOfPayments(
    db,
    rows.map((p) => p.id),
  );
  const byPayment = new Map(rows.map((p) => [p.id, p]));
  const seen = new Set<string>();
  for (const entry of postings) {
    if (seen.has(`${entry.id}:${entry.accountKind}`)) continue;
    seen.add(`${entry.id}:${entry.accountKind}`);
    const at = entry.createdAt.toISOString();
    const payment = byPayment.get(entry.paymentId!)!;
    if (entry.kind === 'charge' && entry.accountKind === 'escrow') {
      events.push({
        kind: 'paid',
        at,
        amountPence: entry.amountPence,
        label: `Paid ${formatPence(entry.amountPence)}${forMilestone(payment)}`,
      });
      if (payment.milestoneId && !payment.heldUntil && payment.status === 'succeeded' && !payment.releasedAt)
        events.push({
          kind: 'held',
          at,
          amountPence: entry.amountPence,
          label: frozen
            ? 'Held in escrow, frozen by a dispute'
            : 'Held until the milestone is done and approved',
        });
      if (payment.heldUntil && payment.status === 'succeeded')
        events.push({
          kind: 'held',
          at,
          amountPence: entry.amountPence,
          label:
            frozen && !payment.releasedAt
              ? 'Held in escrow, frozen by a dispute'
              : `Held until ${dayText(payment.heldUntil)}`,
        });
    } else if (entry.kind === 'release' && entry.accountKind === 'escrow') {
      events.push({
        kind: 'released',
        at,
        amountPence: -entry.amountPence,
        label: `Released ${formatPence(-entry.amountPence)}${forMilestone(payment)} to the tradesperson`,
      });
    } else if (entry.kind === 'release' && entry.accountKind === 'platform_fees') {
      events.push({
        kind: 'fee',
        at,
        amountPence: entry.amountPence,
        label: `Platform fee ${formatPence(entry.amountPence)} (15%)`,
      });
    } else if (entry.kind === 'refund' && entry.accountKind === 'escrow') {
      events.push({
        kind: 'refunded',
        at,
        amountPence: -entry.amountPence,
        label: `Refunded ${formatPence(-entry.amountPence)} to the customer`,
      });
    }
  }
  // A release is paid out by the first payout created after it (each payout takes the whole payable
  // balance); until one succeeds it waits. A booking paid in milestones has a release per milestone.
  const releases = rows.filter((p) => p.releasedAt && p.releasedPence > 0);
  const payouts = releases.length > 0 ? (await payoutsOf(db, tradespersonId, 200)).reverse() : [];
  for (const released of releases) {
    const at = released.releasedAt!;
    const net = released.releasedPence - platformFeePence(released.releasedPence);
    const paid = payouts.find((p) => p.status === 'paid' && p.createdAt >= at);
    const pending = payouts.find((p) => p.status === 'pending' && p.createdAt >= at);
    if (paid)
      events.push({
        kind: 'paid_out',
        at: (paid.paidAt ?? paid.createdAt).toISOString(),
        amountPence: net,
        label: `Paid out ${formatPence(net)}${forMilestone(released)} to the tradesperson's bank account`,
      });
    else
      events.push({
        kind: 'payout_waiting',
        at: (pending?.createdAt ?? at).toISOString(),
        amountPence: net,
        label: pending
          ? `Payout of ${formatPence(net)}${forMilestone(released)} on its way`
          : `${formatPence(net)}${forMilestone(released)} waiting for the tradesperson's payout account`,
      });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** /tradesperson/payments: every figure derived from the ledger. */
export async function earnings(deps: PaymentDeps, auth: AuthContext): Promise<EarningsView> {
  const userId = auth.user.id;
  const now = deps.clock.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const [sums, payable, paidOut, months, payoutRows, paymentRows, account] = await Promise.all([
    postingSumsOfTradesperson(deps.db, userId),
    balanceOf(deps.db, { kind: 'tradesperson_payable', userId }),
    balanceOf(deps.db, { kind: 'payouts', userId }),
    monthlyTotals(deps.db, { kind: 'tradesperson_payable', userId }, 'release', since),
    payoutsOf(deps.db, userId),
    paymentsOfTradesperson(deps.db, userId),
    findConnectedAccount(deps.db, userId),
  ]);
  const monthly = new Map(months.map((m) => [m.month, m.total]));
  const held = paymentRows.filter((r) => r.payment.status === 'succeeded' && !r.payment.releasedAt);
  const nextRelease = held
    .filter((r) => r.bookingStatus !== 'disputed' && r.payment.heldUntil)
    .map((r) => r.payment.heldUntil!)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    heldPence: sums.escrow,
    payablePence: payable,
    paidOutPence: paidOut,
    releasedPence: sums.released,
    feesPence: sums.fees,
    nextReleaseAt: iso(nextRelease ?? null),
    payouts: payoutRows.map((p) => ({
      id: p.id,
      amountPence: p.amountPence,
      status: p.status as 'pending' | 'paid' | 'failed',
      createdAt: p.createdAt.toISOString(),
      paidAt: iso(p.paidAt),
    })),
    months: Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + i, 1));
      const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
      return { month, netPence: monthly.get(month) ?? 0 };
    }),
    payments: paymentRows.map((r) => ({
      ...paymentView(r.payment, { frozen: r.bookingStatus === 'disputed', viewerIsCustomer: false }),
      jobId: r.jobId,
      jobTitle: r.jobTitle,
      customerName: r.customerName,
    })),
    connect: statusOf(account),
  };
}

/** Escrow still held, gross released and fees of one tradesperson's payments, from the ledger. */
async function postingSumsOfTradesperson(db: Executor, userId: string) {
  const rows = await db
    .select({
      txKind: ledgerTransactions.kind,
      accountKind: ledgerAccounts.kind,
      total: sql<string>`sum(${ledgerEntries.amountPence})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .innerJoin(bookings, and(eq(bookings.id, payments.bookingId), eq(bookings.tradespersonId, userId)))
    .groupBy(ledgerTransactions.kind, ledgerAccounts.kind);
  const sum = (tx: string | null, account: string) =>
    rows
      .filter((r) => (tx === null || r.txKind === tx) && r.accountKind === account)
      .reduce((s, r) => s + Number(r.total), 0);
  return {
    escrow: sum(null, 'escrow'),
    released: -sum('release', 'escrow'),
    fees: sum('release', 'platform_fees'),
  };
}

export async function adminPayments(db: Executor): Promise<AdminPaymentView[]> {
  const rows = await latestPayments(db);
  return rows.map((r) => ({
    ...paymentView(r.payment, { frozen: r.bookingStatus === 'disputed', viewerIsCustomer: false }),
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    customerId: r.customerId,
    customerName: r.customerName,
    tradespersonId: r.tradespersonId,
    tradespersonName: r.tradespersonName,
    createdAt: r.payment.createdAt.toISOString(),
  }));
}
