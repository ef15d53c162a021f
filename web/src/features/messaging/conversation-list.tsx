import type { ConversationView } from '@domain/messaging/api';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { CardSkeletons, EmptyState, ErrorState, LoadMore } from '@/components/ui/list-states';
import { badgeCount, fullDateTime, relativeTime } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { personName, useConversations } from './api';
import { Avatar } from './avatar';

export const unreadMessagesText = (count: number) =>
  count === 1 ? '1 unread message' : `${count} unread messages`;

/** Messages (/messages): the user's conversations, most recently active first. */
export function ConversationList() {
  const query = useConversations();
  const tick = useNow();
  // Never older than the data, or a message sent a moment ago would read as in the future.
  const now = new Date(Math.max(tick.getTime(), query.dataUpdatedAt));
  // Keyset pages can overlap when a conversation moves up between two pages: show it once.
  const conversations = [
    ...new Map(
      (query.data?.pages ?? []).flatMap((page) => page.conversations).map((c) => [c.id, c] as const),
    ).values(),
  ];

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
      <div className="mt-6" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <CardSkeletons count={4} height="h-22" />
        ) : !query.data ? (
          // Only a failed first load: a failed "Load more" keeps the list and says so under it.
          <ErrorState text="We could not load your messages." onRetry={() => void query.refetch()} />
        ) : conversations.length === 0 ? (
          <EmptyState
            icon={<MessageSquare aria-hidden="true" />}
            title="No messages yet"
            text="Use the Message button on a job, a quote or a tradesperson's profile to start a conversation."
          />
        ) : (
          <>
            <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
              {conversations.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationRow conversation={conversation} now={now} />
                </li>
              ))}
            </ul>
            <LoadMore query={query} what="conversations" />
          </>
        )}
      </div>
    </div>
  );
}

function ConversationRow({ conversation, now }: { conversation: ConversationView; now: Date }) {
  const { other, job, lastMessage, unreadCount } = conversation;
  const at = lastMessage?.createdAt ?? conversation.updatedAt;
  const about = [other.userType === 'tradesperson' ? other.trade : null, job?.title]
    .filter(Boolean)
    .join(' · ');
  const unread = unreadCount > 0;

  return (
    <Link
      to={`/conversation/${encodeURIComponent(conversation.id)}`}
      className="flex h-22 items-center gap-3 px-4 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <Avatar person={other} size={48} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cn('truncate', unread ? 'font-bold' : 'font-semibold')}>{personName(other)}</p>
          <time dateTime={at} title={fullDateTime(at)} className="shrink-0 text-xs text-muted-foreground">
            {relativeTime(at, now)}
          </time>
        </div>
        {/* Always there, empty or not, so every row has the same height. */}
        <p className="h-4 truncate text-xs leading-4 text-muted-foreground">{about}</p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <p
            className={cn(
              'truncate text-sm',
              unread ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {lastMessage
              ? `${lastMessage.mine ? 'You: ' : ''}${lastMessage.content}`
              : 'Start the conversation'}
          </p>
          {unread && (
            <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              <span aria-hidden="true">{badgeCount(unreadCount)}</span>
              <span className="sr-only">{unreadMessagesText(unreadCount)}</span>
            </span>
          )}
        </div>
      </div>
    </Link>
  );
}
