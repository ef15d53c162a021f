import { formatPence } from '@domain/payments/money';
import type { SubscriptionView } from '@domain/subscriptions/api';
import { FREQUENCY_LABELS } from '@domain/subscriptions/rules';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { PlanActions } from './plan-actions';
import { VisitTimeline } from './visits';
import { day, otherParty, pauseWords, statusWords } from './words';

/** One plan: what it is, its terms, where it stands, what the viewer may do, and its visits' money. */
export function PlanCard({ plan }: { plan: SubscriptionView }) {
  const headingId = `plan-${plan.id}`;
  const customer = plan.role === 'customer';
  const pause = pauseWords(plan);
  const agreed = plan.status !== 'requested';
  return (
    <Card aria-labelledby={headingId} role="article" className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold break-words">
            {plan.title ?? `Repeat ${plan.category.toLowerCase()}`}
          </h3>
          <p className="text-sm text-muted-foreground">
            {customer ? 'With' : 'For'} {otherParty(plan)} · {plan.category} · {plan.postcode}
          </p>
        </div>
        <p className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-semibold">
          {statusWords(plan)}
        </p>
      </div>
      {pause && <p className="text-sm font-medium">{pause}</p>}
      {agreed && plan.description && (
        <p className="text-sm break-words whitespace-pre-line">{plan.description}</p>
      )}
      {!agreed && (
        <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-line text-muted-foreground">
          {plan.requestMessage}
        </blockquote>
      )}
      {agreed && <Terms plan={plan} />}
      {plan.pendingPricePence !== null && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {customer
            ? `${otherParty(plan)} proposes a new price of ${formatPence(plan.pendingPricePence)} a visit, instead of ${formatPence(plan.pricePerVisitPence ?? 0)}.`
            : `Your new price of ${formatPence(plan.pendingPricePence)} a visit is waiting for ${plan.customer.name} to accept it.`}
        </p>
      )}
      {plan.lastVisitDate && plan.status === 'cancelled' && (
        <p className="text-sm">Last visit that goes ahead: {day(plan.lastVisitDate)}</p>
      )}
      <PlanActions plan={plan} />
      {agreed && plan.status !== 'proposed' && plan.status !== 'declined' && <VisitTimeline plan={plan} />}
    </Card>
  );
}

function Terms({ plan }: { plan: SubscriptionView }) {
  const facts: [string, ReactNode][] = [
    ['Price per visit', plan.pricePerVisitPence === null ? '—' : formatPence(plan.pricePerVisitPence)],
    ['How often', plan.frequency ? FREQUENCY_LABELS[plan.frequency] : '—'],
    ['First visit', plan.startDate ? day(plan.startDate) : '—'],
    ['Next visit', plan.nextVisitDate ? day(plan.nextVisitDate) : 'None planned'],
  ];
  if (plan.role === 'customer' && plan.card) {
    facts.push([
      'Card charged',
      <>
        {plan.card.brand.charAt(0).toUpperCase() + plan.card.brand.slice(1)}{' '}
        <span aria-hidden="true">••••</span>
        <span className="sr-only">ending in</span> {plan.card.last4}
      </>,
    ]);
  }
  return (
    <dl className="grid grid-cols-1 gap-2 text-sm min-[360px]:grid-cols-2 sm:grid-cols-3">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
