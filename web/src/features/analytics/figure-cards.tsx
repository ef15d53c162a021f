import type { AnalyticsView } from '@domain/analytics/api';
import type { AnalyticsPeriod } from '@domain/analytics/periods';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '@domain/payments/money';
import { formatCount, plural } from '@/lib/format';
import { type Change, changeOf, durationText, percentText } from './analytics-format';

interface Figure {
  label: string;
  value: string;
  change: Change;
  note?: string;
}

const CARD = 'flex min-h-[9rem] flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm';

function figuresOf({ figures: f }: AnalyticsView, period: AnalyticsPeriod): Figure[] {
  const area = f.areaMedianResponseMinutes.current;
  return [
    {
      label: 'Profile views',
      value: formatCount(f.profileViews.current),
      change: changeOf(f.profileViews, period, 'count'),
    },
    {
      label: 'Search appearances',
      value: formatCount(f.searchAppearances.current),
      change: changeOf(f.searchAppearances, period, 'count'),
    },
    {
      label: 'Quotes sent',
      value: formatCount(f.quotesSent.current),
      change: changeOf(f.quotesSent, period, 'count'),
    },
    {
      label: 'Quote win rate',
      value: f.winRate.current === null ? '—' : percentText(f.winRate.current),
      change: changeOf(f.winRate, period, 'rate'),
      note: `${formatCount(f.quotesWon.current)} won of ${plural(f.quotesDecided.current, 'decided quote')}`,
    },
    {
      label: 'Median time to quote',
      value: f.medianResponseMinutes.current === null ? '—' : durationText(f.medianResponseMinutes.current),
      change: changeOf(f.medianResponseMinutes, period, 'duration'),
      note: area === null ? undefined : `Your area's first quotes: ${durationText(area)}`,
    },
    {
      label: 'Jobs completed',
      value: formatCount(f.jobsCompleted.current),
      change: changeOf(f.jobsCompleted, period, 'count'),
    },
    {
      label: 'Earnings released',
      value: formatPence(f.earningsPence.current, 2),
      change: changeOf(f.earningsPence, period, 'count'),
      note: `After the ${PLATFORM_FEE_BASIS_POINTS / 100}% fee`,
    },
    {
      label: 'Average rating',
      value: f.averageRating.current === null ? '—' : f.averageRating.current.toFixed(1),
      change: changeOf(f.averageRating, period, 'value'),
      note: `From ${plural(f.reviewCount.current, 'review')}`,
    },
    {
      label: 'Repeat customers',
      value: formatCount(f.repeatCustomers.current),
      change: changeOf(f.repeatCustomers, period, 'count'),
      note: 'Booked you again',
    },
  ];
}

/** The period's figures, each with its change against the period before in words. */
export function FigureCards({ view, period }: { view: AnalyticsView; period: AnalyticsPeriod }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {figuresOf(view, period).map(({ label, value, change, note }) => (
        <div key={label} className={CARD}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="min-w-0">
            <span className="block truncate text-2xl font-bold" data-figure>
              {value}
            </span>
            <span className="block text-xs leading-snug">
              {change.arrow && <span aria-hidden="true">{change.arrow} </span>}
              {change.text}
            </span>
            {note && <span className="block text-xs leading-snug text-muted-foreground">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function FigureCardsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      {['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((key) => (
        <div key={key} className={CARD}>
          <div className="h-4 w-24 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          <div className="h-7 w-16 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
