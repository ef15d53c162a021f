import { payoutStatus } from '../../../domain/catalog/statuses';
import { EARNINGS_MONTHS, type EarningsView } from '../../../domain/payments/api';
import type { AuthContext } from '../../plugins/auth-context';
import { type PaymentDeps, paymentFromJson, paymentView } from '../payments';
import { statusOf } from './connect.service';
import { earningsOf } from './payouts.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** /tradesperson/payments: every figure derived from the ledger. */
export async function earnings(deps: PaymentDeps, auth: AuthContext): Promise<EarningsView> {
  const userId = auth.user.id;
  const now = deps.clock.now();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const data = await earningsOf(deps.db, userId, since);
  const sum = (tx: string | null, account: string) =>
    data.sums
      .filter((r) => (tx === null || r.txKind === tx) && r.accountKind === account)
      .reduce((s, r) => s + r.total, 0);
  const monthly = new Map(data.months.map((m) => [m.month, m.total]));
  const paymentRows = data.payments.map((r) => ({ ...r, payment: paymentFromJson(r.payment) }));
  const held = paymentRows.filter((r) => r.payment.status === 'succeeded' && !r.payment.releasedAt);
  const nextRelease = held
    .filter((r) => r.bookingStatus !== 'disputed' && r.payment.heldUntil)
    .map((r) => r.payment.heldUntil!)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    heldPence: sum(null, 'escrow'),
    payablePence: data.payable,
    paidOutPence: data.paidOut,
    releasedPence: -sum('release', 'escrow'),
    feesPence: sum('release', 'platform_fees'),
    nextReleaseAt: iso(nextRelease ?? null),
    payouts: data.payouts.map((p) => ({
      id: p.id,
      amountPence: p.amountPence,
      status: payoutStatus(p.status),
      createdAt: new Date(p.createdAt).toISOString(),
      paidAt: p.paidAt === null ? null : new Date(p.paidAt).toISOString(),
    })),
    months: Array.from({ length: EARNINGS_MONTHS }, (_, i) => {
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
    connect: statusOf(data.account ?? undefined),
  };
}
