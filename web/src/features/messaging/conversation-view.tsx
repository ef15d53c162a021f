import type { ConversationResponse, MessageView } from '@domain/messaging/api';
import { useMutationState } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareOff, SendHorizontal } from 'lucide-react';
import { type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { dayHeading, dayKey, formatCount, fullDateTime, timeOfDay, useNow } from '@/lib/time-format';
import { cn } from '@/lib/utils';
import {
  MESSAGE_MAX_LENGTH,
  messagesOldestFirst,
  personName,
  sendKey,
  useConversation,
  useMarkRead,
  useMessages,
  useSendMessage,
} from './api';
import { Avatar } from './avatar';

/** The counter shows from here on, so it is there before the limit bites. */
export const COUNTER_FROM = 4500;
/** Closer than this to the bottom counts as "at the bottom": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 120;

type ShownMessage = MessageView & { pending?: boolean };

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A conversation (/conversation/{id}): its messages, oldest at the top, and a box to write the next one. */
export function ConversationView({ id }: { id: string }) {
  const conversation = useConversation(id);
  const messages = useMessages(id);

  if (isNotFound(conversation.error) || isNotFound(messages.error)) return <ConversationNotFound />;

  return (
    // The route fills the window (fillsScreen in the router): this takes what the header, a banner and
    // the tab bar leave, so the thread scrolls and the box stays in view above the tab bar.
    <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col sm:border-x sm:border-border">
      <ConversationHeader conversation={conversation.data} />
      {/* Only a failed first load: a failed refresh or older page keeps what is shown. */}
      {conversation.isLoadingError || messages.isLoadingError ? (
        <div className="flex-1 overflow-y-auto p-4">
          <ErrorState
            text="We could not load this conversation."
            onRetry={() => {
              if (conversation.isLoadingError) void conversation.refetch();
              if (messages.isLoadingError) void messages.refetch();
            }}
          />
        </div>
      ) : (
        <Thread
          id={id}
          messages={messages}
          otherName={conversation.data && personName(conversation.data.other)}
        />
      )}
      <Composer conversationId={id} />
    </div>
  );
}

function ConversationNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <MessageSquareOff className="size-7" aria-hidden="true" />
      </span>
      <h1 className="text-3xl font-bold tracking-tight">Conversation not found</h1>
      <p className="mt-4 text-muted-foreground">This conversation does not exist or is not one of yours.</p>
      <Button asChild className="mt-8">
        <Link to="/messages">Back to messages</Link>
      </Button>
    </section>
  );
}

function ConversationHeader({
  conversation,
}: {
  conversation: ConversationResponse['conversation'] | undefined;
}) {
  const other = conversation?.other;
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border px-2 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link to="/messages" aria-label="Back to messages">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      {other ? (
        <Avatar person={other} size={40} />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-full bg-muted" />
      )}
      <div className="min-w-0 flex-1">
        {other ? (
          <h1 className="truncate text-base leading-tight font-semibold">{personName(other)}</h1>
        ) : (
          <h1 className="h-5">
            <span className="sr-only">Conversation</span>
            <span
              aria-hidden="true"
              className="block h-4 w-32 animate-pulse rounded bg-muted motion-reduce:animate-none"
            />
          </h1>
        )}
        {/* Kept even when empty, so the header does not shift as the conversation loads. */}
        <p className="flex h-4 min-w-0 items-center gap-1 text-xs leading-4 text-muted-foreground">
          {other?.userType === 'tradesperson' && other.trade && (
            <span className="shrink-0">
              {other.trade}
              {conversation?.job && ' ·'}
            </span>
          )}
          {conversation?.job && (
            <Link
              to={`/job/${encodeURIComponent(conversation.job.id)}`}
              className="truncate rounded-sm underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              About: {conversation.job.title}
            </Link>
          )}
        </p>
      </div>
    </header>
  );
}

type MessagesQuery = ReturnType<typeof useMessages>;

function Thread({ id, messages, otherName }: { id: string; messages: MessagesQuery; otherName?: string }) {
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

/**
 * Marks the conversation read when it opens and whenever a new message from the other user arrives
 * while it is open; a hidden tab waits until it is looked at again.
 */
function useMarkReadWhileOpen(conversationId: string, loaded: boolean, latestTheirsId: string | null) {
  const { mutate: markRead } = useMarkRead(conversationId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: latestTheirsId is the trigger (a new message from them)
  useEffect(() => {
    if (!loaded) return;
    if (document.visibilityState !== 'hidden') {
      markRead();
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', onVisible);
      markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [loaded, latestTheirsId, markRead]);
}

/**
 * The thread's scrolling: at the bottom when it opens; following new messages when the reader was at
 * the bottom (or sent them); in place when older messages are added above.
 */
function useKeepScroll(shown: ShownMessage[]) {
  const scrollerRef = useRef<HTMLElement>(null);
  // Where things stood after the last render, read before the next one changes them.
  const before = useRef<{ height: number; top: number; client: number; first?: string; last?: string }>(null);
  const first = shown[0]?.id;
  const lastMessage = shown.at(-1);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const previous = before.current;
    if (lastMessage && !previous?.last) {
      scroller.scrollTop = scroller.scrollHeight;
    } else if (previous && lastMessage && lastMessage.id !== previous.last) {
      const wasNearBottom = previous.height - previous.top - previous.client < NEAR_BOTTOM_PX;
      if (wasNearBottom || lastMessage.mine) scroller.scrollTop = scroller.scrollHeight;
    } else if (previous && first !== previous.first) {
      scroller.scrollTop = previous.top + (scroller.scrollHeight - previous.height);
    }
  });

  // Declared after the effect above so that it runs after it, on every render.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const record = () => {
      before.current = {
        height: scroller.scrollHeight,
        top: scroller.scrollTop,
        client: scroller.clientHeight,
        first,
        last: lastMessage?.id,
      };
    };
    record();
    scroller.addEventListener('scroll', record, { passive: true });
    return () => scroller.removeEventListener('scroll', record);
  });

  return scrollerRef;
}

/** Loads the previous page when the top of the thread scrolls into view. */
function useLoadOlderAtTop(
  scrollerRef: RefObject<HTMLElement | null>,
  { active, fetchNextPage }: { active: boolean; fetchNextPage: () => unknown },
) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    const root = scrollerRef.current;
    if (!active || !sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    // A new observer after each page reports at once, so a short page that leaves the top in view
    // loads the next one too.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [active, fetchNextPage, scrollerRef]);
  return sentinelRef;
}

/** The words a screen reader says when a message from the other user arrives (not those already there). */
function useAnnouncement(loaded: boolean, latestTheirs: MessageView | undefined, otherName?: string): string {
  const [announcement, setAnnouncement] = useState('');
  // The latest message from them when last looked (undefined: not loaded yet, null: none).
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    const id = latestTheirs?.id ?? null;
    if (seen.current !== undefined && latestTheirs && id !== seen.current) {
      setAnnouncement(`New message from ${otherName ?? 'the other user'}: ${latestTheirs.content}`);
    }
    seen.current = id;
  }, [loaded, latestTheirs, otherName]);
  return announcement;
}

function Composer({ conversationId }: { conversationId: string }) {
  const [draft, setDraft] = useState('');
  const send = useSendMessage(conversationId);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  // Why the last message did not go, said under the box until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  const content = draft.trim();
  // The server counts the trimmed text, so the counter does too.
  const length = content.length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const canSend = length > 0 && !tooLong;
  const tooLongMessage = `Messages can be at most ${formatCount(MESSAGE_MAX_LENGTH)} characters`;
  const problem = tooLong ? tooLongMessage : failure;

  // Grows with the text up to the CSS max height, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    if (textarea.scrollHeight > 0) textarea.style.height = `${textarea.scrollHeight + 2}px`;
  }, [draft]);

  const submit = async () => {
    if (!canSend) return;
    const typed = draft;
    setDraft('');
    setFailure(null);
    try {
      await send.mutateAsync(content);
    } catch (error) {
      // The toast says it failed (useSendMessage), and so does the line under the box, with the
      // server's reason when it gave one; the words come back for another try, ahead of anything
      // typed since.
      const reason = error instanceof ApiError && error.status < 500 ? error.message : null;
      setFailure(reason ? `Failed to send message. ${reason}` : 'Failed to send message. Please try again.');
      setDraft((current) => (current.trim() ? `${typed}\n${current}` : typed));
    }
  };

  return (
    <form
      className="relative shrink-0 border-t border-border bg-background px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {length > COUNTER_FROM && (
        // Over the thread rather than in the form's flow, so the box does not jump when it appears.
        <p
          id={counterId}
          className={cn(
            'absolute -top-7 right-3 rounded-md bg-background/95 px-2 py-0.5 text-xs tabular-nums shadow-sm sm:right-4',
            tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          {formatCount(length)} / {formatCount(MESSAGE_MAX_LENGTH)}
          {tooLong && <span className="sr-only"> (too long)</span>}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          ref={textareaRef}
          id={inputId}
          rows={1}
          value={draft}
          placeholder="Type a message..."
          enterKeyHint="send"
          aria-describedby={
            [length > COUNTER_FROM && counterId, problem && errorId].filter(Boolean).join(' ') || undefined
          }
          aria-invalid={tooLong || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter makes a new line; Enter that ends an IME composition (Japanese,
            // Chinese input) only confirms the characters.
            if (event.key !== 'Enter' || event.shiftKey) return;
            if (event.nativeEvent.isComposing || event.keyCode === 229) return;
            event.preventDefault();
            void submit();
          }}
          className="block max-h-32 min-h-10 w-full min-w-0 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      {/* An alert when too long, since that happens while typing and nothing else says so aloud. */}
      <div role={tooLong ? 'alert' : undefined}>
        <FieldError id={errorId} className="mt-2" message={problem} />
      </div>
    </form>
  );
}
