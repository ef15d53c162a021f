// The part of notifications every signed-in screen needs at once (the header's bell), apart from the
// rest so that the app's first script stays small (bench/landing-js.mjs).
import type { UnreadCountResponse } from '@domain/notifications/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unread: ['notifications', 'unread'] as const,
};

/** How many of the user's notifications are unread (the header's bell). */
export function useNotificationCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      apiFetch<UnreadCountResponse>('/notifications/unread-count', { signal }).then((r) => r.unread),
    enabled,
  });
}
