import type { Suggestion } from '@domain/analytics/api';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, addDays, PERIOD_LABELS } from '@domain/analytics/periods';
import { Lightbulb } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { LoadFailedCard } from '@/components/ui/list-states';
import { formatDateOnly } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAnalytics } from './api';
import { ANALYTICS_CHART_HEIGHT } from './chart-size';
import { CHART_IDS, Charts } from './charts';
import { FigureCards, FigureCardsSkeleton } from './figure-cards';

const isPeriod = (value: string | null): value is AnalyticsPeriod =>
  ANALYTICS_PERIODS.includes(value as AnalyticsPeriod);

/** 30 days, 90 days or 12 months, kept in the URL (?period=90d) so a link or a reload keeps it. */
function PeriodPicker({
  period,
  onChange,
}: {
  period: AnalyticsPeriod;
  onChange: (p: AnalyticsPeriod) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 rounded-lg border border-border bg-muted p-1">
      <legend className="sr-only">Period</legend>
      {ANALYTICS_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={p === period}
          onClick={() => onChange(p)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            p === period ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {PERIOD_LABELS[p]}
        </button>
      ))}
    </fieldset>
  );
}

function Suggestions({ suggestions }: { suggestions: Suggestion[] }) {
  if (suggestions.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No suggestions for this period: they appear when your figures and your area's have enough behind them.
      </p>
    );
  return (
    <ul className="space-y-3">
      {suggestions.map((s) => (
        <li key={s.kind} className="flex gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
          <Lightbulb className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-medium">{s.text}</p>
            <p className="mt-1 text-sm text-muted-foreground">{s.basis}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ChartsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {CHART_IDS.map((id) => (
        <div key={id} className="rounded-xl border border-border p-4">
          <div className="h-6 w-40 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          <div
            style={{ height: ANALYTICS_CHART_HEIGHT + 76 }}
            className="mt-3 animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
          />
        </div>
      ))}
    </div>
  );
}

/** The chart a link named (#quotes from the dashboard) gets focus and scrolls into view once it is there. */
function useFocusChart(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !CHART_IDS.includes(hash.slice(1) as (typeof CHART_IDS)[number])) return;
    const section = document.getElementById(hash.slice(1));
    section?.focus({ preventScroll: true });
    section?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}

/** The tradesperson's analytics (issue 37): their figures over a period against the one before. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: AnalyticsPeriod = isPeriod(asked) ? asked : '30d';
  const query = useAnalytics(period);
  // The figures on screen are the chosen period's (not the last one's, kept while it loads).
  const view = query.data?.period === period ? query.data : undefined;
  useFocusChart(view !== undefined);
  const choose = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        current.set('period', next);
        return current;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
          <p className="mt-1 text-muted-foreground">
            {view
              ? `${formatDateOnly(view.current.start, 'short')} to ${formatDateOnly(addDays(view.current.end, -1), 'short')}, against the ${PERIOD_LABELS[period]} before`
              : `The last ${PERIOD_LABELS[period]}, against the ${PERIOD_LABELS[period]} before`}
          </p>
        </div>
        <PeriodPicker period={period} onChange={choose} />
      </header>

      <p role="status" className="sr-only">
        {view
          ? `Figures for the last ${PERIOD_LABELS[period]} loaded`
          : query.isError
            ? ''
            : 'Loading your figures…'}
      </p>

      {query.isError && !view ? (
        <LoadFailedCard what="your figures" query={query} />
      ) : (
        <>
          <section aria-label="Your figures" aria-busy={!view}>
            {view ? <FigureCards view={view} period={period} /> : <FigureCardsSkeleton />}
          </section>
          <section aria-labelledby="suggestions-heading" aria-busy={!view}>
            <h2 id="suggestions-heading" className="mb-3 text-xl font-semibold">
              Suggestions
            </h2>
            {view ? (
              <Suggestions suggestions={view.suggestions} />
            ) : (
              <div
                aria-hidden="true"
                className="h-20 animate-pulse rounded-xl bg-muted motion-reduce:animate-none"
              />
            )}
          </section>
          {view ? <Charts view={view} /> : <ChartsSkeleton />}
        </>
      )}
    </div>
  );
}
