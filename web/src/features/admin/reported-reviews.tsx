import { Flag, History } from 'lucide-react';
import { useRef } from 'react';
import { AdminQueuePage } from '@/components/admin/queue-page';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { plural } from '@/lib/format';
import { type AdminReportedReview, useReportedReviews } from './api';
import { ReportedReviewCard } from './reported-review-card';

/**
 * /admin/reviews: reviews with open reports, oldest report first, and the latest decided
 * (?status=decided).
 */
export function ReportedReviews() {
  const open = useReportedReviews('open');
  return (
    <AdminQueuePage
      title="Reported Reviews"
      description="Read each reported review and its reports, then hide it or keep it. Hidden reviews leave every list and the rating."
      waiting={{ value: 'open', label: 'Open', count: open.data?.openCount, content: <OpenList /> }}
      decided={{ value: 'decided', label: 'Decided', content: <DecidedList /> }}
    />
  );
}

function OpenList() {
  const query = useReportedReviews('open');
  const listRef = useRef<HTMLUListElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  // The decided review leaves the list: focus goes to the one that takes its place (or the summary),
  // not to the top of the page.
  const moveFocusOn = (decided: AdminReportedReview) => {
    const index = query.data?.reviews.findIndex((r) => r.id === decided.id) ?? -1;
    requestAnimationFrame(() => {
      const items = listRef.current?.querySelectorAll<HTMLElement>('[data-review]');
      const next = items && items.length > 0 ? items[Math.min(Math.max(index, 0), items.length - 1)] : null;
      (next ?? summaryRef.current)?.focus();
    });
  };

  if (query.isPending) return <CardSkeletons count={3} height="h-72" />;
  if (query.isError) {
    return <ErrorState text="We could not load the reported reviews." onRetry={() => void query.refetch()} />;
  }
  const { reviews, openCount } = query.data;
  return (
    <div className="space-y-4">
      <p
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        className="text-sm text-muted-foreground focus:outline-none"
      >
        {openCount === 0
          ? 'Nothing is waiting.'
          : reviews.length < openCount
            ? `${plural(openCount, 'review')} with open reports. Showing the oldest ${reviews.length}.`
            : `${plural(openCount, 'review')} with open reports, oldest report first.`}
      </p>
      {reviews.length === 0 ? (
        <EmptyState
          icon={<Flag aria-hidden="true" />}
          title="No reported reviews"
          text="Reviews that someone reports appear here, oldest report first."
        />
      ) : (
        <ul ref={listRef} aria-label="Reported reviews" className="space-y-4">
          {reviews.map((review) => (
            <li
              key={review.id}
              data-review
              tabIndex={-1}
              className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <ReportedReviewCard review={review} onDecided={moveFocusOn} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DecidedList() {
  const query = useReportedReviews('decided');
  if (query.isPending) return <CardSkeletons count={3} height="h-72" />;
  if (query.isError) {
    return <ErrorState text="We could not load the decisions." onRetry={() => void query.refetch()} />;
  }
  const { reviews } = query.data;
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={<History aria-hidden="true" />}
        title="No decisions yet"
        text="Reviews you hide or keep appear here, newest first."
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">The latest decisions, newest first.</p>
      <ul aria-label="Decided reviews" className="space-y-4">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReportedReviewCard review={review} />
          </li>
        ))}
      </ul>
    </div>
  );
}
