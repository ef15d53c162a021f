import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { countOf } from '@/lib/format';
import { useSubscriptions } from './api';
import { day } from './words';

/**
 * The tradesperson dashboard's 'Repeat customers': requests waiting for a proposal, active plans and the
 * next visits, with the way to /subscriptions. The dashboard shows it last, once its own figures are in,
 * so its loading never moves them.
 */
export function RepeatCustomersCard() {
  const query = useSubscriptions();
  const mine = query.data?.subscriptions.filter((p) => p.role === 'tradesperson') ?? [];
  const requests = mine.filter((p) => p.status === 'requested').length;
  const active = mine.filter((p) => p.status === 'active');
  const next = active
    .filter((p) => p.nextVisitDate)
    .sort((a, b) => (a.nextVisitDate! < b.nextVisitDate! ? -1 : 1))
    .slice(0, 3);
  return (
    <Card className="space-y-3 p-4 sm:p-5">
      {/* The link sits beside the heading, above what loads, so nothing on the card moves when it does. */}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="repeat-customers-heading" className="flex items-center gap-2 text-xl font-semibold">
          <Repeat aria-hidden="true" className="size-5 text-muted-foreground" />
          Repeat customers
        </h2>
        <Button asChild size="sm" variant="outline">
          <Link to="/subscriptions">{requests > 0 ? 'Propose plans' : 'See repeat services'}</Link>
        </Button>
      </div>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading your plans…</p>
      ) : query.isError ? (
        <p className="text-sm text-muted-foreground">
          We could not load your plans.{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => void query.refetch()}
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className="text-sm">
            {requests > 0
              ? `${countOf(requests, 'request')} waiting for your proposal · ${countOf(active.length, 'active plan')}`
              : mine.length === 0
                ? 'No repeat customers yet. Customers can ask you for a repeat service after a completed booking or from your profile.'
                : countOf(active.length, 'active plan')}
          </p>
          {next.length > 0 && (
            <ul aria-label="Next visits" className="space-y-1 text-sm">
              {next.map((plan) => (
                <li key={plan.id} className="break-words">
                  <span className="font-medium">{day(plan.nextVisitDate!)}</span>: {plan.title} —{' '}
                  {plan.customer.name}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
