// The periods a tradesperson's figures cover, in UK calendar days (docs/api/analytics.md).
import { londonToday } from '../marketplace/ages';

export const ANALYTICS_PERIODS = ['30d', '90d', '12m'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};

/** How a period's chart is cut: a point per day for 30 days, per week for 90, per month for 12 months. */
export const PERIOD_BUCKETS: Record<AnalyticsPeriod, 'day' | 'week' | 'month'> = {
  '30d': 'day',
  '90d': 'week',
  '12m': 'month',
};

/** Days [start, end): `end` is the day after the last one counted. Dates are 'YYYY-MM-DD'. */
export interface DayRange {
  start: string;
  end: string;
}

export interface PeriodRanges {
  current: DayRange;
  /** The same length, ending where the current one starts. */
  previous: DayRange;
}

const DAY_MS = 86_400_000;

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => toDate(toTime(date) + days * DAY_MS);

/** The same day `months` later (or earlier), on the month's last day when it is shorter (31 Mar − 1 month = 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toDate(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, lastDay)));
}

export const daysBetween = (start: string, end: string): number =>
  Math.round((toTime(end) - toTime(start)) / DAY_MS);

/** A date's UK calendar day: what "today" and a counter's day mean everywhere in analytics. */
export const ukDay = (at: Date): string => londonToday(at);

/** Where a period starts when it ends on `end` (exclusive). */
function periodStart(period: AnalyticsPeriod, end: string): string {
  if (period === '30d') return addDays(end, -30);
  if (period === '90d') return addDays(end, -90);
  return addMonths(end, -12);
}

/** The period up to and including UK `today`, and the one before it. */
export function periodRanges(period: AnalyticsPeriod, today: string): PeriodRanges {
  const end = addDays(today, 1);
  const start = periodStart(period, end);
  return { current: { start, end }, previous: { start: periodStart(period, start), end: start } };
}

/**
 * The chart's buckets over a range, each [start, end): days, weeks of 7 days counted from the range's
 * start (the last one shorter when the range is not whole weeks), or months counted from its start.
 */
export function bucketsOf(period: AnalyticsPeriod, range: DayRange): DayRange[] {
  const unit = PERIOD_BUCKETS[period];
  // Months are counted from the range's start each time, so a start on the 31st does not drift to the 28th.
  const next = (date: string) =>
    unit === 'day'
      ? addDays(date, 1)
      : unit === 'week'
        ? addDays(date, 7)
        : addMonths(range.start, monthsFrom(range.start, date) + 1);
  const buckets: DayRange[] = [];
  for (let start = range.start; start < range.end; ) {
    const end = next(start);
    const last = end >= range.end;
    buckets.push({ start, end: last ? range.end : end });
    start = end;
  }
  return buckets;
}

function monthsFrom(start: string, date: string): number {
  const [ys, ms] = start.split('-').map(Number) as [number, number];
  const [yd, md] = date.split('-').map(Number) as [number, number];
  return (yd - ys) * 12 + (md - ms);
}

/** Adds each day's value into the bucket holding that day; days outside the range are left out. */
export function sumIntoBuckets(buckets: DayRange[], days: { day: string; value: number }[]): number[] {
  const sums = buckets.map(() => 0);
  for (const { day, value } of days) {
    const i = buckets.findIndex((b) => day >= b.start && day < b.end);
    if (i >= 0) sums[i]! += value;
  }
  return sums;
}

/** The change from `previous` to `current` as a whole percentage; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
