// Server calls for bookings (docs/api/marketplace.md) as TanStack Query hooks.
import type { BookingResponse, MyBookingsResponse, MyQuoteResponse } from '@domain/marketplace/api';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';

export const bookingKeys = {
  mine: ['bookings', 'mine'] as const,
  quote: (id: string) => ['quotes', 'detail', id] as const,
};

/** The caller's bookings, a page at a time (newest first); the next page follows the last one's cursor. */
export function useMyBookings() {
  return useInfiniteQuery<
    MyBookingsResponse,
    Error,
    InfiniteData<MyBookingsResponse, string | null>,
    typeof bookingKeys.mine,
    string | null
  >({
    queryKey: bookingKeys.mine,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams(pageParam ? { cursor: pageParam } : {});
      return apiFetch<MyBookingsResponse>(`/bookings/mine?${query}`, { signal });
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The quote being booked (the URL's amount is display-only; this is the real one). */
export function useQuoteForBooking(quoteId: string | null) {
  return useQuery({
    queryKey: bookingKeys.quote(quoteId ?? ''),
    queryFn: () => apiFetch<MyQuoteResponse>(`/quotes/${encodeURIComponent(quoteId!)}`).then((r) => r.quote),
    enabled: quoteId !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { quoteId: string; scheduledDate: string }) =>
      apiFetch<BookingResponse>('/bookings', { method: 'POST', json: body }).then((r) => r.booking),
    onSuccess: () =>
      Promise.all(
        ['jobs', 'bookings', 'quotes'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
