// Server calls for the tradesperson's calendar and its feed (docs/api/scheduling.md) as TanStack Query hooks.

import type { CalendarFeedCreated, CalendarFeedStatus, CalendarView } from '@domain/scheduling/calendar';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const calendarKeys = {
  all: ['calendar'] as const,
  range: (from: string, to: string) => ['calendar', 'range', from, to] as const,
  feed: ['calendar', 'feed'] as const,
};

/** The tradesperson's bookings, milestone due dates, time off and working week over [from, to]. */
export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: ({ signal }) =>
      apiFetch<CalendarView>(`/calendar?${new URLSearchParams({ from, to })}`, { signal }),
    // Moving to the next month keeps the last one on screen (marked busy) until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** Whether the feed exists and when its address was made (the address itself is shown only once). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => apiFetch<CalendarFeedStatus>('/calendar/feed', { signal }),
  });
}

/** Makes the feed, or a new address in place of the old one. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeedCreated>('/calendar/feed', { method: 'POST' }),
    onSuccess: ({ feed }) => queryClient.setQueryData<CalendarFeedStatus>(calendarKeys.feed, { feed }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/calendar/feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarKeys.feed, { feed: null }),
  });
}
