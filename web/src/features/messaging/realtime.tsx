import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { addMessageToCache, invalidateConversationLists, markCachedMessagesRead, messagingKeys } from './api';
import type { MessageEventData, ReadEventData } from './types';

const EVENTS_URL = '/api/v1/events';
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * Keeps the messaging caches in step with the server's event stream (docs/api/messaging.md, "Real
 * time"). Mount once for a signed-in user, keyed by the user's id: unmounting (sign-out) closes the
 * stream. Renders nothing.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Tests and old browsers: the screens still work, refreshed by their own queries.
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryDelay = RETRY_FIRST_MS;
    let stopped = false;

    const connect = () => {
      const current = new EventSource(EVENTS_URL);
      source = current;
      current.addEventListener('ready', () => {
        retryDelay = RETRY_FIRST_MS;
        // Every (re)connection: whatever was missed while away is fetched again.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      });
      current.addEventListener('message', (event) => onMessage(queryClient, userId, event.data));
      current.addEventListener('read', (event) => onRead(queryClient, userId, event.data));
      current.addEventListener('error', () => {
        // EventSource reconnects by itself after a dropped connection but gives up for good on an HTTP
        // error answer (a proxy's 502 during a deploy, say): then try again later, waiting longer each time.
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        current.close();
        retryTimer = setTimeout(connect, retryDelay);
        retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
      });
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [queryClient, userId]);

  return null;
}

function parse<T>(data: unknown): T | null {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

function onMessage(queryClient: QueryClient, userId: string, data: unknown) {
  const message = parse<MessageEventData>(data)?.message;
  if (!message || typeof message.id !== 'string' || typeof message.conversationId !== 'string') return;
  // `mine` is decided by who this tab's user is, whichever stream delivered it.
  addMessageToCache(queryClient, { ...message, mine: message.senderId === userId });
  void invalidateConversationLists(queryClient);
}

function onRead(queryClient: QueryClient, userId: string, data: unknown) {
  const event = parse<ReadEventData>(data);
  if (!event || typeof event.conversationId !== 'string') return;
  const readByMe = event.readerId === userId;
  // The other side opened it: my messages are read. I opened it (maybe in another tab): theirs are.
  markCachedMessagesRead(queryClient, event.conversationId, !readByMe);
  if (readByMe) void invalidateConversationLists(queryClient);
  else void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
}
