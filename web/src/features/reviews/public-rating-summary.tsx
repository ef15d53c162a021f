import type { ReviewsSummary } from '@domain/discovery/api';
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { RatingDistribution, reviewsText } from './rating-distribution';
import { Stars } from './review-item';

const ROWS = [5, 4, 3, 2, 1] as const;

/**
 * The rating at a glance: the one rating with its stars and count beside the distribution (stacked on
 * a phone). Without a published review there is nothing to chart: 'New on TradeNest'.
 */
export function RatingSummaryPanel({ summary }: { summary: ReviewsSummary }) {
  if (summary.reviewCount === 0) {
    return (
      <div className="rounded-xl border border-border bg-card p-4 text-card-foreground sm:p-5">
        <p className="font-semibold">{REVIEW_MESSAGES.newOnTradeNest}</p>
        <p className="mt-1 text-sm text-muted-foreground">No reviews have been published yet.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground sm:flex-row sm:items-center sm:gap-8 sm:p-5">
      <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-start sm:gap-1">
        <p className="text-4xl font-bold tabular-nums" aria-hidden="true">
          {summary.rating.toFixed(1)}
        </p>
        <div className="space-y-0.5">
          <Stars rating={summary.rating} />
          <p className="text-sm text-muted-foreground">{reviewsText(summary.reviewCount)}</p>
        </div>
      </div>
      <RatingDistribution distribution={summary.distribution} className="min-w-0 flex-1" />
    </div>
  );
}

/** The panel's place while it loads: the same height, so nothing below it moves when it arrives. */
export function RatingSummarySkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center sm:gap-8 sm:p-5"
    >
      <div className="h-10 w-24 shrink-0 animate-pulse rounded bg-muted motion-reduce:animate-none" />
      <div className="flex-1 space-y-1.5">
        {ROWS.map((stars) => (
          <div key={stars} className="h-5 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        ))}
      </div>
    </div>
  );
}
