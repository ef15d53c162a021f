import type { AnalyticsFigures, AreaFigures, Outcomes, Suggestion } from './api';
import { type AnalyticsPeriod, PERIOD_LABELS } from './periods';

// Suggestions computed from a tradesperson's figures alone (docs/api/analytics.md): each rule speaks
// only when the numbers behind it are there, and says them.

/** A quote "within this many hours" of the job's posting counts as fast. */
export const FAST_QUOTE_HOURS = 4;

/** The least a comparison stands on: decided quotes in each group, views in the previous period. */
export const SUGGESTION_MINIMUMS = {
  /** Decided quotes in each of the fast and the slow group of the area. */
  areaGroupQuotes: 10,
  /** Decided quotes of the tradesperson's own, for their win rate to be compared. */
  ownDecidedQuotes: 5,
  /** Decided quotes in the area, for its win rate. */
  areaDecidedQuotes: 10,
  /** Views in the previous period, for a change to mean something. */
  previousViews: 10,
  /** The smallest change in views worth a word, in percent. */
  viewsChangePercent: 20,
  /** The smallest gap between their win rate and the area's worth a word, in percentage points. */
  winRateGapPoints: 10,
} as const;

const rate = (o: Outcomes) => (o.decided === 0 ? 0 : o.won / o.decided);
const percent = (r: number) => `${Math.round(r * 100)}%`;
const count = (n: number) => n.toLocaleString('en-GB');
const times = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** Minutes as the suggestion says them: '45 min' under an hour, '19 h' under four days, else days. */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 96) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} days`;
}

const outcomesText = (o: Outcomes) => `${count(o.won)} won of ${count(o.decided)} (${percent(rate(o))})`;

function responseTime(figures: AnalyticsFigures, area: AreaFigures | null): Suggestion | null {
  const mine = figures.medianResponseMinutes.current;
  if (mine === null || !area || mine <= FAST_QUOTE_HOURS * 60) return null;
  const { fast, slow } = area;
  const enough = SUGGESTION_MINIMUMS.areaGroupQuotes;
  if (fast.decided < enough || slow.decided < enough || slow.won === 0) return null;
  const ratio = rate(fast) / rate(slow);
  if (ratio < 1.2) return null;
  return {
    kind: 'response_time',
    text: `You answer in ${durationText(mine)} on median; tradespeople who quote within ${FAST_QUOTE_HOURS} h win ${ratio.toFixed(1)}× as often in your area.`,
    basis: `Quotes in your area within ${FAST_QUOTE_HOURS} h of the job's posting: ${outcomesText(fast)}; later quotes: ${outcomesText(slow)}.`,
  };
}

function profileViews(figures: AnalyticsFigures, period: AnalyticsPeriod): Suggestion | null {
  const { current, previous } = figures.profileViews;
  if (previous < SUGGESTION_MINIMUMS.previousViews) return null;
  const change = Math.round(((current - previous) / previous) * 100);
  if (Math.abs(change) < SUGGESTION_MINIMUMS.viewsChangePercent) return null;
  const basis = `${times(current, 'view')} in the last ${PERIOD_LABELS[period]}, ${times(previous, 'view')} in the ${PERIOD_LABELS[period]} before.`;
  if (change > 0)
    return {
      kind: 'profile_views',
      text: `Your profile views are up ${change}%: answer new jobs quickly while more customers are looking.`,
      basis,
    };
  return {
    kind: 'profile_views',
    text: `Your profile views are down ${-change}%: photos of your work, your specialties and service areas help customers find you.`,
    basis,
  };
}

function winRate(figures: AnalyticsFigures, area: AreaFigures | null): Suggestion | null {
  const decided = figures.quotesDecided.current;
  if (!area || decided < SUGGESTION_MINIMUMS.ownDecidedQuotes) return null;
  if (area.quotes.decided < SUGGESTION_MINIMUMS.areaDecidedQuotes) return null;
  const mine = figures.quotesWon.current / decided;
  const theirs = rate(area.quotes);
  const gap = Math.round((mine - theirs) * 100);
  if (Math.abs(gap) < SUGGESTION_MINIMUMS.winRateGapPoints) return null;
  const basis = `Yours: ${outcomesText({ decided, won: figures.quotesWon.current })}; your area: ${outcomesText(area.quotes)}.`;
  if (gap < 0)
    return {
      kind: 'win_rate',
      text: `You win ${percent(mine)} of your quotes against ${percent(theirs)} in your area: a clear breakdown of labour and materials and a start date help customers choose you.`,
      basis,
    };
  return {
    kind: 'win_rate',
    text: `You win ${percent(mine)} of your quotes against ${percent(theirs)} in your area: keep quoting the way you do.`,
    basis,
  };
}

function askForReviews(figures: AnalyticsFigures, period: AnalyticsPeriod): Suggestion | null {
  const waiting = figures.completedWithoutReview;
  if (waiting === 0) return null;
  return {
    kind: 'ask_for_reviews',
    text:
      figures.reviewCount.current === 0
        ? `You have no reviews from the last ${PERIOD_LABELS[period]} yet: ask the customers of your completed jobs to leave one.`
        : `Ask the customers of your completed jobs for a review: reviews help new customers choose you.`,
    basis: `${times(waiting, 'job')} completed in the last ${PERIOD_LABELS[period]} ${waiting === 1 ? 'has' : 'have'} no review from the customer yet.`,
  };
}

/** The suggestions the figures support, most useful first. */
export function suggestionsFor(
  period: AnalyticsPeriod,
  figures: AnalyticsFigures,
  area: AreaFigures | null,
): Suggestion[] {
  return [
    responseTime(figures, area),
    winRate(figures, area),
    askForReviews(figures, period),
    profileViews(figures, period),
  ].filter((s): s is Suggestion => s !== null);
}
