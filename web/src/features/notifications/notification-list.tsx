import type { NotificationView } from '@domain/notifications/schemas';
import { Bell, CheckCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { fullDateTime, relativeTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications } from './api';
import { useNotificationCount } from './unread';

/** Notifications (/notifications): what happened to the user's jobs, quotes and bookings, newest first. */
export function NotificationList() {
  const query = useNotifications();
  const unread = useNotificationCount().data ?? 0;
  const markAll = useMarkAllRead();
  const tick = useNow();
  // Never older than the data, or something that happened a moment ago would read as in the future.
  const now = new Date(Math.max(tick.getTime(), query.dataUpdatedAt));
  // Keyset pages never overlap, but a refetch after new arrivals may repeat one: show it once.
  const items = [
    ...new Map(
      (query.data?.pages ?? []).flatMap((page) => page.notifications).map((n) => [n.id, n] as const),
    ).values(),
  ];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
        {unread > 0 && (
          <Button
            variant="outline"
            disabled={markAll.isPending}
            aria-busy={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {markAll.isPending ? <Spinner /> : <CheckCheck aria-hidden="true" />}
            Mark all as read
          </Button>
        )}
      </div>
      {markAll.isError && (
        <p role="alert" className="mt-3 text-sm font-medium">
          We could not mark your notifications as read. Please try again.
        </p>
      )}
      <div className="mt-6" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <CardSkeletons count={4} height="h-20" />
        ) : !query.data ? (
          <ErrorState text="We could not load your notifications." onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<Bell aria-hidden="true" />}
            title="No notifications yet"
            text="We will tell you here when there is news about your quotes and bookings."
          />
        ) : (
          <>
            <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationRow notification={notification} now={now} />
                </li>
              ))}
            </ul>
            <LoadMore query={query} what="notifications" />
          </>
        )}
      </div>
    </div>
  );
}

function NotificationRow({ notification, now }: { notification: NotificationView; now: Date }) {
  const markRead = useMarkRead();
  const { title, body, link, read, createdAt } = notification;
  const onOpen = () => {
    if (!read) markRead.mutate(notification.id);
  };
  const content = (
    <>
      {/* The dot is the sighted reader's cue; the hidden word is the screen reader's. */}
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', read ? 'bg-transparent' : 'bg-primary')}
      />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('min-w-0 break-words', read ? 'font-medium' : 'font-bold')}>
            {!read && <span className="sr-only">Unread: </span>}
            {title}
          </span>
          <time
            dateTime={createdAt}
            title={fullDateTime(createdAt)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {relativeTime(createdAt, now)}
          </time>
        </span>
        <span className="mt-1 block text-sm break-words text-muted-foreground">{body}</span>
      </span>
    </>
  );
  const rowClass = cn(
    'flex w-full items-start gap-3 px-4 py-4 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
    !read && 'bg-primary/5',
  );
  return link ? (
    <Link to={link} onClick={onOpen} className={rowClass}>
      {content}
    </Link>
  ) : (
    <button type="button" onClick={onOpen} className={rowClass}>
      {content}
    </button>
  );
}
