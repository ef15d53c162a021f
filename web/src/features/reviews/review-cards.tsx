import type { MyReviewView, ReviewTask } from '@domain/reviews/api';
import { EyeOff, Flag, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/status-badge';
import { Card } from '@/components/ui/card';
import { formatLocalDate } from '@/lib/format';
import { firstName, partyName, reviewsCloseText } from './format';
import { LeaveReviewDialog } from './leave-review-dialog';
import { ReplyBox, ReplyQuote } from './reply-box';
import { ReportReviewButton } from './report-review-button';
import { Stars } from './review-item';

/** The list refetches after a report and then says 'Reported'. */
const noop = () => {};

const LINK_CLASS =
  'rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function ReviewFrame({
  job,
  byline,
  aside,
  children,
}: {
  job: { id: string; title: string };
  byline: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <article>
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <h2 className="line-clamp-2 font-semibold break-words">
              <Link to={`/job/${job.id}`} className={LINK_CLASS}>
                {job.title}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">{byline}</p>
          </div>
          {aside}
        </div>
        {children}
      </article>
    </Card>
  );
}

function RemovedNotice({ reason }: { reason: string | null }) {
  return (
    <p className="mt-3 flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm">
      <EyeOff className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>Removed by TradeNest: {reason ?? 'it broke our review rules'}</span>
    </p>
  );
}

function RatingAndComment({ review }: { review: MyReviewView }) {
  return (
    <>
      {review.rating !== null && (
        <div className="mt-2">
          <Stars rating={review.rating} />
        </div>
      )}
      {review.comment && <p className="mt-2 text-sm break-words whitespace-pre-line">{review.comment}</p>}
    </>
  );
}

/** A booking waiting for my review ('To write'). */
export function ReviewTaskCard({ task }: { task: ReviewTask }) {
  const other = partyName(task.other.name);
  return (
    <ReviewFrame job={task.job} byline={`Review ${other}`}>
      {task.otherReviewed && (
        <p className="mt-2 text-sm font-medium">
          {firstName(task.other.name)} has reviewed you — leave yours to see it
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-border pt-3">
        <p className="text-sm text-muted-foreground">{reviewsCloseText(task.closesAt)}</p>
        <LeaveReviewDialog
          bookingId={task.bookingId}
          jobTitle={task.job.title}
          revieweeName={task.other.name}
          closesAt={task.closesAt}
          otherReviewed={task.otherReviewed}
        />
      </div>
    </ReviewFrame>
  );
}

/**
 * A review about me. While it waits for fair reveal I see only that it exists (the server sends no
 * rating or comment) and that mine would publish both; once published I can reply and report it.
 */
export function ReceivedReviewCard({ review, task }: { review: MyReviewView; task?: ReviewTask }) {
  const reviewer = partyName(review.reviewer.name);
  if (review.status === 'waiting') {
    return (
      <ReviewFrame job={review.job} byline={`From ${reviewer}`}>
        <p className="mt-3 flex items-start gap-2 text-sm">
          <Hourglass className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {reviewer} reviewed you for {review.job.title} — leave your review to see it (published by{' '}
            {formatLocalDate(review.revealDueAt)})
          </span>
        </p>
        {task && (
          <div className="mt-3 border-t border-border pt-3">
            <LeaveReviewDialog
              bookingId={task.bookingId}
              jobTitle={task.job.title}
              revieweeName={task.other.name}
              closesAt={task.closesAt}
              otherReviewed
            />
          </div>
        )}
      </ReviewFrame>
    );
  }
  if (review.status === 'hidden') {
    return (
      <ReviewFrame job={review.job} byline={`From ${reviewer}`} aside={<Badge tone="grey">Removed</Badge>}>
        <RemovedNotice reason={review.hiddenReason} />
      </ReviewFrame>
    );
  }
  return (
    <ReviewFrame
      job={review.job}
      byline={`From ${reviewer}`}
      aside={
        review.publishedAt && (
          <time dateTime={review.publishedAt} className="text-sm text-muted-foreground">
            {formatLocalDate(review.publishedAt)}
          </time>
        )
      }
    >
      <RatingAndComment review={review} />
      <ReplyBox review={review} />
      <div className="mt-3 flex justify-end">
        {review.reported ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Flag className="size-4" aria-hidden="true" />
            Reported
          </p>
        ) : (
          <ReportReviewButton
            review={{ id: review.id, reviewerName: reviewer }}
            reported={false}
            onReported={noop}
          />
        )}
      </div>
    </ReviewFrame>
  );
}

/** A review I wrote, with where it stands: waiting for the other side, published, or removed. */
export function WrittenReviewCard({ review }: { review: MyReviewView }) {
  const reviewee = partyName(review.reviewee.name);
  const badge =
    review.status === 'waiting' ? (
      <Badge tone="amber">{`Waiting for ${firstName(review.reviewee.name)}`}</Badge>
    ) : review.status === 'published' ? (
      <Badge tone="green">Published</Badge>
    ) : (
      <Badge tone="grey">Removed</Badge>
    );
  return (
    <ReviewFrame
      job={review.job}
      byline={`Your review of ${reviewee}`}
      aside={<div className="flex flex-col items-start gap-1 sm:items-end">{badge}</div>}
    >
      {review.status === 'waiting' && (
        <p className="mt-2 text-sm text-muted-foreground">
          Published when {firstName(review.reviewee.name)} reviews you, or on{' '}
          {formatLocalDate(review.revealDueAt)}
        </p>
      )}
      {review.status === 'published' && review.publishedAt && (
        <p className="mt-2 text-sm text-muted-foreground">
          Published on <time dateTime={review.publishedAt}>{formatLocalDate(review.publishedAt)}</time>
        </p>
      )}
      <RatingAndComment review={review} />
      {review.status === 'hidden' && <RemovedNotice reason={review.hiddenReason} />}
      {review.status === 'published' && <ReplyQuote review={review} heading={`Reply from ${reviewee}`} />}
    </ReviewFrame>
  );
}
