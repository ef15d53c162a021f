import type { BookingMilestonesView } from '@domain/milestones/api';
import { MILESTONE_MESSAGES as M, MILESTONE_TEXTS as T } from '@domain/milestones/messages';
import { isPayable } from '@domain/milestones/rules';
import { formatPence } from '@domain/payments/money';
import { ArrowLeft, ListChecks, ShieldAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/accounts';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { useBookingMilestones, usePaymentMethods } from './api';
import { MilestoneItem, type PayControl } from './milestone-item';
import { PaymentMethodCard, usableCards } from './payment-method-card';
import { PlanForm } from './plan-form';
import { DeclinedNote, ProposalCard } from './plan-proposal';
import { useMilestonePayment, useMilestoneReturn } from './use-milestone-payment';

/** /booking-milestones/:bookingId (spec section 2): a booking's milestone plan and its payments. */
export function BookingMilestones({ bookingId }: { bookingId: string }) {
  const query = useBookingMilestones(bookingId);
  const { user } = useSession();
  // A customer's cards are asked for alongside, so the card Pay uses is there when the page is.
  usePaymentMethods(user?.userType === 'customer');
  // Before anything else: the return from the bank's page is confirmed while the page loads.
  const { confirming } = useMilestoneReturn();
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const toasted = useRef(false);

  useEffect(() => {
    // Spec section 8: 'Failed to load milestones', said once per failure.
    if (query.isError && !notFound && !toasted.current) {
      toasted.current = true;
      void showError(T.loadFailed);
    }
    if (!query.isError) toasted.current = false;
  }, [query.isError, notFound]);

  if (query.isPending) {
    return (
      <Page>
        <CardSkeletons count={3} height="h-32" />
      </Page>
    );
  }
  if (notFound) {
    return (
      <ScreenNotice title={M.bookingNotFound} link={{ to: '/my-jobs', label: 'Back to my jobs' }}>
        This booking does not exist, or you are not one of its two parties.
      </ScreenNotice>
    );
  }
  if (query.isError) {
    return (
      <Page>
        <ErrorState text={T.loadFailed} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  return (
    <Page>
      <MilestonesContent view={query.data} confirming={confirming} />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">{children}</div>;
}

function MilestonesContent({ view, confirming }: { view: BookingMilestonesView; confirming: boolean }) {
  const customer = view.viewer === 'customer';
  const cards = usePaymentMethods(customer);
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const usable = usableCards(cards.data);
  const card =
    usable.find((c) => c.id === chosenCard) ?? usable.find((c) => c.isDefault) ?? usable[0] ?? null;
  const { pay, payingId } = useMilestonePayment(view.bookingId, cards.data?.publishableKey ?? null);
  const payment: PayControl = {
    pay: (milestoneId) => void pay(milestoneId, card?.id),
    payingId,
    // Until the cards arrive (or if they cannot be read), the server charges the default card.
    blockedReason: cards.isSuccess && !card ? M.noCard : null,
  };
  const milestones = [...view.milestones].sort((a, b) => a.index - b.index);

  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={`/job/${view.jobId}`}>
          <ArrowLeft aria-hidden="true" />
          Back to the job
        </Link>
      </Button>

      <Card>
        <CardHeader className="gap-2">
          <p className="text-sm font-medium text-muted-foreground">Milestone payments</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{view.jobTitle}</h1>
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Booking amount</dt>
              <dd className="font-semibold tabular-nums">{formatPence(view.bookingAmountPence, 2)}</dd>
            </div>
            {view.viewer !== 'tradesperson' && view.tradespersonName && (
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Tradesperson</dt>
                <dd>{view.tradespersonName}</dd>
              </div>
            )}
            {view.viewer !== 'customer' && view.customerName && (
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Customer</dt>
                <dd>{view.customerName}</dd>
              </div>
            )}
          </dl>
          {/* Always on the page, so screen readers announce the message when it appears. */}
          <p role="status" className="flex items-center gap-2 text-sm font-medium">
            {confirming && (
              <>
                <Spinner className="size-4" />
                Confirming your payment…
              </>
            )}
          </p>
        </CardHeader>
      </Card>

      {view.frozen && (
        <p className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {M.frozen}. Nothing can be paid or released until the dispute is resolved.
        </p>
      )}

      {view.plan ? (
        <>
          <Totals view={view} />
          {customer && milestones.some((m) => isPayable(m.status)) && (
            <PaymentMethodCard cards={cards} card={card} onChoose={setChosenCard} />
          )}
          <section aria-labelledby="milestones-heading" className="space-y-3">
            <h2 id="milestones-heading" className="text-xl font-semibold">
              Milestones
            </h2>
            <ol className="space-y-3">
              {milestones.map((m) => (
                <li key={m.id}>
                  <MilestoneItem milestone={m} view={view} payment={payment} />
                </li>
              ))}
            </ol>
          </section>
          {view.proposal && <ProposalCard view={view} proposal={view.proposal} />}
          {view.viewer === 'tradesperson' && !view.proposal && <RevisePlan view={view} />}
        </>
      ) : (
        <NoPlanYet view={view} />
      )}
    </>
  );
}

/** The spec's totals: Total, Paid and Remaining, with two decimals. */
function Totals({ view }: { view: BookingMilestonesView }) {
  const tiles = [
    [T.total, view.totals.totalPence],
    [T.paid, view.totals.paidPence],
    [T.remaining, view.totals.remainingPence],
  ] as const;
  return (
    // Rows of label and figure on a phone, where three tiles abreast would break the figures.
    <dl className="grid gap-2 sm:grid-cols-3 sm:gap-3">
      {tiles.map(([label, pence]) => (
        <div
          key={label}
          className="flex items-baseline justify-between gap-3 rounded-xl border border-border bg-card px-4 py-3 sm:block sm:p-4"
        >
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold break-words tabular-nums sm:mt-1 sm:text-xl">
            {formatPence(pence, 2)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Before a plan is accepted: the proposal waiting, the last one declined, and the form to propose. */
function NoPlanYet({ view }: { view: BookingMilestonesView }) {
  if (view.proposal) return <ProposalCard view={view} proposal={view.proposal} />;
  const declined = view.declined && <DeclinedNote view={view} plan={view.declined} />;
  if (view.viewer !== 'tradesperson') {
    return (
      <>
        {declined}
        <EmptyState
          icon={<ListChecks />}
          title="No milestone plan yet"
          text={
            view.viewer === 'customer'
              ? `${view.tradespersonName ?? 'The tradesperson'} can propose splitting this booking into milestone payments. It will appear here for you to accept or decline.`
              : 'The tradesperson has not proposed a milestone plan for this booking.'
          }
        />
      </>
    );
  }
  return (
    <section aria-labelledby="propose-heading" className="space-y-4">
      {declined}
      <div>
        <h2 id="propose-heading" className="text-xl font-semibold">
          Propose milestone plan
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Split the booking into payments the customer makes as the work goes on. The amounts must add up to{' '}
          {formatPence(view.bookingAmountPence, 2)}.
        </p>
      </div>
      {view.canPropose ? (
        <PlanForm view={view} startFrom={view.declined} />
      ) : (
        <p className="text-sm text-muted-foreground">{view.proposeBlockedReason}</p>
      )}
    </section>
  );
}

/** The tradesperson's revision of an accepted plan, while nothing of it has been paid. */
function RevisePlan({ view }: { view: BookingMilestonesView }) {
  const [open, setOpen] = useState(false);
  if (!view.canPropose) {
    return view.proposeBlockedReason ? (
      <p className="text-sm text-muted-foreground">{view.proposeBlockedReason}</p>
    ) : null;
  }
  return (
    <section aria-labelledby="revise-heading" className="space-y-4">
      <h2 id="revise-heading" className="text-xl font-semibold">
        Change the plan
      </h2>
      {view.declined && <DeclinedNote view={view} plan={view.declined} />}
      {open ? (
        <PlanForm view={view} startFrom={view.plan} onCancel={() => setOpen(false)} />
      ) : (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Propose changes
        </Button>
      )}
    </section>
  );
}
