import { ClipboardCheck, History } from 'lucide-react';
import { useRef } from 'react';
import { AdminQueuePage } from '@/components/admin/queue-page';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { plural } from '@/lib/format';
import { type AdminDocumentView, useVerificationQueue } from './api';
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
  const listRef = useRef<HTMLUListElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);

  // The decided document leaves the list: focus goes to the one that takes its place (or the summary),
  // not to the top of the page.
  const moveFocusOn = (decided: AdminDocumentView) => {
    const index = query.data?.documents.findIndex((d) => d.id === decided.id) ?? -1;
    requestAnimationFrame(() => {
      const items = listRef.current?.querySelectorAll<HTMLElement>('[data-document]');
      const next = items && items.length > 0 ? items[Math.min(Math.max(index, 0), items.length - 1)] : null;
      (next ?? summaryRef.current)?.focus();
    });
  };

  if (query.isPending) return <CardSkeletons count={3} height="h-56" />;
  if (query.isError) {
    return <ErrorState text="We could not load the queue." onRetry={() => void query.refetch()} />;
  }
  const { documents, pendingCount } = query.data;
  return (
    <div className="space-y-4">
      <p
        ref={summaryRef}
        tabIndex={-1}
        role="status"
        className="text-sm text-muted-foreground focus:outline-none"
      >
        {pendingCount === 0
          ? 'Nothing is waiting.'
          : documents.length < pendingCount
            ? `${plural(pendingCount, 'document')} waiting. Showing the oldest ${documents.length}.`
            : `${plural(pendingCount, 'document')} waiting, oldest first.`}
      </p>
      {documents.length === 0 ? (
        <EmptyState
          icon={<ClipboardCheck aria-hidden="true" />}
          title="No documents waiting for review"
          text="New uploads from tradespeople appear here, oldest first."
        />
      ) : (
        <ul ref={listRef} aria-label="Documents waiting for review" className="space-y-4">
          {documents.map((document) => (
            <li
              key={document.id}
              data-document
              tabIndex={-1}
              className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <DocumentReview document={document} onDecided={moveFocusOn} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DecidedList() {
  const query = useVerificationQueue('decided');
  if (query.isPending) return <CardSkeletons count={3} height="h-56" />;
  if (query.isError) {
    return <ErrorState text="We could not load the decisions." onRetry={() => void query.refetch()} />;
  }
  const { documents } = query.data;
  if (documents.length === 0) {
    return (
      <EmptyState
        icon={<History aria-hidden="true" />}
        title="No decisions yet"
        text="Documents you approve or reject appear here, newest first."
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">The latest decisions, newest first.</p>
      <ul aria-label="Decided documents" className="space-y-4">
        {documents.map((document) => (
          <li key={document.id}>
            <DocumentReview document={document} />
          </li>
        ))}
      </ul>
    </div>
  );
}
