import { ADMIN_LIMITS } from '@domain/admin/messages';
import { formatPence } from '@domain/payments/money';
import { FileCheck2, Flag, type LucideIcon, PiggyBank, Scale, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ErrorState } from '@/components/ui/list-states';
import { formatCount, plural, weekLongLabel } from '@/lib/format';
import { type AdminOverview, useAdminOverview } from './api';
import { WEEKLY_CHART_HEIGHT } from './chart-size';
import { SupportCharts } from './support-charts';

// The charts and their library arrive in their own chunk, after the counts: nothing else needs them.
const WeeklyChart = lazy(() => import('./weekly-chart'));

type Tile = { label: string; value: string; note: string; to: string; icon: LucideIcon };

function tilesOf({ counts }: AdminOverview): Tile[] {
  return [
    {
      label: 'Pending verifications',
      value: formatCount(counts.pendingVerifications),
      note: counts.pendingVerifications === 0 ? 'Nothing to review' : 'Documents waiting for review',
      to: '/admin/verifications',
      icon: FileCheck2,
    },
    {
      label: 'Reported reviews',
      value: formatCount(counts.reportedReviews),
      note: counts.reportedReviews === 0 ? 'Nothing to decide' : 'Waiting for a decision',
      to: '/admin/reviews',
      icon: Flag,
    },
    {
      label: 'Open disputes',
      value: formatCount(counts.openDisputes),
      note: counts.openDisputes === 0 ? 'None open' : 'Waiting for a decision',
      to: '/admin/disputes',
      icon: Scale,
    },
    {
      label: 'Users',
      value: formatCount(counts.users),
      note: 'Accounts in all',
      to: '/admin/users',
      icon: Users,
    },
    {
      label: 'Payments held',
      value: formatPence(counts.heldPence),
      note: `In escrow on ${plural(counts.heldPayments, 'payment')}`,
      to: '/admin/payments',
      icon: PiggyBank,
    },
  ];
}

const TILE =
  'flex min-h-[8.5rem] flex-col justify-between gap-3 rounded-xl border border-border bg-card p-4 shadow-sm';

/** /admin: live counts that lead to each part of the console, and the last 12 weeks at a glance. */
export function AdminDashboard() {
  const overview = useAdminOverview();
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Admin Dashboard"
        description="What needs attention now, and how the last 12 weeks went."
      />
      {overview.isPending ? (
        <DashboardSkeleton />
      ) : overview.isError ? (
        <ErrorState text="We could not load the dashboard." onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Tiles overview={overview.data} />
          <WeeklyCharts weeks={overview.data.weeks} />
        </>
      )}
      {/* Its own request: the counts do not wait for it, nor fail with it. */}
      <SupportCharts />
    </div>
  );
}

function Tiles({ overview }: { overview: AdminOverview }) {
  return (
    <section aria-label="Counts">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tilesOf(overview).map(({ label, value, note, to, icon: Icon }) => (
          <li key={to} className="flex">
            <Link
              to={to}
              className={`${TILE} w-full transition-colors hover:border-primary/60 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring`}
            >
              <span className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
                {label}
                <Icon className="size-4 shrink-0" aria-hidden="true" />
              </span>
              <span className="min-w-0">
                <span className="block truncate text-xl font-bold text-foreground sm:text-2xl" data-count>
                  {value}
                </span>
                <span className="block text-xs text-muted-foreground">{note}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Series = {
  id: string;
  title: string;
  column: string;
  value: (week: AdminOverview['weeks'][number]) => number;
  /** For the summary, the table and the bars' tooltips. */
  format: (value: number) => string;
  /** For the axis, where room is short. */
  axis: (value: number) => string;
  total: (total: number) => string;
};

const SERIES: Series[] = [
  {
    id: 'signups',
    title: 'Sign-ups per week',
    column: 'Sign-ups',
    value: (w) => w.signUps,
    format: formatCount,
    axis: formatCount,
    total: (n) => `${plural(n, 'sign-up')} in the last ${ADMIN_LIMITS.chartWeeks} weeks`,
  },
  {
    id: 'jobs',
    title: 'Jobs posted per week',
    column: 'Jobs posted',
    value: (w) => w.jobsPosted,
    format: formatCount,
    axis: formatCount,
    total: (n) => `${plural(n, 'job')} posted in the last ${ADMIN_LIMITS.chartWeeks} weeks`,
  },
  {
    id: 'paid',
    title: 'Money paid per week',
    column: 'Paid',
    value: (w) => w.paidPence,
    format: (pence) => formatPence(pence),
    axis: (pence) => formatPence(pence, 0),
    total: (pence) => `${formatPence(pence)} paid in the last ${ADMIN_LIMITS.chartWeeks} weeks`,
  },
];

/** Three small charts for the eyes, each with a one-line total and a table for screen readers. */
function WeeklyCharts({ weeks }: { weeks: AdminOverview['weeks'] }) {
  return (
    <section aria-labelledby="weekly-heading" className="space-y-3">
      <h2 id="weekly-heading" className="text-xl font-semibold">
        The last {ADMIN_LIMITS.chartWeeks} weeks
      </h2>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {SERIES.map((series) => (
          <WeeklyFigure key={series.id} series={series} weeks={weeks} />
        ))}
      </div>
    </section>
  );
}

function WeeklyFigure({ series, weeks }: { series: Series; weeks: AdminOverview['weeks'] }) {
  const points = weeks.map((w) => ({ weekStart: w.weekStart, value: series.value(w) }));
  const total = points.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  const headingId = `weekly-${series.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-border bg-card p-4">
      <h3 id={headingId} className="font-semibold">
        {series.title}
      </h3>
      <p className="mt-0.5 text-sm text-muted-foreground">{series.total(total)}</p>
      <div className="mt-3" style={{ minHeight: WEEKLY_CHART_HEIGHT }}>
        {points.length === 0 ? (
          <p
            className="flex items-center justify-center rounded-lg bg-muted text-sm text-muted-foreground"
            style={{ height: WEEKLY_CHART_HEIGHT }}
          >
            No figures yet
          </p>
        ) : (
          <Suspense fallback={<ChartPlaceholder />}>
            <WeeklyChart points={points} formatValue={series.axis} />
          </Suspense>
        )}
      </div>
      {/* In a clipped box: a table ignores the 1 px width of sr-only and would widen a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{series.title}</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">{series.column}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.weekStart}>
                <th scope="row">{weekLongLabel(p.weekStart)}</th>
                <td>{series.format(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ChartPlaceholder() {
  return (
    <div
      aria-hidden="true"
      style={{ height: WEEKLY_CHART_HEIGHT }}
      className="animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
    />
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="space-y-8">
      <span className="sr-only">Loading the dashboard…</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <div key={key} className={TILE}>
            <div className="h-4 w-24 animate-pulse rounded bg-muted motion-reduce:animate-none" />
            <div className="h-7 w-16 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="space-y-3">
        <div className="h-7 w-40 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {['a', 'b', 'c'].map((key) => (
            <div
              key={key}
              style={{ height: WEEKLY_CHART_HEIGHT + 90 }}
              className="animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
            />
          ))}
        </div>
      </div>
    </div>
  );
}
