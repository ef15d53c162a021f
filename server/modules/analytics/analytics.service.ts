import type {
  AnalyticsFigures,
  AnalyticsView,
  Compared,
  ComparedOrNone,
  SeriesPoint,
} from '../../../domain/analytics/api';
import { jobCategoriesForTrade } from '../../../domain/analytics/area';
import {
  type AnalyticsPeriod,
  bucketsOf,
  type DayRange,
  periodRanges,
  sumIntoBuckets,
  ukDay,
} from '../../../domain/analytics/periods';
import { FAST_QUOTE_HOURS, suggestionsFor } from '../../../domain/analytics/suggestions';

import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { type AnalyticsRows, type Area, analyticsRows, tradespersonBase } from './analytics.repository';

export interface AnalyticsDeps {
  db: Database;
  clock: Clock;
}

/**
 * How long a tradesperson's figures for a period are kept on this instance. They are about whole days
 * up to now, read by one person: 30 seconds behind is not noticeable, and a dashboard opened again
 * and again (or a period switched back and forth) reads the database once.
 */
export const ANALYTICS_CACHE_MS = 30_000;

interface Kept {
  at: number;
  view: Promise<AnalyticsView>;
}
const keptByApp = new WeakMap<AnalyticsDeps, Map<string, Kept>>();

/** GET /analytics: the signed-in tradesperson's figures; anyone else is told there is nothing here. */
export async function tradespersonAnalytics(
  deps: AnalyticsDeps,
  auth: AuthContext,
  period: AnalyticsPeriod,
): Promise<AnalyticsView> {
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  const now = deps.clock.now().getTime();
  const today = ukDay(new Date(now));
  let kept = keptByApp.get(deps);
  if (!kept) {
    kept = new Map();
    keptByApp.set(deps, kept);
  }
  const key = `${auth.user.id} ${period} ${today}`;
  const found = kept.get(key);
  if (found && now - found.at < ANALYTICS_CACHE_MS) return found.view;
  for (const [k, v] of kept) if (now - v.at >= ANALYTICS_CACHE_MS) kept.delete(k);
  const view = readAnalytics(deps, auth.user.id, period, today);
  const entry = { at: now, view };
  kept.set(key, entry);
  // A failed read is not kept: the next request tries again.
  view.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return view;
}

async function areaOf(deps: AnalyticsDeps, tradespersonId: string): Promise<Area | null> {
  const base = await tradespersonBase(deps.db, tradespersonId);
  if (!base || base.lat === null || base.lng === null || !base.trade) return null;
  const categories = jobCategoriesForTrade(base.trade);
  if (categories.length === 0) return null;
  return { lat: base.lat, lng: base.lng, radiusMiles: base.radiusMiles, categories };
}

async function readAnalytics(
  deps: AnalyticsDeps,
  tradespersonId: string,
  period: AnalyticsPeriod,
  today: string,
): Promise<AnalyticsView> {
  const ranges = periodRanges(period, today);
  const area = await areaOf(deps, tradespersonId);
  const rows = await analyticsRows(deps.db, tradespersonId, ranges, area, FAST_QUOTE_HOURS * 60);
  const figures = figuresOf(rows, ranges);
  const areaView = rows.area
    ? { quotes: rows.area.quotes, fast: rows.area.fast, slow: rows.area.slow }
    : null;
  return {
    period,
    current: ranges.current,
    previous: ranges.previous,
    figures,
    area: areaView,
    series: seriesOf(rows, period, ranges.current),
    suggestions: suggestionsFor(period, figures, areaView),
  };
}

/** Each row's value added into the bucket holding its day. */
const summed = <T extends { day: string }>(buckets: DayRange[], list: T[], value: (row: T) => number) =>
  sumIntoBuckets(
    buckets,
    list.map((row) => ({ day: row.day, value: value(row) })),
  );

const ratio = (top: number, bottom: number) => (bottom === 0 ? null : top / bottom);

function figuresOf(rows: AnalyticsRows, ranges: { current: DayRange; previous: DayRange }): AnalyticsFigures {
  const over = <T extends { day: string }>(list: T[], value: (row: T) => number): Compared => {
    const [previous, current] = summed([ranges.previous, ranges.current], list, value);
    return { current: current!, previous: previous! };
  };
  const won = over(rows.quotes, (r) => r.won);
  const decided = over(rows.quotes, (r) => r.decided);
  const reviewCount = over(rows.reviews, (r) => r.count);
  const ratingTotal = over(rows.reviews, (r) => r.total);
  const compared = (top: Compared, bottom: Compared): ComparedOrNone => ({
    current: ratio(top.current, bottom.current),
    previous: ratio(top.previous, bottom.previous),
  });
  return {
    profileViews: over(rows.counters, (r) => r.views),
    searchAppearances: over(rows.counters, (r) => r.appearances),
    quotesSent: over(rows.quotes, (r) => r.sent),
    quotesWon: won,
    quotesDecided: decided,
    winRate: compared(won, decided),
    medianResponseMinutes: rows.medianResponseMinutes,
    areaMedianResponseMinutes: rows.area?.medianFirstQuoteMinutes ?? { current: null, previous: null },
    jobsCompleted: rows.jobsCompleted,
    earningsPence: over(rows.earnings, (r) => r.pence),
    averageRating: compared(ratingTotal, reviewCount),
    reviewCount,
    repeatCustomers: rows.repeatCustomers,
    completedWithoutReview: rows.completedWithoutReview,
  };
}

function seriesOf(rows: AnalyticsRows, period: AnalyticsPeriod, range: DayRange): SeriesPoint[] {
  const buckets = bucketsOf(period, range);
  const sum = <T extends { day: string }>(list: T[], value: (row: T) => number) =>
    summed(buckets, list, value);
  const views = sum(rows.counters, (r) => r.views);
  const appearances = sum(rows.counters, (r) => r.appearances);
  const sent = sum(rows.quotes, (r) => r.sent);
  const won = sum(rows.quotes, (r) => r.won);
  const earnings = sum(rows.earnings, (r) => r.pence);
  const reviewCount = sum(rows.reviews, (r) => r.count);
  const ratingTotal = sum(rows.reviews, (r) => r.total);
  return buckets.map((b, i) => ({
    start: b.start,
    end: b.end,
    profileViews: views[i]!,
    searchAppearances: appearances[i]!,
    quotesSent: sent[i]!,
    quotesWon: won[i]!,
    earningsPence: earnings[i]!,
    reviewCount: reviewCount[i]!,
    averageRating: ratio(ratingTotal[i]!, reviewCount[i]!),
  }));
}
