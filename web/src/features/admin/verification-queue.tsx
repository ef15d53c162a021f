import { ClipboardCheck, History } from 'lucide-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { type AdminDocumentView, useVerificationQueue, type VerificationTab } from './api';
import { DocumentReview } from './document-review';
import { plural } from './format';
import { AdminPageHeader } from './page-header';

const TABS: readonly VerificationTab[] = ['pending', 'decided'];
const isTab = (value: string | null): value is VerificationTab => TABS.some((tab) => tab === value);

/**
 * /admin/verifications: the documents waiting for review, oldest first, and the latest decisions
 * (?status=decided). The tab lives in the URL, so Back and a shared link keep it.
 */
export function VerificationQueue() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const tab: VerificationTab = isTab(requested) ? requested : 'pending';
  const pending = useVerificationQueue('pending');
  const pendingCount = pending.data?.pendingCount;

  const choose = (next: string) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 'decided') copy.set('status', 'decided');
        else copy.delete('status');
        return copy;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Verification Queue"
        description="Check each document, then approve or reject it. Tradespeople are verified once their photo ID and an in-date insurance certificate are approved."
      />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="pending">
            Pending
            {/* Same width while loading: the count's place is kept. */}
            <span className="ml-1.5 inline-block min-w-[2ch] tabular-nums">
              {pendingCount === undefined ? '' : `(${pendingCount})`}
            </span>
          </TabsTrigger>
          <TabsTrigger value="decided">Decided</TabsTrigger>
        </TabsList>
        <TabsContent value="pending">
          <PendingList />
        </TabsContent>
        <TabsContent value="decided">
          <DecidedList />
        </TabsContent>
      </Tabs>
    </div>
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
