import type { PublicReview } from '@domain/discovery/api';
import { MessageSquareReply, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDayEnGb } from '@/lib/format';
import { cn } from '@/lib/utils';

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
        {/* The day is read in the browser's time zone, which a server render (issue 40) cannot know:
            only this text may differ when the page hydrates, hence suppressHydrationWarning. */}
        <time
          dateTime={review.publishedAt}
          className="text-sm text-muted-foreground"
          suppressHydrationWarning
        >
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
              // The browser's time zone, as above.
              <time
                dateTime={review.repliedAt}
                className="font-normal text-muted-foreground"
                suppressHydrationWarning
              >
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
