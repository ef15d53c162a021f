import type { AnalyticsView, SeriesPoint } from '@domain/analytics/api';
import { type AnalyticsPeriod, PERIOD_LABELS } from '@domain/analytics/periods';
import { formatPence } from '@domain/payments/money';
import { Link } from 'react-router';
import { formatCount, plural } from '@/lib/format';
import type { ChartPoint } from './analytics-chart';
import { pointDates, pointLabel } from './analytics-format';
import { ChartSection } from './chart-section';

/** The chart sections' anchors: the dashboard's stat cards link to #quotes, #earnings and #reviews. */
export const CHART_IDS = ['views', 'appearances', 'quotes', 'earnings', 'reviews'] as const;

const sum = (series: SeriesPoint[], pick: (p: SeriesPoint) => number) =>
  series.reduce((t, p) => t + pick(p), 0);

/** The busiest point, in words, for the summary: 'the most on 16 Mar to 22 Mar 2026 (4 views)'. */
function busiest(
  series: SeriesPoint[],
  period: AnalyticsPeriod,
  pick: (p: SeriesPoint) => number,
  say: (n: number) => string,
) {
  const top = series.reduce((best, p) => (pick(p) > pick(best) ? p : best), series[0]!);
  return `the most on ${pointDates(top, period)} (${say(pick(top))})`;
}

function points(
  series: SeriesPoint[],
  period: AnalyticsPeriod,
  pick: (p: SeriesPoint) => number,
  say: (n: number) => string,
  part?: (p: SeriesPoint) => number,
): ChartPoint[] {
  return series.map((p) => ({
    key: p.start,
    label: pointLabel(p.start),
    title: `${pointDates(p, period)}: ${say(pick(p))}`,
    value: pick(p),
    part: part?.(p),
  }));
}

function EmptyChart({ text, link }: { text: string; link: { to: string; label: string } }) {
  return (
    <>
      <p>{text}</p>
      <Link to={link.to} className="font-medium text-primary underline underline-offset-4">
        {link.label}
      </Link>
    </>
  );
}

interface ChartSpec {
  id: (typeof CHART_IDS)[number];
  title: string;
  /** The bar's height, and the part drawn darker over it. */
  value: (p: SeriesPoint) => number;
  part?: (p: SeriesPoint) => number;
  /** A value in words ('3 views'), and on the axis. */
  say: (n: number) => string;
  axis: (n: number) => string;
  /** The summary under the chart, from the period's total ('in the last 30 days' is `last`). */
  summary: (total: number, last: string, busiest: string) => string;
  /** A bar's tooltip beyond its value ('2 won'). */
  more?: (p: SeriesPoint) => string | null;
  columns: { heading: string; cell: (p: SeriesPoint) => string }[];
  /** What to do to get the first figure. */
  empty: (last: string) => { text: string; to: string; label: string };
}

const SPECS = (view: AnalyticsView): ChartSpec[] => [
  {
    id: 'views',
    title: 'Profile views',
    value: (p) => p.profileViews,
    say: (n) => plural(n, 'view'),
    axis: formatCount,
    summary: (total, last, top) => `${plural(total, 'view')} in ${last}, ${top}.`,
    columns: [{ heading: 'Views', cell: (p) => formatCount(p.profileViews) }],
    empty: (last) => ({
      text: `No one has opened your profile in ${last}. Photos of your work and your specialties help customers find you.`,
      to: '/edit-tradesperson-profile',
      label: 'Edit your profile',
    }),
  },
  {
    id: 'appearances',
    title: 'Search appearances',
    value: (p) => p.searchAppearances,
    say: (n) => plural(n, 'appearance'),
    axis: formatCount,
    summary: (total, last, top) => `${plural(total, 'appearance')} in search results in ${last}, ${top}.`,
    columns: [{ heading: 'Appearances', cell: (p) => formatCount(p.searchAppearances) }],
    empty: (last) => ({
      text: `You have not appeared in a search in ${last}. Verified tradespeople with a base postcode and service areas show up in searches.`,
      to: '/tradesperson/setup',
      label: 'Check your Business Setup',
    }),
  },
  {
    id: 'quotes',
    title: 'Quotes sent and won',
    value: (p) => p.quotesSent,
    part: (p) => p.quotesWon,
    say: (n) => plural(n, 'quote'),
    axis: formatCount,
    summary: (total, last) =>
      `${plural(total, 'quote')} sent in ${last}, ${formatCount(view.figures.quotesWon.current)} won; the darker part of each bar is the quotes won.`,
    more: (p) => `${formatCount(p.quotesWon)} won`,
    columns: [
      { heading: 'Sent', cell: (p) => formatCount(p.quotesSent) },
      { heading: 'Won', cell: (p) => formatCount(p.quotesWon) },
    ],
    empty: (last) => ({
      text: `No quotes sent in ${last}.`,
      to: '/browse',
      label: 'Send your first quote from Find Jobs',
    }),
  },
  {
    id: 'earnings',
    title: 'Earnings released',
    value: (p) => p.earningsPence,
    say: (n) => formatPence(n, 2),
    axis: (n) => formatPence(n, 0),
    summary: (total, last, top) =>
      `${formatPence(total, 2)} released to you in ${last} after the fee, ${top}.`,
    columns: [{ heading: 'Released', cell: (p) => formatPence(p.earningsPence, 2) }],
    empty: (last) => ({
      text: `Nothing released to you in ${last}. Payments are released to you 7 days after the customer pays for a completed job.`,
      to: '/my-jobs',
      label: 'See your bookings',
    }),
  },
  {
    id: 'reviews',
    title: 'Reviews and rating',
    value: (p) => p.reviewCount,
    say: (n) => plural(n, 'review'),
    axis: formatCount,
    summary: (total, last) =>
      `${plural(total, 'review')} in ${last}, averaging ${view.figures.averageRating.current?.toFixed(1)} stars.`,
    more: (p) => (p.averageRating === null ? null : `average ${p.averageRating.toFixed(1)} stars`),
    columns: [
      { heading: 'Reviews', cell: (p) => formatCount(p.reviewCount) },
      {
        heading: 'Average rating',
        cell: (p) => (p.averageRating === null ? '—' : p.averageRating.toFixed(1)),
      },
    ],
    empty: (last) => ({
      text: `No reviews in ${last}. Customers can review a job once it is complete and paid: ask them to.`,
      to: '/my-jobs',
      label: 'See your bookings',
    }),
  },
];

function SeriesChart({ view, spec }: { view: AnalyticsView; spec: ChartSpec }) {
  const { series, period } = view;
  const last = `the last ${PERIOD_LABELS[period]}`;
  const total = sum(series, spec.value);
  const empty = spec.empty(last);
  return (
    <ChartSection
      id={spec.id}
      title={spec.title}
      summary={total ? spec.summary(total, last, busiest(series, period, spec.value, spec.say)) : ''}
      points={points(series, period, spec.value, spec.say, spec.part).map((p, i) => {
        const more = spec.more?.(series[i]!);
        return more ? { ...p, title: `${p.title}, ${more}` } : p;
      })}
      formatValue={spec.axis}
      table={{
        headings: ['Dates', ...spec.columns.map((c) => c.heading)],
        rows: series.map((p) => ({
          key: p.start,
          cells: [pointDates(p, period), ...spec.columns.map((c) => c.cell(p))],
        })),
      }}
      empty={total ? null : <EmptyChart text={empty.text} link={empty} />}
    />
  );
}

/** The five charts of the period, each with its summary, table and empty state. */
export function Charts({ view }: { view: AnalyticsView }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {SPECS(view).map((spec) => (
        <SeriesChart key={spec.id} view={view} spec={spec} />
      ))}
    </div>
  );
}
