import type { SubscriptionView } from '@domain/subscriptions/api';
import { Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { useSubscriptions } from './api';
import { PlanCard } from './plan-card';
import { useVisitReturn } from './use-visit-payment';
import { GROUP_ORDER, GROUP_TITLES, groupOf, type PlanGroup, TEXTS } from './words';

/** /subscriptions: the viewer's repeat service plans, as customer or tradesperson, grouped by state. */
export function SubscriptionsPage() {
  const query = useSubscriptions();
  const { confirming } = useVisitReturn();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{TEXTS.title}</h1>
        <p className="mt-1 text-muted-foreground">
          Work that comes back: each visit is booked ahead, charged into escrow before its day and released
          once it is done.
        </p>
      </div>
      <p role="status" className="sr-only">
        {confirming ? 'Checking your payment with your bank…' : ''}
      </p>
      {query.isPending ? (
        <CardSkeletons count={2} height="h-56" />
      ) : query.isError ? (
        <ErrorState text={TEXTS.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <Plans plans={query.data.subscriptions} />
      )}
    </div>
  );
}

function Plans({ plans }: { plans: SubscriptionView[] }) {
  const { user } = useSession();
  if (plans.length === 0) {
    return (
      <EmptyState
        icon={<Repeat />}
        title={TEXTS.emptyTitle}
        text={user?.userType === 'tradesperson' ? TEXTS.emptyTradesperson : TEXTS.emptyCustomer}
      />
    );
  }
  const groups = new Map<PlanGroup, SubscriptionView[]>();
  for (const plan of plans) {
    const group = groupOf(plan);
    groups.set(group, [...(groups.get(group) ?? []), plan]);
  }
  return (
    <>
      {GROUP_ORDER.filter((g) => groups.has(g)).map((group) => (
        <Group key={group} id={`plans-${group}`} title={GROUP_TITLES[group]}>
          {groups.get(group)!.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </Group>
      ))}
    </>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
