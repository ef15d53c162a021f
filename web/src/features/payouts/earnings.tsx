import { LIMITS } from '@domain/catalog/catalog';
import type { EarningsView, PayoutView } from '@domain/payments/api';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '@domain/payments/money';
import { moneyState } from '@domain/payments/state';
import { CheckCircle2, Landmark, type LucideIcon, PiggyBank, Receipt, Wallet } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { formatCalendarMonth, formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CHART_HEIGHT } from './earnings-chart-size';
import { useEarnings } from './payout-api';
import { PAYOUT_STATUS_LABELS, paymentStateText, readableRequirements } from './payout-format';

// The chart and its library arrive in their own chunk, after the figures: nothing else needs them.
const EarningsChart = lazy(() => import('./earnings-chart'));

const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;
const PROTECTION_DAYS = LIMITS.escrowProtectionDays;
const SETUP_PAYOUTS = '/tradesperson/setup?step=4';

type EarningsPayment = EarningsView['payments'][number];

/** /tradesperson/payments: where the tradesperson's money is, from GET /payments/earnings. */
export function Earnings() {
  const query = useEarnings();
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Payments</h1>
        <p className="mt-1 text-muted-foreground">
          What customers have paid you through TradeNest, and where that money is now.
        </p>
      </header>
      {query.isPending ? (
        <EarningsSkeleton />
      ) : query.isError ? (
        <ErrorState text="We could not load your payments." onRetry={() => void query.refetch()} />
      ) : (
        <EarningsBody earnings={query.data} />
      )}
    </div>
  );
}

function EarningsBody({ earnings }: { earnings: EarningsView }) {
  const empty = earnings.payments.length === 0 && earnings.payouts.length === 0;
  return (
    <>
      <PayoutAccount connect={earnings.connect} />
      {empty ? (
        <EmptyState
          icon={<Wallet aria-hidden="true" />}
          title="No payments yet"
          text={`When a customer pays for a job you have completed, it shows here. We hold the money for ${PROTECTION_DAYS} days, then release it to you less the ${FEE_PERCENT}% platform fee.`}
          action={
            <Button asChild variant="outline">
              <Link to="/my-jobs">My Bookings</Link>
            </Button>
          }
        />
      ) : (
        <>
          <Figures earnings={earnings} />
          <MonthlyEarnings months={earnings.months} />
          <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
            <Payments payments={earnings.payments} />
            <Payouts payouts={earnings.payouts} payoutsEnabled={earnings.connect.payoutsEnabled} />
          </div>
        </>
      )}
    </>
  );
}

/** Where payouts go, and, until the account can take them, why released money is waiting. */
function PayoutAccount({ connect }: { connect: EarningsView['connect'] }) {
  if (connect.payoutsEnabled) {
    return (
      <section
        aria-label="Payout account"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          Your payout account is ready: released money is paid out to it.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={SETUP_PAYOUTS}>Manage payout account</Link>
        </Button>
      </section>
    );
  }
  const needed = readableRequirements(connect.requirementsCurrentlyDue);
  return (
    <section
      aria-labelledby="payout-account-heading"
      className="flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="flex gap-3">
        <Landmark className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h2 id="payout-account-heading" className="font-semibold">
            Your released money waits here until your payout account is ready
          </h2>
          <p className="mt-1 text-sm">
            {connect.hasAccount
              ? 'Finish onboarding with our payment provider so that it can pay you.'
              : 'Create your payout account with our payment provider so that it can pay you.'}
            {needed.length > 0 && ` Still needed: ${needed.join(', ')}.`}
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to={SETUP_PAYOUTS}>{connect.hasAccount ? 'Finish payout setup' : 'Set up payouts'}</Link>
      </Button>
    </section>
  );
}

type Figure = { label: string; value: number; note: string; icon: LucideIcon };

const FIGURE_CARD =
  'flex min-h-[8.25rem] flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm';

function Figures({ earnings }: { earnings: EarningsView }) {
  const figures: Figure[] = [
    {
      label: 'Held in escrow',
      value: earnings.heldPence,
      note: earnings.nextReleaseAt
        ? `Next release ${formatDate(earnings.nextReleaseAt)}`
        : 'Nothing held now',
      icon: PiggyBank,
    },
    {
      label: 'Ready to pay out',
      value: earnings.payablePence,
      note: earnings.connect.payoutsEnabled
        ? 'Released to you, after the fee'
        : 'Waiting for your payout account',
      icon: Wallet,
    },
    { label: 'Paid out', value: earnings.paidOutPence, note: 'Sent to your bank', icon: Landmark },
    {
      label: 'Fees',
      value: earnings.feesPence,
      note: `${FEE_PERCENT}% of ${formatPence(earnings.releasedPence)} released`,
      icon: Receipt,
    },
  ];
  return (
    <section aria-label="Your money">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(({ label, value, note, icon: Icon }) => (
          <div key={label} className={FIGURE_CARD}>
            <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
              {label}
              <Icon className="size-4 shrink-0" aria-hidden="true" />
            </dt>
            <dd className="min-w-0">
              <span className="block truncate text-2xl font-bold" data-figure>
                {formatPence(value)}
              </span>
              <span className="block text-xs text-muted-foreground">{note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The chart for the eyes, the same figures as a table for screen readers. */
function MonthlyEarnings({ months }: { months: EarningsView['months'] }) {
  const anything = months.some((m) => m.netPence > 0);
  const total = months.reduce((sum, m) => sum + Math.max(0, m.netPence), 0);
  return (
    <section aria-labelledby="monthly-heading" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="monthly-heading" className="text-xl font-semibold">
        Earnings per month
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Released to you in each of the last 12 months, after the {FEE_PERCENT}% fee
        {anything ? `: ${formatPence(total)} in all.` : '.'}
      </p>
      {anything ? (
        <>
          <div className="mt-4" style={{ minHeight: CHART_HEIGHT }}>
            <Suspense fallback={<ChartPlaceholder />}>
              <EarningsChart months={months} />
            </Suspense>
          </div>
          {/* In a clipped box: a table ignores the 1 px width of sr-only and would widen a phone's page. */}
          <div className="sr-only">
            <table>
              <caption>Earnings per month, released to you after the {FEE_PERCENT}% fee</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Earnings</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{formatCalendarMonth(m.month, 'long')}</th>
                    <td>{formatPence(Math.max(0, m.netPence))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="mt-4 rounded-lg bg-muted px-4 py-6 text-center text-sm">
          Nothing has been released to you yet. Held money is released {PROTECTION_DAYS} days after the
          customer pays, or sooner if they release it.
        </p>
      )}
    </section>
  );
}

function ChartPlaceholder() {
  return (
    <div
      aria-hidden="true"
      style={{ height: CHART_HEIGHT }}
      className="animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
    />
  );
}

const STATE_TONES = {
  held: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  frozen: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  released:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  other: 'border-border bg-muted text-muted-foreground',
} as const;

function paymentState(payment: EarningsPayment): { text: string; tone: string } {
  if (payment.frozen && payment.heldPence > 0)
    return { text: 'Frozen by a dispute', tone: STATE_TONES.frozen };
  const state = moneyState(payment);
  return {
    text: paymentStateText(state, payment.heldUntil),
    tone: STATE_TONES[state === 'held' ? 'held' : state === 'released' ? 'released' : 'other'],
  };
}

function Payments({ payments }: { payments: EarningsPayment[] }) {
  return (
    <section aria-labelledby="payments-heading">
      <h2 id="payments-heading" className="mb-3 text-xl font-semibold">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          No payments yet.
        </p>
      ) : (
        <ul aria-labelledby="payments-heading" className="space-y-3">
          {payments.map((payment) => {
            const state = paymentState(payment);
            const yours = payment.releasedPence + payment.heldPence - payment.feePence;
            return (
              <li key={payment.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    {/* Wrapped, not truncated: on a phone the title and the date must be read whole. */}
                    <h3 className="font-semibold break-words">
                      <Link to={`/job/${payment.jobId}`} className="hover:underline">
                        {payment.jobTitle}
                      </Link>
                    </h3>
                    <p className="text-sm break-words text-muted-foreground">
                      {payment.customerName ?? 'Deleted user'}
                      {payment.paidAt && ` · paid ${formatDate(payment.paidAt)}`}
                    </p>
                  </div>
                  <p className="shrink-0 font-semibold">
                    <span className="sr-only">Amount: </span>
                    {formatPence(payment.amountPence)}
                  </p>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span
                    className={cn(
                      'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                      state.tone,
                    )}
                  >
                    {state.text}
                  </span>
                  <span className="text-muted-foreground">
                    {payment.refundedPence > 0 && `Refunded ${formatPence(payment.refundedPence)} · `}
                    Fee {formatPence(payment.feePence)} · You get {formatPence(Math.max(0, yours))}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Payouts({ payouts, payoutsEnabled }: { payouts: PayoutView[]; payoutsEnabled: boolean }) {
  return (
    <section aria-labelledby="payouts-heading">
      <h2 id="payouts-heading" className="mb-3 text-xl font-semibold">
        Payouts
      </h2>
      {payouts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {payoutsEnabled
            ? 'No payouts yet. Released money is paid out to your account.'
            : 'No payouts yet. They start once your payout account is ready.'}
        </p>
      ) : (
        <ul
          aria-labelledby="payouts-heading"
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
        >
          {payouts.map((payout) => (
            <li key={payout.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <span className="min-w-0">
                <span className="block font-semibold">{formatPence(payout.amountPence)}</span>
                <span className="block text-xs text-muted-foreground">
                  {formatDate(payout.paidAt ?? payout.createdAt)}
                </span>
              </span>
              <span
                className={cn(
                  'shrink-0 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
                  payout.status === 'paid'
                    ? STATE_TONES.released
                    : payout.status === 'failed'
                      ? STATE_TONES.frozen
                      : STATE_TONES.held,
                )}
              >
                {PAYOUT_STATUS_LABELS[payout.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EarningsSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-8">
      <span className="sr-only">Loading your payments…</span>
      <div aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((key) => (
          <div key={key} className={FIGURE_CARD}>
            <div className="h-4 w-24 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <div className="h-7 w-20 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          </div>
        ))}
      </div>
      <div
        aria-hidden="true"
        style={{ height: CHART_HEIGHT + 96 }}
        className="animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
      />
      <div aria-hidden="true">
        <CardSkeletons count={2} height="h-24" />
      </div>
    </div>
  );
}
