// The part of messaging every signed-in screen needs at once (the bottom navigation's badge), apart
// from the rest so that the app's first script stays small (bench/landing-js.mjs).
import type { UnreadCount } from '@domain/messaging/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: ['messaging', 'conversations'] as const,
  conversation: (id: string) => ['messaging', 'conversation', id] as const,
  messages: (id: string) => ['messaging', 'messages', id] as const,
  unread: ['messaging', 'unread'] as const,
};

/** Unread messages over all the user's conversations (the bottom navigation's badge). */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: messagingKeys.unread,
    queryFn: ({ signal }) => apiFetch<UnreadCount>('/conversations/unread', { signal }).then((r) => r.unread),
    enabled,
  });
}
