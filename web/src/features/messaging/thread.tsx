import { useMutationState } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { dayHeading, dayKey, fullDateTime, timeOfDay } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import { messagesOldestFirst, sendKey, type useMessages } from './api';
import {
  type ShownMessage,
  useAnnouncement,
  useKeepScroll,
  useLoadOlderAtTop,
  useMarkReadWhileOpen,
} from './thread-effects';

type MessagesQuery = ReturnType<typeof useMessages>;

/** The conversation's messages, oldest at the top, grouped by day, with the ones still being sent. */
export function Thread({
  id,
  messages,
  otherName,
}: {
  id: string;
  messages: MessagesQuery;
  otherName?: string;
}) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = messages;
  const now = useNow();
  const pending = useMutationState({
    filters: { mutationKey: sendKey(id), status: 'pending' },
    select: (mutation) => ({
      id: `pending-${mutation.mutationId}`,
      content: String(mutation.state.variables ?? ''),
      submittedAt: mutation.state.submittedAt,
    }),
  });
  const loaded = messagesOldestFirst(messages.data);
  const shown: ShownMessage[] = [
    ...loaded,
    ...pending.map(
      (p): ShownMessage => ({
        id: p.id,
        conversationId: id,
        senderId: '',
        mine: true,
        content: p.content,
        read: false,
        createdAt: new Date(p.submittedAt || Date.now()).toISOString(),
        pending: true,
      }),
    ),
  ];
  const lastMineId = loaded.findLast((m) => m.mine)?.id;
  const latestTheirs = loaded.findLast((m) => !m.mine);

  useMarkReadWhileOpen(id, messages.isSuccess, latestTheirs?.id ?? null);
  const scrollerRef = useKeepScroll(shown);
  const sentinelRef = useLoadOlderAtTop(scrollerRef, {
    active: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    fetchNextPage,
  });
  const announcement = useAnnouncement(messages.isSuccess, latestTheirs, otherName);

  return (
    <section
      ref={scrollerRef}
      aria-label="Message history"
      // Keyboard users can scroll the history too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      aria-busy={messages.isPending || isFetchingNextPage}
      // The page keeps the reader's place itself when older messages arrive; the browser must not too.
      // Relative: the screen-reader-only texts (positioned) stay inside it instead of lengthening the page.
      className="relative flex-1 overflow-y-auto overscroll-contain px-3 py-4 [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
    >
      {hasNextPage && (
        <div className="mb-4 flex flex-col items-center gap-2">
          <div ref={sentinelRef} aria-hidden="true" className="h-px w-full" />
          <Button
            variant="outline"
            size="sm"
            disabled={isFetchingNextPage}
            aria-busy={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage && <Spinner />}
            Load earlier messages
          </Button>
          {isFetchNextPageError && (
            <p role="alert" className="text-center text-sm font-medium">
              We could not load earlier messages. Please try again.
            </p>
          )}
        </div>
      )}
      {messages.isPending ? (
        <ThreadSkeleton />
      ) : shown.length === 0 ? (
        <p className="mt-8 text-center text-sm text-muted-foreground">
          Say hello{otherName ? ` to ${otherName}` : ''} to start the conversation.
        </p>
      ) : (
        groupByDay(shown).map((group) => (
          <div key={group.key} className="mb-4 last:mb-0">
            <h2 className="mb-3 text-center text-xs font-medium text-muted-foreground">
              {dayHeading(group.messages[0]!.createdAt, now)}
            </h2>
            <ol className="space-y-2">
              {group.messages.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  otherName={otherName}
                  showRead={message.id === lastMineId && message.read}
                />
              ))}
            </ol>
          </div>
        ))
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function Bubble({
  message,
  otherName,
  showRead,
}: {
  message: ShownMessage;
  otherName?: string;
  showRead: boolean;
}) {
  const { mine, pending } = message;
  return (
    <li data-mine={mine} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]',
          mine
            ? 'ml-auto rounded-br-md bg-primary text-primary-foreground'
            : 'mr-auto rounded-bl-md bg-muted text-foreground',
          pending && 'opacity-70',
        )}
      >
        <span className="sr-only">{mine ? 'You' : (otherName ?? 'They')}: </span>
        {/* Plain text only: React escapes it; line breaks kept, long words broken anywhere. */}
        <p className="whitespace-pre-wrap wrap-anywhere">{message.content}</p>
      </div>
      <p className="mt-0.5 px-1 text-xs text-muted-foreground">
        {pending ? (
          'Sending…'
        ) : (
          <time dateTime={message.createdAt} title={fullDateTime(message.createdAt)}>
            {timeOfDay(message.createdAt)}
          </time>
        )}
        {showRead && (
          <>
            <span aria-hidden="true"> · </span>
            <span>Read</span>
          </>
        )}
      </p>
    </li>
  );
}

function groupByDay(messages: ShownMessage[]): { key: string; messages: ShownMessage[] }[] {
  const groups: { key: string; messages: ShownMessage[] }[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else groups.push({ key, messages: [message] });
  }
  return groups;
}

function ThreadSkeleton() {
  const widths = ['w-2/3', 'w-1/2 ml-auto', 'w-3/5', 'w-1/3 ml-auto', 'w-1/2'];
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading messages…</span>
      {widths.map((width) => (
        <div
          key={width}
          aria-hidden="true"
          className={cn('h-10 animate-pulse rounded-2xl bg-muted motion-reduce:animate-none', width)}
        />
      ))}
    </div>
  );
}
