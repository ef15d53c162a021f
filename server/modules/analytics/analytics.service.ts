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
import {
  type AnalyticsRows,
  type Area,
  type AreaRow,
  analyticsRows,
  areaRows,
  tradespersonBase,
} from './analytics.repository';

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
/**
 * How long an area's figures are kept: every tradesperson's quotes on thousands of jobs, which a few
 * more quotes barely move, and the one costly read (docs/api/analytics.md).
 */
export const AREA_CACHE_MS = 10 * 60_000;

/**
 * Reads kept on this instance for a while, timed by the injected clock. The promise is kept, so the
 * requests that come while a read runs wait for it; a failed read is not kept.
 */
class KeptReads<T> {
  private readonly reads = new Map<string, { at: number; value: Promise<T> }>();
  constructor(private readonly ttlMs: number) {}

  get(key: string, now: number, read: () => Promise<T>): Promise<T> {
    const found = this.reads.get(key);
    if (found && now - found.at < this.ttlMs) return found.value;
    for (const [k, v] of this.reads) if (now - v.at >= this.ttlMs) this.reads.delete(k);
    const entry = { at: now, value: read() };
    this.reads.set(key, entry);
    entry.value.catch(() => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    });
    return entry.value;
  }
}

interface Kept {
  views: KeptReads<AnalyticsView>;
  areas: KeptReads<AreaRow>;
}
// Per app (its deps), not per process: two apps on one database in a test do not share answers.
const keptByApp = new WeakMap<AnalyticsDeps, Kept>();
function keptFor(deps: AnalyticsDeps): Kept {
  let kept = keptByApp.get(deps);
  if (!kept) {
    kept = { views: new KeptReads(ANALYTICS_CACHE_MS), areas: new KeptReads(AREA_CACHE_MS) };
    keptByApp.set(deps, kept);
  }
  return kept;
}

/** GET /analytics: the signed-in tradesperson's figures; anyone else is told there is nothing here. */
export async function tradespersonAnalytics(
  deps: AnalyticsDeps,
  auth: AuthContext,
  period: AnalyticsPeriod,
): Promise<AnalyticsView> {
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  const now = deps.clock.now().getTime();
  const today = ukDay(new Date(now));
  return keptFor(deps).views.get(`${auth.user.id} ${period} ${today}`, now, () =>
    readAnalytics(deps, auth.user.id, period, today, now),
  );
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
  now: number,
): Promise<AnalyticsView> {
  const ranges = periodRanges(period, today);
  const area = await areaOf(deps, tradespersonId);
  // Two statements at once (two connections on a server): their own figures, and their area's.
  const [rows, areaRow] = await Promise.all([
    analyticsRows(deps.db, tradespersonId, ranges),
    area
      ? keptFor(deps).areas.get(
          `${area.lat} ${area.lng} ${area.radiusMiles} ${area.categories} ${period} ${today}`,
          now,
          () => areaRows(deps.db, area, ranges, FAST_QUOTE_HOURS * 60),
        )
      : null,
  ]);
  const figures = figuresOf(rows, ranges, areaRow?.medianFirstQuoteMinutes ?? null);
  const areaView = areaRow ? { quotes: areaRow.quotes, fast: areaRow.fast, slow: areaRow.slow } : null;
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

function figuresOf(
  rows: AnalyticsRows,
  ranges: { current: DayRange; previous: DayRange },
  areaMedian: ComparedOrNone | null,
): AnalyticsFigures {
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
    areaMedianResponseMinutes: areaMedian ?? { current: null, previous: null },
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
