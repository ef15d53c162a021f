// Server calls for reschedules (docs/api/scheduling.md) as TanStack Query hooks.

import type {
  DeclineRescheduleBody,
  ProposeRescheduleBody,
  RescheduleResponse,
  ReschedulesResponse,
} from '@domain/scheduling/reschedules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const rescheduleKeys = {
  // Under 'bookings', so the event stream's booking activity refreshes it with the cards.
  ofBooking: (bookingId: string) => ['bookings', 'reschedules', bookingId] as const,
};

/** A booking's proposals, newest first; fetched once the history is opened. */
export function useReschedules(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: rescheduleKeys.ofBooking(bookingId),
    queryFn: () =>
      apiFetch<ReschedulesResponse>(`/bookings/${encodeURIComponent(bookingId)}/reschedules`).then(
        (r) => r.reschedules,
      ),
    enabled,
  });
}

/** Every list that shows a booking's date or its proposal: My Jobs, My Bookings, the dashboard. */
function useRefreshBookings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['bookings'], ['jobs'], ['tradesperson', 'dashboard']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useProposeReschedule(bookingId: string) {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: (body: ProposeRescheduleBody) =>
      apiFetch<RescheduleResponse>(`/bookings/${encodeURIComponent(bookingId)}/reschedules`, {
        method: 'POST',
        json: body,
      }).then((r) => r.reschedule),
    onSuccess: refresh,
  });
}

export type RescheduleAnswer = 'accept' | 'decline' | 'withdraw';

export function useAnswerReschedule() {
  const refresh = useRefreshBookings();
  return useMutation({
    mutationFn: ({
      id,
      answer,
      body,
    }: {
      id: string;
      answer: RescheduleAnswer;
      body?: DeclineRescheduleBody;
    }) => {
      const at = encodeURIComponent(id);
      const json = body ?? {};
      // Each path written out, so the contract test (server/contract.int.test.ts) can check it.
      const sent =
        answer === 'accept'
          ? apiFetch<RescheduleResponse>(`/reschedules/${at}/accept`, { method: 'POST', json })
          : answer === 'decline'
            ? apiFetch<RescheduleResponse>(`/reschedules/${at}/decline`, { method: 'POST', json })
            : apiFetch<RescheduleResponse>(`/reschedules/${at}/withdraw`, { method: 'POST', json });
      return sent.then((r) => r.reschedule);
    },
    onSettled: refresh,
  });
}
