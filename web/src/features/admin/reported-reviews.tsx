import { Flag, History } from 'lucide-react';
import { DecidedItems, WaitingItems } from '@/components/admin/queue-lists';
import { AdminQueuePage } from '@/components/admin/queue-page';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { plural } from '@/lib/format';
import { useReportedReviews } from './api';
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
  if (query.isPending) return <CardSkeletons count={3} height="h-72" />;
  if (query.isError) {
    return <ErrorState text="We could not load the reported reviews." onRetry={() => void query.refetch()} />;
  }
  const { reviews, openCount } = query.data;
  return (
    <WaitingItems
      items={reviews}
      summary={
        openCount === 0
          ? 'Nothing is waiting.'
          : reviews.length < openCount
            ? `${plural(openCount, 'review')} with open reports. Showing the oldest ${reviews.length}.`
            : `${plural(openCount, 'review')} with open reports, oldest report first.`
      }
      label="Reported reviews"
      empty={
        <EmptyState
          icon={<Flag aria-hidden="true" />}
          title="No reported reviews"
          text="Reviews that someone reports appear here, oldest report first."
        />
      }
      renderItem={(review, onDecided) => <ReportedReviewCard review={review} onDecided={onDecided} />}
    />
  );
}

function DecidedList() {
  const query = useReportedReviews('decided');
  if (query.isPending) return <CardSkeletons count={3} height="h-72" />;
  if (query.isError) {
    return <ErrorState text="We could not load the decisions." onRetry={() => void query.refetch()} />;
  }
  return (
    <DecidedItems
      items={query.data.reviews}
      label="Decided reviews"
      empty={
        <EmptyState
          icon={<History aria-hidden="true" />}
          title="No decisions yet"
          text="Reviews you hide or keep appear here, newest first."
        />
      }
      renderItem={(review) => <ReportedReviewCard review={review} />}
    />
  );
}
