import { z } from 'zod';
import { CalendarDate, ServerText } from '../fields';
import { ANALYTICS_PERIODS } from './periods';

// The analytics API's contract (docs/api/analytics.md), shared by the route and the web app.

export const AnalyticsQuery = z.object({ period: z.enum(ANALYTICS_PERIODS).default('30d') });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Range = z.object({ start: CalendarDate, end: CalendarDate });

/** A count in the period and in the one before it. */
const Compared = z.object({ current: z.number(), previous: z.number() });
/** A figure that needs data to exist (a rate, a median, an average): null when there was none. */
const ComparedOrNone = z.object({ current: z.number().nullable(), previous: z.number().nullable() });
export type Compared = z.infer<typeof Compared>;
export type ComparedOrNone = z.infer<typeof ComparedOrNone>;

export const AnalyticsFigures = z.object({
  profileViews: Compared,
  searchAppearances: Compared,
  quotesSent: Compared,
  /** Of the quotes sent in the period: accepted, and decided (accepted or rejected). */
  quotesWon: Compared,
  quotesDecided: Compared,
  /** quotesWon ÷ quotesDecided, 0 to 1. */
  winRate: ComparedOrNone,
  /** Median minutes from a job's posting to this tradesperson's quote on it. */
  medianResponseMinutes: ComparedOrNone,
  /** Median minutes from a job's posting to its first quote, over the jobs in their area. */
  areaMedianResponseMinutes: ComparedOrNone,
  jobsCompleted: Compared,
  earningsPence: Compared,
  averageRating: ComparedOrNone,
  reviewCount: Compared,
  repeatCustomers: Compared,
  /** Jobs completed in the period whose customer has not reviewed them. */
  completedWithoutReview: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFigures>;

const Outcomes = z.object({ decided: z.number().int(), won: z.number().int() });
export type Outcomes = z.infer<typeof Outcomes>;

/** Every tradesperson's quotes on the jobs of their area posted in the period; null without an area. */
export const AreaFigures = z.object({
  quotes: Outcomes,
  /** Quotes sent within FAST_QUOTE_HOURS of the job's posting, and the later ones. */
  fast: Outcomes,
  slow: Outcomes,
});
export type AreaFigures = z.infer<typeof AreaFigures>;

export const SeriesPoint = z.object({
  start: CalendarDate,
  end: CalendarDate,
  profileViews: z.number().int(),
  searchAppearances: z.number().int(),
  quotesSent: z.number().int(),
  quotesWon: z.number().int(),
  earningsPence: z.number().int(),
  reviewCount: z.number().int(),
  averageRating: z.number().nullable(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const Suggestion = z.object({
  kind: z.enum(['response_time', 'profile_views', 'win_rate', 'ask_for_reviews']),
  text: ServerText,
  /** The numbers the suggestion stands on. */
  basis: ServerText,
});
export type Suggestion = z.infer<typeof Suggestion>;

export const AnalyticsView = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  current: Range,
  previous: Range,
  figures: AnalyticsFigures,
  area: AreaFigures.nullable(),
  /** One point per day (30 days), week (90 days) or month (12 months). */
  series: z.array(SeriesPoint).max(31),
  suggestions: z.array(Suggestion).max(4),
});
export type AnalyticsView = z.infer<typeof AnalyticsView>;
