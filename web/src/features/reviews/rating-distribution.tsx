import { Star } from 'lucide-react';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

const STARS = [5, 4, 3, 2, 1] as const;

export const reviewsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;

/** '5 stars: 12 reviews', '1 star: 1 review': what a screen reader hears for one bar. */
export function distributionLabel(stars: number, count: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'}: ${reviewsText(count)}`;
}

/**
 * How many reviews gave 5, 4, 3, 2 and 1 stars (`distribution`, in that order), as five bars. Each
 * bar is one phrase for a screen reader ('5 stars: 12 reviews'); the bars' widths are shares of all
 * the reviews, so they add up to the whole.
 */
export function RatingDistribution({
  distribution,
  className,
}: {
  distribution: readonly number[];
  className?: string;
}) {
  const total = distribution.reduce((sum, count) => sum + count, 0);
  return (
    <ul aria-label="Rating distribution" className={cn('space-y-1.5', className)}>
      {STARS.map((stars, index) => {
        const count = distribution[index] ?? 0;
        const share = total === 0 ? 0 : Math.round((count / total) * 1000) / 10;
        return (
          <li key={stars}>
            <div
              role="img"
              aria-label={distributionLabel(stars, count)}
              className="flex h-5 items-center gap-2 text-sm"
            >
              <span aria-hidden="true" className="flex w-7 shrink-0 items-center gap-0.5 tabular-nums">
                {stars}
                <Star className="size-3.5 fill-amber-400 text-amber-500" />
              </span>
              <span aria-hidden="true" className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-amber-400 dark:bg-amber-500"
                  style={{ width: `${share}%` }}
                />
              </span>
              <span
                aria-hidden="true"
                className="w-10 shrink-0 text-right text-muted-foreground tabular-nums"
              >
                {formatCount(count)}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
