import { ClipboardCheck, History } from 'lucide-react';
import { DecidedItems, WaitingItems } from '@/components/admin/queue-lists';
import { AdminQueuePage } from '@/components/admin/queue-page';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { plural } from '@/lib/format';
import { useVerificationQueue } from './api';
import { DocumentReview } from './document-review';

/**
 * /admin/verifications: the documents waiting for review, oldest first, and the latest decisions
 * (?status=decided).
 */
export function VerificationQueue() {
  const pending = useVerificationQueue('pending');
  return (
    <AdminQueuePage
      title="Verification Queue"
      description="Check each document, then approve or reject it. Tradespeople are verified once their photo ID and an in-date insurance certificate are approved."
      waiting={{
        value: 'pending',
        label: 'Pending',
        count: pending.data?.pendingCount,
        content: <PendingList />,
      }}
      decided={{ value: 'decided', label: 'Decided', content: <DecidedList /> }}
    />
  );
}

function PendingList() {
  const query = useVerificationQueue('pending');
  if (query.isPending) return <CardSkeletons count={3} height="h-56" />;
  if (query.isError) {
    return <ErrorState text="We could not load the queue." onRetry={() => void query.refetch()} />;
  }
  const { documents, pendingCount } = query.data;
  return (
    <WaitingItems
      items={documents}
      summary={
        pendingCount === 0
          ? 'Nothing is waiting.'
          : documents.length < pendingCount
            ? `${plural(pendingCount, 'document')} waiting. Showing the oldest ${documents.length}.`
            : `${plural(pendingCount, 'document')} waiting, oldest first.`
      }
      label="Documents waiting for review"
      empty={
        <EmptyState
          icon={<ClipboardCheck aria-hidden="true" />}
          title="No documents waiting for review"
          text="New uploads from tradespeople appear here, oldest first."
        />
      }
      renderItem={(document, onDecided) => <DocumentReview document={document} onDecided={onDecided} />}
    />
  );
}

function DecidedList() {
  const query = useVerificationQueue('decided');
  if (query.isPending) return <CardSkeletons count={3} height="h-56" />;
  if (query.isError) {
    return <ErrorState text="We could not load the decisions." onRetry={() => void query.refetch()} />;
  }
  return (
    <DecidedItems
      items={query.data.documents}
      label="Decided documents"
      empty={
        <EmptyState
          icon={<History aria-hidden="true" />}
          title="No decisions yet"
          text="Documents you approve or reject appear here, newest first."
        />
      }
      renderItem={(document) => <DocumentReview document={document} />}
    />
  );
}
