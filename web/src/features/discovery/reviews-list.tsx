import type { PublicReview } from '@domain/discovery/api';
import { MessageSquareReply, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState, LoadMore } from '@/components/ui/list-states';
import { RatingDistribution } from '@/features/reviews/rating-distribution';
import { cn } from '@/lib/utils';
import { useTradespersonReviews } from './api';
import { formatDayEnGb } from './format';

/** Five stars, the first `rating` filled, read out as one phrase. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((position) => (
        <Star
          key={position}
          aria-hidden="true"
          className={cn(
            'size-4',
            position <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  );
}

/**
 * One published review: who wrote it, when it was published (fair reveal: the list's order), the
 * stars, the comment and the tradesperson's reply. `actions` (Report) sit under it.
 */
export function ReviewItem({
  review,
  tradespersonName,
  headingLevel: Heading = 'h3',
  actions,
}: {
  review: PublicReview;
  tradespersonName: string;
  headingLevel?: 'h2' | 'h3';
  actions?: ReactNode;
}) {
  return (
    <article className="rounded-xl border border-border bg-card p-4 text-card-foreground">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading className="font-semibold break-words">{review.reviewerName}</Heading>
        <time dateTime={review.publishedAt} className="text-sm text-muted-foreground">
          {formatDayEnGb(review.publishedAt)}
        </time>
      </div>
      <div className="mt-1">
        <Stars rating={review.rating} />
      </div>
      {review.comment && <p className="mt-2 text-sm break-words whitespace-pre-line">{review.comment}</p>}
      {review.reply && (
        <div className="mt-3 rounded-lg border-l-4 border-primary bg-muted p-3 text-sm">
          <p className="flex flex-wrap items-center gap-x-2 font-medium">
            <MessageSquareReply className="size-4 text-primary" aria-hidden="true" />
            Reply from {tradespersonName}
            {review.repliedAt && (
              <time dateTime={review.repliedAt} className="font-normal text-muted-foreground">
                {formatDayEnGb(review.repliedAt)}
              </time>
            )}
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{review.reply}</p>
        </div>
      )}
      {actions && <div className="mt-3 flex flex-wrap justify-end gap-2">{actions}</div>}
    </article>
  );
}

/**
 * A tradesperson's reviews, newest published first, with Load more, under the 5-to-1 star
 * distribution. With 'Show reviews publicly' off the server sends none (except to the tradesperson and
 * admins), and the screen says so instead of an empty list.
 */
export function ReviewsList({
  tradespersonId,
  tradespersonName,
  reviewsPublic,
}: {
  tradespersonId: string;
  tradespersonName: string;
  reviewsPublic: boolean;
}) {
  const query = useTradespersonReviews(tradespersonId);
  const reviews = query.data?.pages.flatMap((page) => page.reviews) ?? [];
  const summary = query.data?.pages[0]?.summary;

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" className="space-y-3">
        <span className="sr-only">Loading reviews…</span>
        <div aria-hidden="true" className="space-y-1.5 rounded-xl border border-border bg-card p-4">
          {[5, 4, 3, 2, 1].map((stars) => (
            <div key={stars} className="h-5 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          ))}
        </div>
        {['a', 'b'].map((key) => (
          <div
            key={key}
            aria-hidden="true"
            className="h-28 animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none"
          />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState text="We could not load the reviews." onRetry={() => void query.refetch()} />;
  }
  if (reviews.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
        {reviewsPublic
          ? 'No reviews have been published yet.'
          : `${tradespersonName} has chosen not to show reviews publicly.`}
      </p>
    );
  }
  return (
    <div aria-busy={query.isFetchingNextPage}>
      {!reviewsPublic && (
        // Only the tradesperson themself (or an admin) gets here: say what customers see.
        <p className="mb-3 text-sm text-muted-foreground">
          These reviews are hidden from customers: 'Show reviews publicly' is off.
        </p>
      )}
      {summary && summary.reviewCount > 0 && (
        <RatingDistribution
          distribution={summary.distribution}
          className="mb-4 rounded-xl border border-border bg-card p-4 text-card-foreground"
        />
      )}
      <ul className="space-y-3">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} tradespersonName={tradespersonName} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} what="reviews" />
    </div>
  );
}
