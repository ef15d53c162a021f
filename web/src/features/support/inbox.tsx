import { SUPPORT_INBOX_VIEWS, type SupportInboxView } from '@domain/support/rules';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCount, relativeTime } from '@/lib/format';
import { useTabParam } from '@/lib/use-tab-param';
import { type InboxItem, useInbox } from './admin-api';
import { personLabel, waitingText } from './format';

export const VIEW_LABELS: Record<SupportInboxView, string> = {
  unassigned: 'Unassigned',
  mine: 'Mine',
  waiting: 'Waiting for the user',
  closed: 'Closed',
};

const EMPTY: Record<SupportInboxView, { title: string; text: string }> = {
  unassigned: { title: 'Nothing unassigned', text: 'New conversations wait here until someone takes them.' },
  mine: { title: 'Nothing assigned to you', text: 'Conversations you take appear here.' },
  waiting: { title: 'Nobody to wait for', text: 'Conversations where support replied last appear here.' },
  closed: { title: 'No closed conversations', text: 'Closed conversations appear here, newest first.' },
};

const isView = (value: string | null): value is SupportInboxView =>
  (SUPPORT_INBOX_VIEWS as readonly (string | null)[]).includes(value);

/** /admin/support: the support inbox, by view (?tab=), each with its count. */
export function SupportInbox() {
  const [view, setView] = useTabParam(isView, 'unassigned');
  const counts = useInbox(view).data?.pages[0]?.counts;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Support Inbox"
        description="Conversations with customers, tradespeople and visitors. Take one, reply, and close it when it is done."
      />
      <Tabs value={view} onValueChange={setView}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:w-auto">
          {SUPPORT_INBOX_VIEWS.map((v) => (
            <TabsTrigger key={v} value={v} className="whitespace-normal sm:whitespace-nowrap">
              {VIEW_LABELS[v]}
              {/* Same width while loading: the count's place is kept. */}
              <span className="ml-1.5 inline-block min-w-[2ch] tabular-nums">
                {counts ? `(${formatCount(counts[v])})` : ''}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        {SUPPORT_INBOX_VIEWS.map((v) => (
          <TabsContent key={v} value={v} className="mt-4">
            {v === view && <InboxList view={v} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function InboxList({ view }: { view: SupportInboxView }) {
  const inbox = useInbox(view);
  if (inbox.isPending) return <CardSkeletons count={3} height="h-28" />;
  if (inbox.isError)
    return <ErrorState text="We could not load the support inbox." onRetry={() => void inbox.refetch()} />;
  const items = inbox.data.pages.flatMap((page) => page.conversations);
  if (items.length === 0)
    return (
      <EmptyState icon={<Inbox aria-hidden="true" />} title={EMPTY[view].title} text={EMPTY[view].text} />
    );
  return (
    <div className="space-y-4">
      <ul aria-label={VIEW_LABELS[view]} className="space-y-3">
        {items.map((item) => (
          <InboxRow key={item.id} item={item} />
        ))}
      </ul>
      {inbox.hasNextPage && (
        <Button
          variant="outline"
          disabled={inbox.isFetchingNextPage}
          aria-busy={inbox.isFetchingNextPage}
          onClick={() => void inbox.fetchNextPage()}
        >
          {inbox.isFetchingNextPage && <Spinner />}
          Load more
        </Button>
      )}
    </div>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const waiting = waitingText(item.waitingMinutes);
  return (
    <li>
      <Link
        to={`/admin/support/${encodeURIComponent(item.id)}`}
        className="block rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:border-primary/60 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <span className="font-semibold wrap-anywhere">{personLabel(item.person)}</span>
          <span className="text-xs text-muted-foreground">{relativeTime(item.updatedAt)}</span>
        </span>
        <span className="mt-1 block font-medium wrap-anywhere">{item.subject}</span>
        {item.lastMessage && (
          <span className="mt-0.5 line-clamp-2 block text-sm text-muted-foreground wrap-anywhere">
            {item.lastMessage}
          </span>
        )}
        <span className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs">
          <span>{item.assignedAdmin ? `Assigned to ${item.assignedAdmin.name}` : 'Unassigned'}</span>
          {waiting && <span className="font-medium text-amber-800 dark:text-amber-300">{waiting}</span>}
          {item.unread > 0 && <span className="font-medium">{item.unread} unread</span>}
        </span>
      </Link>
    </li>
  );
}
