import { formatPence } from '@domain/payments/money';
import type { SubscriptionView, VisitView } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { useSkipVisit } from './api';
import { useVisitPayment } from './use-visit-payment';
import { canPay, day, moneyWords, TEXTS, visitWords } from './words';

/**
 * The plan's visits and where each one's money is, oldest first: booked and skipped visits, then the
 * next few not booked yet. Each booked visit links to its own job page, where it is marked complete,
 * approved, reviewed or disputed.
 */
export function VisitTimeline({ plan }: { plan: SubscriptionView }) {
  const headingId = `visits-${plan.id}`;
  const payment = useVisitPayment(plan.id, plan.role === 'customer');
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        Visits and money
      </h3>
      {plan.visits.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits are planned.</p>
      ) : (
        <ol aria-labelledby={headingId} className="divide-y divide-border rounded-xl border border-border">
          {plan.visits.map((visit) => (
            <li
              key={visit.nominalDate}
              className="grid gap-x-4 gap-y-1 p-3 text-sm sm:grid-cols-[8rem_1fr_auto] sm:items-center"
            >
              <time dateTime={visit.date} className="font-medium tabular-nums">
                {day(visit.date)}
              </time>
              <div className="min-w-0 break-words">
                <span className="font-medium">{visitWords(visit)}</span>
                {visit.status !== 'skipped' && visit.status !== 'cancelled' && (
                  <span className="block text-muted-foreground">
                    {moneyWords(visit, plan.role)} · {formatPence(visit.pricePence)}
                  </span>
                )}
                {visit.money.state === 'failed' && visit.money.lastError && plan.role === 'customer' && (
                  <span className="block text-muted-foreground">Last attempt: {visit.money.lastError}</span>
                )}
              </div>
              <VisitButtons plan={plan} visit={visit} payment={payment} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function VisitButtons({
  plan,
  visit,
  payment,
}: {
  plan: SubscriptionView;
  visit: VisitView;
  payment: ReturnType<typeof useVisitPayment>;
}) {
  const customer = plan.role === 'customer';
  const paying = payment.payingId === visit.id;
  const state = visit.money.state;
  const payable = customer && canPay(visit);
  if (!visit.jobId && !visit.canSkip && !payable) return null;
  return (
    <div className="flex flex-wrap gap-2 sm:justify-end">
      {payable && visit.id && (
        <Button
          size="sm"
          disabled={payment.payingId !== null}
          aria-busy={paying}
          onClick={() => void payment.pay(visit.id!)}
        >
          {paying && <Spinner />}
          {state === 'failed' ? 'Pay now' : 'Authenticate'}
          <span className="sr-only"> for the visit on {day(visit.date)}</span>
        </Button>
      )}
      {visit.jobId && (
        <Button asChild size="sm" variant="outline">
          <Link to={`/job/${visit.jobId}`}>
            Open visit<span className="sr-only"> on {day(visit.date)}</span>
          </Link>
        </Button>
      )}
      {visit.canSkip && <SkipVisit plan={plan} visit={visit} />}
    </div>
  );
}

function SkipVisit({ plan, visit }: { plan: SubscriptionView; visit: VisitView }) {
  const skip = useSkipVisit(plan.id);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          Skip<span className="sr-only"> the visit on {day(visit.date)}</span>
        </Button>
      }
      title={`Skip the visit on ${day(visit.date)}?`}
      description={
        <>
          <p>That visit is not booked and not charged; the plan carries on with the next one.</p>
          <p>{TEXTS.skipNotice}</p>
        </>
      }
      confirmLabel="Skip visit"
      pending={skip.isPending}
      onConfirm={(close, fail) =>
        skip.mutate(visit.nominalDate, {
          onSuccess: () => {
            close();
            void showSuccess('Visit skipped', `No visit on ${day(visit.date)}.`);
          },
          onError: (error) => {
            const message = errorMessage(error, M.insideNotice);
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}
