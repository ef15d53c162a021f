// Server calls for notifications (docs/api/notifications.md) as TanStack Query hooks.
import type { NotificationsPage, ReadAllResponse, UnsubscribeView } from '@domain/notifications/schemas';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';
import { notificationKeys } from './unread';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export function useNotifications() {
  return useInfiniteQuery<
    NotificationsPage,
    Error,
    InfiniteData<NotificationsPage, string | null>,
    typeof notificationKeys.list,
    string | null
  >({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<NotificationsPage>(`/notifications?${query}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Marks one notification read; the bell and the list refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ReadAllResponse>('/notifications/read-all', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Which emails an unsubscribe link stops; looking changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({
    queryKey: ['unsubscribe', token],
    queryFn: ({ signal }) =>
      apiFetch<UnsubscribeView>(`/notifications/unsubscribe?${new URLSearchParams({ token })}`, { signal }),
    enabled: token !== '',
    // An unknown link is an answer, not a hiccup worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiFetch<UnsubscribeView>('/notifications/unsubscribe', { method: 'POST', json: { token } }),
  });
}
