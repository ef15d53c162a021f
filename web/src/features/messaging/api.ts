// Server calls for messaging (docs/api/messaging.md) as TanStack Query hooks, and the cache edits the
// real-time bridge (./realtime.tsx) shares with them.
import type {
  ConversationPersonView,
  ConversationResponse,
  ConversationsPage,
  ConversationView,
  MessageResponse,
  MessagesPage,
  MessageView,
  ReadCount,
} from '@domain/messaging/api';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '@/lib/api';
import { displayName } from '@/lib/format';
import { showError } from '@/lib/toast';

export { messagingKeys, useUnreadCount } from './unread';

import { messagingKeys } from './unread';

/** The contract's limit on a message, counted after trimming. */
export const MESSAGE_MAX_LENGTH = 5000;
export const MESSAGES_PAGE_SIZE = 30;

export type MessagesData = InfiniteData<MessagesPage, string | null>;
type ConversationsData = InfiniteData<ConversationsPage, string | null>;

/** The other person's name; an erased account has none and shows as "Deleted user" (DOMAIN-RULES 1). */
export const personName = (person: Pick<ConversationPersonView, 'fullName'>) =>
  person.fullName?.trim() ? person.fullName.trim() : displayName({ fullName: null });

export const avatarSrc = (person: Pick<ConversationPersonView, 'id' | 'avatarUrl'>) =>
  person.avatarUrl ?? `/api/v1/avatars/${encodeURIComponent(person.id)}.svg`;

/** A hidden or unknown conversation (404) is an answer, not a hiccup worth retrying. */
const retryServerErrors = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && count < 1;

export function useConversations() {
  return useInfiniteQuery<
    ConversationsPage,
    Error,
    ConversationsData,
    typeof messagingKeys.conversations,
    string | null
  >({
    queryKey: messagingKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ConversationsPage>(
        pageParam ? `/conversations?${new URLSearchParams({ cursor: pageParam })}` : '/conversations',
        { signal },
      ),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: messagingKeys.conversation(id),
    queryFn: ({ signal }) =>
      apiFetch<ConversationResponse>(`/conversations/${encodeURIComponent(id)}`, { signal }).then(
        (r) => r.conversation,
      ),
    retry: retryServerErrors,
  });
}

/**
 * A conversation's messages. Pages come newest first (the first page is the latest messages, each next
 * page older ones); `messagesOldestFirst` turns them into reading order.
 */
export function useMessages(id: string) {
  return useInfiniteQuery<
    MessagesPage,
    Error,
    MessagesData,
    ReturnType<typeof messagingKeys.messages>,
    string | null
  >({
    queryKey: messagingKeys.messages(id),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(MESSAGES_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return apiFetch<MessagesPage>(`/conversations/${encodeURIComponent(id)}/messages?${params}`, {
        signal,
      });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: retryServerErrors,
  });
}

/** Oldest first, each message once (a message can reach the cache by POST and by the event stream). */
export function messagesOldestFirst(data: MessagesData | undefined): MessageView[] {
  if (!data) return [];
  const byId = new Map<string, MessageView>();
  for (const page of data.pages) for (const message of page.messages) byId.set(message.id, message);
  return [...byId.values()].sort(compareOldestFirst);
}

function compareOldestFirst(a: MessageView, b: MessageView): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return byTime !== 0 ? byTime : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Adds a message to its conversation's loaded messages, once: the sender's POST answer and the event
 * stream both deliver it. Does nothing when that conversation was never opened (nothing to keep fresh).
 */
export function addMessageToCache(queryClient: QueryClient, message: MessageView): void {
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(message.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    // Pages are newest first; the newest page takes the message in its place by time.
    const messages = [...newest!.messages, message].sort((a, b) => compareOldestFirst(b, a));
    return { ...data, pages: [{ ...newest!, messages }, ...older] };
  });
}

/** Marks read the loaded messages of one side of a conversation (after a 'read' event). */
export function markCachedMessagesRead(queryClient: QueryClient, conversationId: string, mine: boolean) {
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(conversationId), (data) => {
    if (!data) return data;
    // Only messages already here are covered: one arriving after the event comes with its own flag.
    const covered = (m: MessageView) => m.mine === mine && !m.read;
    if (!data.pages.some((page) => page.messages.some(covered))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) => (covered(m) ? { ...m, read: true } : m)),
      })),
    };
  });
}

/** The list and the badge after anything that changes a conversation's last message or unread count. */
export function invalidateConversationLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messagingKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.unread }),
  ]);
}

export type StartConversation = { userId: string; jobId?: string };

/** Opens (or finds) the conversation with a user, then shows it. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: StartConversation) =>
      apiFetch<ConversationResponse>('/conversations', { method: 'POST', json: body }).then(
        (r) => r.conversation,
      ),
    onSuccess: (conversation) => {
      // The conversation page can show its header at once.
      queryClient.setQueryData(messagingKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
      void navigate(`/conversation/${encodeURIComponent(conversation.id)}`);
    },
    onError: () => void showError('Error', 'Failed to start conversation'),
  });
}

/**
 * Sends a message. Sends of one conversation share a scope, so they reach the server one at a time in
 * the order they were typed; the page shows the waiting ones (useMutationState on `sendKey`).
 */
export const sendKey = (conversationId: string) => ['messaging', 'send', conversationId] as const;

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: sendKey(conversationId),
    scope: { id: `messaging-send-${conversationId}` },
    mutationFn: (content: string) =>
      apiFetch<MessageResponse>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
        method: 'POST',
        json: { content },
      }).then((r) => r.message),
    onSuccess: (message) => {
      addMessageToCache(queryClient, { ...message, mine: true });
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
    },
    onError: () => void showError('Error', 'Failed to send message'),
  });
}

/** Marks the other user's messages in a conversation read (when it is open and one arrives). */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<ReadCount>(`/conversations/${encodeURIComponent(conversationId)}/read`, { method: 'POST' }),
    onSuccess: ({ read }) => {
      markCachedMessagesRead(queryClient, conversationId, false);
      queryClient.setQueryData<ConversationView>(messagingKeys.conversation(conversationId), (c) =>
        c ? { ...c, unreadCount: 0 } : c,
      );
      // Nothing newly read: the list and the badge already agree.
      if (read !== 0) void invalidateConversationLists(queryClient);
    },
  });
}
