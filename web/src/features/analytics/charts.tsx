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

/** The busiest point, in words, for the summary: 'most on 16 Mar to 22 Mar (4)'. */
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

function EmptyChart({ text, link }: { text: string; link?: { to: string; label: string } }) {
  return (
    <>
      <p>{text}</p>
      {link && (
        <Link to={link.to} className="font-medium text-primary underline underline-offset-4">
          {link.label}
        </Link>
      )}
    </>
  );
}

/** The five charts of the period, each with its summary, table and empty state. */
export function Charts({ view }: { view: AnalyticsView }) {
  const { series, period } = view;
  const last = `the last ${PERIOD_LABELS[period]}`;
  const rows = (cells: (p: SeriesPoint) => string[]) =>
    series.map((p) => ({ key: p.start, cells: [pointDates(p, period), ...cells(p)] }));
  const views = sum(series, (p) => p.profileViews);
  const appearances = sum(series, (p) => p.searchAppearances);
  const sent = sum(series, (p) => p.quotesSent);
  const won = sum(series, (p) => p.quotesWon);
  const earned = sum(series, (p) => p.earningsPence);
  const reviews = sum(series, (p) => p.reviewCount);
  const pounds = (pence: number) => formatPence(pence, 0);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartSection
        id="views"
        title="Profile views"
        summary={
          views
            ? `${plural(views, 'view')} in ${last}, ${busiest(series, period, (p) => p.profileViews, formatCount)}.`
            : ''
        }
        points={points(
          series,
          period,
          (p) => p.profileViews,
          (n) => plural(n, 'view'),
        )}
        formatValue={formatCount}
        table={{ headings: ['Dates', 'Views'], rows: rows((p) => [formatCount(p.profileViews)]) }}
        empty={
          views ? null : (
            <EmptyChart
              text={`No one has opened your profile in ${last}. Photos of your work and your specialties help customers find you.`}
              link={{ to: '/edit-tradesperson-profile', label: 'Edit your profile' }}
            />
          )
        }
      />
      <ChartSection
        id="appearances"
        title="Search appearances"
        summary={
          appearances
            ? `${plural(appearances, 'appearance')} in search results in ${last}, ${busiest(series, period, (p) => p.searchAppearances, formatCount)}.`
            : ''
        }
        points={points(
          series,
          period,
          (p) => p.searchAppearances,
          (n) => plural(n, 'appearance'),
        )}
        formatValue={formatCount}
        table={{ headings: ['Dates', 'Appearances'], rows: rows((p) => [formatCount(p.searchAppearances)]) }}
        empty={
          appearances ? null : (
            <EmptyChart
              text={`You have not appeared in a search in ${last}. Verified tradespeople with a base postcode and service areas show up in searches.`}
              link={{ to: '/tradesperson/setup', label: 'Check your Business Setup' }}
            />
          )
        }
      />
      <ChartSection
        id="quotes"
        title="Quotes sent and won"
        summary={
          sent
            ? `${plural(sent, 'quote')} sent in ${last}, ${formatCount(won)} won; the darker part of each bar is the quotes won.`
            : ''
        }
        points={points(
          series,
          period,
          (p) => p.quotesSent,
          (n) => plural(n, 'quote'),
          (p) => p.quotesWon,
        ).map((p, i) => ({ ...p, title: `${p.title}, ${formatCount(series[i]!.quotesWon)} won` }))}
        formatValue={formatCount}
        table={{
          headings: ['Dates', 'Sent', 'Won'],
          rows: rows((p) => [formatCount(p.quotesSent), formatCount(p.quotesWon)]),
        }}
        empty={
          sent ? null : (
            <EmptyChart
              text={`No quotes sent in ${last}.`}
              link={{ to: '/browse', label: 'Send your first quote from Find Jobs' }}
            />
          )
        }
      />
      <ChartSection
        id="earnings"
        title="Earnings released"
        summary={
          earned
            ? `${formatPence(earned, 2)} released to you in ${last} after the fee, ${busiest(
                series,
                period,
                (p) => p.earningsPence,
                (n) => formatPence(n, 2),
              )}.`
            : ''
        }
        points={points(
          series,
          period,
          (p) => p.earningsPence,
          (n) => formatPence(n, 2),
        )}
        formatValue={pounds}
        table={{ headings: ['Dates', 'Released'], rows: rows((p) => [formatPence(p.earningsPence, 2)]) }}
        empty={
          earned ? null : (
            <EmptyChart
              text={`Nothing released to you in ${last}. Payments are released to you 7 days after the customer pays for a completed job.`}
              link={{ to: '/my-jobs', label: 'See your bookings' }}
            />
          )
        }
      />
      <ChartSection
        id="reviews"
        title="Reviews and rating"
        summary={
          reviews
            ? `${plural(reviews, 'review')} in ${last}, averaging ${view.figures.averageRating.current?.toFixed(1)} stars.`
            : ''
        }
        points={points(
          series,
          period,
          (p) => p.reviewCount,
          (n) => plural(n, 'review'),
        ).map((p, i) => {
          const rating = series[i]!.averageRating;
          return rating === null ? p : { ...p, title: `${p.title}, average ${rating.toFixed(1)} stars` };
        })}
        formatValue={formatCount}
        table={{
          headings: ['Dates', 'Reviews', 'Average rating'],
          rows: rows((p) => [
            formatCount(p.reviewCount),
            p.averageRating === null ? '—' : p.averageRating.toFixed(1),
          ]),
        }}
        empty={
          reviews ? null : (
            <EmptyChart
              text={`No reviews in ${last}. Customers can review a job once it is complete and paid: ask them to.`}
              link={{ to: '/my-jobs', label: 'See your bookings' }}
            />
          )
        }
      />
    </div>
  );
}
