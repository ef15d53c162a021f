import type { SupportMessageKind } from '@domain/support/rules';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { dayHeading, dayKey, fullDateTime, timeOfDay } from '@/lib/format';
import { useNow } from '@/lib/use-now';
import { cn } from '@/lib/utils';
import type { SupportMessageView } from './api';

/** What every side of the thread draws: the person's messages, support's, and (for staff) notes. */
export type ThreadMessage = SupportMessageView & { kind?: SupportMessageKind };

export const NOTE_LABEL = 'Internal note — only support sees this';

/**
 * A support conversation's messages, oldest at the top, grouped by day, in the look of the messaging
 * thread. `viewer` is whose screen it is: their own messages sit on the right. A new message from the
 * other side is announced politely, once, and the history keeps to its newest message.
 */
export function SupportThread({
  messages,
  viewer,
  otherName,
  emptyText,
}: {
  messages: readonly ThreadMessage[];
  viewer: 'user' | 'staff';
  otherName: string;
  emptyText: string;
}) {
  const now = useNow();
  const scrollerRef = useRef<HTMLElement>(null);
  const latestOther = messages.findLast((m) => m.author !== viewer && m.kind !== 'note');
  const announcement = useAnnouncement(latestOther, otherName);

  // The newest message in view, on opening and whenever one arrives.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the number of messages
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [messages.length]);

  return (
    <section
      ref={scrollerRef}
      aria-label="Message history"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      className="relative max-h-[60vh] min-h-48 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
    >
      {messages.length === 0 ? (
        <p className="mt-8 text-center text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        groupByDay(messages).map((group) => (
          <div key={group.key} className="mb-4 last:mb-0">
            <h3 className="mb-3 text-center text-xs font-medium text-muted-foreground">
              {dayHeading(group.messages[0]!.createdAt, now)}
            </h3>
            <ol className="space-y-2">
              {group.messages.map((message) => (
                <Bubble
                  key={message.id}
                  message={message}
                  mine={message.author === viewer}
                  otherName={otherName}
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

function Bubble({ message, mine, otherName }: { message: ThreadMessage; mine: boolean; otherName: string }) {
  const note = message.kind === 'note';
  const who = mine ? 'You' : (message.authorName ?? otherName);
  return (
    <li
      data-kind={message.kind ?? 'message'}
      className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}
    >
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm sm:max-w-[75%]',
          note
            ? 'w-full max-w-full rounded-md border border-dashed border-amber-600 bg-amber-50 text-amber-950 sm:max-w-[85%] dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50'
            : mine
              ? 'rounded-br-md bg-primary text-primary-foreground'
              : 'rounded-bl-md bg-muted text-foreground',
        )}
      >
        {note && <p className="mb-1 text-xs font-semibold">{NOTE_LABEL}</p>}
        <span className="sr-only">{who}: </span>
        {/* Plain text only: React escapes it; line breaks kept, long words broken anywhere. */}
        <p className="whitespace-pre-wrap wrap-anywhere">{message.body}</p>
      </div>
      <p className="mt-0.5 px-1 text-xs text-muted-foreground">
        {!mine && message.authorName && <span>{message.authorName} · </span>}
        <time dateTime={message.createdAt} title={fullDateTime(message.createdAt)}>
          {timeOfDay(message.createdAt)}
        </time>
      </p>
    </li>
  );
}

/** Says a message from the other side that arrived while the thread was open (not the ones it opened with). */
function useAnnouncement(latest: ThreadMessage | undefined, otherName: string): string {
  const [text, setText] = useState('');
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    const id = latest?.id ?? null;
    if (seen.current !== undefined && id !== null && id !== seen.current && latest) {
      setText(`New message from ${latest.authorName ?? otherName}: ${latest.body}`);
    }
    seen.current = id;
  }, [latest, otherName]);
  return text;
}

function groupByDay(messages: readonly ThreadMessage[]) {
  const groups: { key: string; messages: ThreadMessage[] }[] = [];
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else groups.push({ key, messages: [message] });
  }
  return groups;
}
