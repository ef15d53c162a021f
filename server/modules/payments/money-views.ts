import { paymentStatus } from '../../../domain/catalog/statuses';
import type {
  AdminPaymentView,
  BookingMoneyView,
  MoneyEvent,
  PaymentView,
} from '../../../domain/payments/api';
import { heldPence, platformFeePence } from '../../../domain/payments/ledger';
import { formatPence } from '../../../domain/payments/money';
import { combinedAmounts, moneyState } from '../../../domain/payments/state';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { type PaymentFigures, paymentFromJson } from './payment-json';
import { type BookingMoneyData, bookingMoneyData, latestPayments } from './payments.repository';
import { bookingNotFound, type PaymentDeps } from './payments.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// Made once: `toLocaleDateString` with options builds a new formatter on every call.
const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** '30 Nov 2026', in UK time. */
export const dayText = (d: Date) => DAY_FORMAT.format(d);

export function paymentView(
  p: PaymentFigures,
  opts: { frozen: boolean; viewerIsCustomer: boolean },
): PaymentView {
  const held = p.status === 'succeeded' ? heldPence(p) : 0;
  const isHeld = held > 0 && p.releasedAt === null;
  return {
    id: p.id,
    bookingId: p.bookingId,
    status: paymentStatus(p.status),
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
  const b = await bookingMoneyData(deps.db, bookingId);
  const mine = b && (b.customerId === auth.user.id || b.tradespersonId === auth.user.id);
  if (!b || !(mine || auth.user.isAdmin)) throw bookingNotFound();
  const rows = b.payments.map(paymentFromJson);
  const frozen = b.status === 'disputed';
  const views = rows.map((p) => paymentView(p, { frozen, viewerIsCustomer: b.customerId === auth.user.id }));

  return {
    bookingId,
    jobId: b.jobId,
    amountPence: b.amount,
    // Every confirmed payment together: the single one, or each milestone's.
    state: moneyState(combinedAmounts(rows)),
    payments: views,
    timeline: timeline(b, rows, frozen),
  };
}

/**
 * A booking's payments (newest first) and its money step by step, for the admin's dispute case file:
 * one statement for both, where the case file once read the payments again on their own.
 */
export async function bookingMoneyCase(
  db: Executor,
  bookingId: string,
): Promise<{ payments: PaymentFigures[]; timeline: MoneyEvent[] }> {
  const data = await bookingMoneyData(db, bookingId);
  if (!data) return { payments: [], timeline: [] };
  const payments = data.payments.map(paymentFromJson);
  return { payments, timeline: timeline(data, payments, data.status === 'disputed') };
}

function timeline(data: BookingMoneyData, rows: PaymentFigures[], frozen: boolean): MoneyEvent[] {
  const events: MoneyEvent[] = [];
  // A milestone's payments are named by the milestone ("Paid £200.00 for 'First fix'").
  const milestones = data.milestones;
  const forMilestone = (p: PaymentFigures) => {
    const m = milestones.find((x) => x.id === p.milestoneId);
    return m ? ` for '${m.title}'` : '';
  };
  const postings = data.postings.map((e) => ({ ...e, createdAt: new Date(e.createdAt) }));
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
  const payouts = data.payouts.map((p) => ({
    status: p.status,
    createdAt: new Date(p.createdAt),
    paidAt: p.paidAt === null ? null : new Date(p.paidAt),
  }));
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

export async function adminPayments(db: Executor): Promise<AdminPaymentView[]> {
  const rows = await latestPayments(db);
  // The rest of the row is the job and both parties, as the admin's list shows them.
  return rows.map(({ payment, bookingStatus, ...jobAndParties }) => ({
    ...paymentView(payment, { frozen: bookingStatus === 'disputed', viewerIsCustomer: false }),
    ...jobAndParties,
    createdAt: payment.createdAt.toISOString(),
  }));
}
