// What the message history does besides drawing messages: marking them read, keeping the reader's
// place, loading older ones at the top, and saying new ones aloud.
import type { MessageView } from '@domain/messaging/api';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useMarkRead } from './api';

/** Closer than this to the bottom counts as "at the bottom": new messages then scroll into view. */
const NEAR_BOTTOM_PX = 120;

/** A message as the thread shows it: sent, or still on its way. */
export type ShownMessage = MessageView & { pending?: boolean };

/**
 * Marks the conversation read when it opens and whenever a new message from the other user arrives
 * while it is open; a hidden tab waits until it is looked at again.
 */
export function useMarkReadWhileOpen(conversationId: string, loaded: boolean, latestTheirsId: string | null) {
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
export function useKeepScroll(shown: ShownMessage[]) {
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
export function useLoadOlderAtTop(
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
export function useAnnouncement(
  loaded: boolean,
  latestTheirs: MessageView | undefined,
  otherName?: string,
): string {
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
