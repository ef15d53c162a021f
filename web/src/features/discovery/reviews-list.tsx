import { ErrorState, LoadMore } from '@/components/ui/list-states';
import { RatingDistribution, ReviewItem } from '@/features/reviews';
import { useTradespersonReviews } from './api';

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
