import { FileText, Search } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { LoadFailedCard } from '@/components/ui/list-states';
import { greeting } from '@/features/accounts';
import { RepeatCustomersCard } from '@/features/subscriptions';
import { ActiveJobs, ActiveJobsSkeleton } from './active-jobs';
import { useDashboard } from './api';
import { RecentQuotes } from './recent-quotes';
import { SetupReminder } from './setup-reminder';
import { StatCards, StatCardsSkeleton } from './stat-cards';

/** The tradesperson dashboard (spec section 2), from GET /tradesperson/dashboard. */
export function TradespersonDashboard({ userId, name }: { userId: string; name: string | null }) {
  const query = useDashboard();

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
          {name && <p className="mt-1 truncate text-muted-foreground">{greeting(userId, name)}</p>}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <LinkButton to="/browse" icon={Search}>
            Find Jobs
          </LinkButton>
          <LinkButton to="/manage-quotes" icon={FileText} variant="outline">
            My Quotes
          </LinkButton>
        </div>
      </header>

      <SetupReminder />

      <p role="status" className="sr-only">
        {query.isPending ? 'Loading your dashboard…' : query.data ? 'Dashboard loaded' : ''}
      </p>

      {!query.isPending && !query.data ? (
        <LoadFailedCard what="your dashboard" query={query} />
      ) : (
        <>
          <section aria-label="Your figures" aria-busy={query.isPending}>
            {query.data ? <StatCards stats={query.data.stats} /> : <StatCardsSkeleton />}
          </section>

          <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
            <section aria-labelledby="active-jobs-heading" aria-busy={query.isPending}>
              <h2 id="active-jobs-heading" className="mb-3 text-xl font-semibold">
                Active Jobs
              </h2>
              {query.data ? <ActiveJobs bookings={query.data.activeJobs} /> : <ActiveJobsSkeleton />}
            </section>
            <section aria-labelledby="recent-quotes-heading" aria-busy={query.isPending}>
              <h2 id="recent-quotes-heading" className="mb-3 text-xl font-semibold">
                Recent Quotes
              </h2>
              {query.data ? (
                <RecentQuotes quotes={query.data.recentQuotes} />
              ) : (
                <div
                  aria-hidden="true"
                  className="h-80 animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
                />
              )}
            </section>
          </div>
          {/* Below the lists, so it appears with them rather than being pushed down as they fill. */}
          {query.data && (
            <section aria-labelledby="repeat-customers-heading">
              <RepeatCustomersCard />
            </section>
          )}
        </>
      )}
    </div>
  );
}
