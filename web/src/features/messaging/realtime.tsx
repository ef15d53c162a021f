import type { MessageEventData, ReadEventData } from '@domain/messaging/api';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationKeys } from '@/features/notifications';
import { supportKeys } from '@/features/support';
import { verificationKeys } from '@/features/verification';
import { addMessageToCache, invalidateConversationLists, markCachedMessagesRead, messagingKeys } from './api';

const EVENTS_URL = '/api/v1/events';
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

type Dispatch = (type: string, data: unknown) => void;

/**
 * The roots of the marketplace's query keys (features/marketplace): jobs, bookings, quotes and the
 * tradesperson dashboard. A job, quote or booking of this user changed somewhere: whichever of those
 * screens are open refetch, each through its own endpoint and permissions.
 */
const MARKETPLACE_ROOTS = [['jobs'], ['bookings'], ['quotes'], ['tradesperson', 'dashboard']] as const;

/**
 * Keeps the messaging, notification and support caches in step with the server's event stream
 * (docs/api/messaging.md, "Real time"). Mount once for a signed-in user, keyed by the user's id:
 * unmounting (sign-out) closes the stream. Renders nothing.
 */
export function RealtimeBridge({ userId }: { userId: string }) {
  const queryClient = useQueryClient();

  useEffect(() => {
    // Tests and old browsers: the screens still work, refreshed by their own queries.
    if (typeof EventSource === 'undefined') return;
    const handle: Dispatch = (type, data) => {
      // Every (re)connection: whatever was missed while away is fetched again.
      if (type === 'ready') {
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: verificationKeys.documents });
        void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      } else if (type === 'notification') {
        // A nudge without data: the bell's count and the list are fetched again, and so is the
        // Documents list if it is open (a review decision or an expiry arrives as a notification).
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
        void queryClient.invalidateQueries({ queryKey: verificationKeys.documents });
      } else if (type === 'activity') {
        for (const queryKey of MARKETPLACE_ROOTS) void queryClient.invalidateQueries({ queryKey });
      } else if (type === 'support') {
        // A support conversation changed (the person's own, or any for an admin): the event names it
        // and no more, so whichever support screens are open refetch through their own routes, and an
        // internal note can never travel on the stream.
        void queryClient.invalidateQueries({ queryKey: supportKeys.all });
      } else if (type === 'message') onMessage(queryClient, userId, data);
      else if (type === 'read') onRead(queryClient, userId, data);
    };
    return shareAcrossTabs(`tradenest-events:${userId}`, handle) ?? openStream(handle);
  }, [queryClient, userId]);

  return null;
}

/**
 * One stream per browser rather than one per tab: over HTTP/1.1 a browser opens at most six
 * connections to a host, and each open stream holds one, so a seventh tab would wait for ever. The tab
 * holding a Web Lock opens the stream and relays its events to the other tabs over a BroadcastChannel;
 * when it closes, another tab gets the lock and opens its own, whose 'ready' makes every tab refetch.
 * A tab that joins while another holds the stream refetches once as it starts listening (see below).
 * Null where either API is missing: then each tab has its own stream.
 */
export function shareAcrossTabs(name: string, handle: Dispatch): (() => void) | null {
  if (typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined' || !navigator.locks)
    return null;
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<{ type: string; data: unknown }>) =>
    handle(event.data.type, event.data.data);
  const stop = new AbortController();
  let closeStream: (() => void) | undefined;
  // Held until this tab lets go: while it is, this tab is the one with the stream.
  const lead = () =>
    new Promise<void>((release) => {
      // The first request below takes no signal (ifAvailable cannot): closed before its grant, let go.
      if (stop.signal.aborted) return release();
      closeStream = openStream((type, data) => {
        handle(type, data);
        channel.postMessage({ type, data });
      });
      stop.signal.addEventListener('abort', () => release(), { once: true });
    });
  navigator.locks
    .request(name, { ifAvailable: true }, (lock) => {
      if (lock) return lead();
      if (stop.signal.aborted) return;
      // Another tab has the stream, and its 'ready' came before this tab was listening. This bridge
      // mounts after the screens have fetched (its code loads on its own, after the session), so an
      // event relayed in between reached nobody here: fetch again now, as after a 'ready', then wait
      // for the lock like any other tab.
      handle('ready', null);
      return navigator.locks.request(name, { signal: stop.signal }, lead);
    })
    // Aborted while waiting for the lock: this tab closed before its turn came.
    .catch(() => {});
  return () => {
    stop.abort();
    closeStream?.();
    channel.close();
  };
}

/** Opens the event stream, reopening it after a refused connection; returns how to close it. */
function openStream(dispatch: Dispatch): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_FIRST_MS;
  let stopped = false;

  const connect = () => {
    const current = new EventSource(EVENTS_URL);
    source = current;
    current.addEventListener('ready', () => {
      retryDelay = RETRY_FIRST_MS;
      dispatch('ready', null);
    });
    current.addEventListener('message', (event) => dispatch('message', event.data));
    current.addEventListener('read', (event) => dispatch('read', event.data));
    current.addEventListener('notification', () => dispatch('notification', null));
    current.addEventListener('activity', () => dispatch('activity', null));
    current.addEventListener('support', () => dispatch('support', null));
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
