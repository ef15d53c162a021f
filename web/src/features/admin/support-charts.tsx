import { ADMIN_LIMITS } from '@domain/admin/messages';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/ui/list-states';
import { formatCount, plural, weekLongLabel } from '@/lib/format';
import { type SupportMetrics, useSupportMetrics } from './api';
import { WEEKLY_CHART_HEIGHT } from './chart-size';

const WeeklyChart = lazy(() => import('./weekly-chart'));

type Week = SupportMetrics['weeks'][number];

type Series = {
  id: string;
  title: string;
  column: string;
  value: (week: Week) => number | null;
  unit: (value: number) => string;
  /** The table's words for a week with no figure. */
  none: string;
};

const round = (value: number) => Math.round(value * 10) / 10;

const SERIES: Series[] = [
  {
    id: 'first-response',
    title: 'Median first response (minutes)',
    column: 'Median first response',
    value: (w) => w.medianFirstResponseMinutes,
    unit: (v) => plural(round(v), 'minute'),
    none: 'No conversations answered',
  },
  {
    id: 'resolution',
    title: 'Median resolution time (hours)',
    column: 'Median resolution time',
    value: (w) => w.medianResolutionHours,
    unit: (v) => plural(round(v), 'hour'),
    none: 'No conversations closed',
  },
];

/** Support's response times over the last 12 weeks: two charts, each with a summary and a table. */
export function SupportCharts() {
  const metrics = useSupportMetrics();
  return (
    <section aria-labelledby="support-times-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="support-times-heading" className="text-xl font-semibold">
          Support response times
        </h2>
        <Link
          to="/admin/support"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Open the support inbox
        </Link>
      </div>
      {metrics.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <span className="sr-only">Loading support response times…</span>
          {SERIES.map((s) => (
            <div
              key={s.id}
              aria-hidden="true"
              style={{ height: WEEKLY_CHART_HEIGHT + 90 }}
              className="animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
            />
          ))}
        </div>
      ) : metrics.isError ? (
        <ErrorState text="We could not load support response times." onRetry={() => void metrics.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {SERIES.map((series) => (
            <SupportFigure key={series.id} series={series} weeks={metrics.data.weeks} />
          ))}
        </div>
      )}
    </section>
  );
}

function summary(series: Series, weeks: Week[]): string {
  const latest = weeks.findLast((w) => series.value(w) !== null);
  const value = latest && series.value(latest);
  if (!latest || value === null || value === undefined)
    return `${series.none} in the last ${ADMIN_LIMITS.chartWeeks} weeks`;
  return `${series.unit(value)} in the latest week with a figure (${weekLongLabel(latest.weekStart)})`;
}

function SupportFigure({ series, weeks }: { series: Series; weeks: Week[] }) {
  const points = weeks.map((w) => ({ weekStart: w.weekStart, value: series.value(w) ?? 0 }));
  const headingId = `support-${series.id}-heading`;
  const opened = weeks.reduce((sum, w) => sum + w.opened, 0);
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-border bg-card p-4">
      <h3 id={headingId} className="font-semibold">
        {series.title}
      </h3>
      <p className="mt-0.5 text-sm text-muted-foreground">{summary(series, weeks)}</p>
      <div className="mt-3" style={{ minHeight: WEEKLY_CHART_HEIGHT }}>
        {opened === 0 ? (
          <p
            className="flex items-center justify-center rounded-lg bg-muted text-sm text-muted-foreground"
            style={{ height: WEEKLY_CHART_HEIGHT }}
          >
            No conversations yet
          </p>
        ) : (
          <Suspense
            fallback={
              <div
                aria-hidden="true"
                style={{ height: WEEKLY_CHART_HEIGHT }}
                className="rounded-lg bg-muted"
              />
            }
          >
            <WeeklyChart points={points} formatValue={(v) => formatCount(round(v))} />
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
            {weeks.map((w) => {
              const value = series.value(w);
              return (
                <tr key={w.weekStart}>
                  <th scope="row">{weekLongLabel(w.weekStart)}</th>
                  <td>{value === null ? series.none : series.unit(value)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
