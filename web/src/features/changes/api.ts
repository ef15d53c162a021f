// Server calls for a booking's changes (domain/changes/api.ts) as TanStack Query hooks. Types only from
// the shared schemas; each call writes its method and path out in full, so the contract test
// (server/contract.int.test.ts) can read them.
import type {
  BookingChangesResponse,
  ChangeResponse as ChangeResponseSchema,
  PayChangeResponse,
  ProposeChangeInput,
} from '@domain/changes/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api';

type ChangeResponse = z.infer<typeof ChangeResponseSchema>;
export type PayChangeAnswer = z.infer<typeof PayChangeResponse>;

export const changeKeys = {
  booking: (bookingId: string) => ['changes', bookingId] as const,
};

export function useBookingChanges(bookingId: string) {
  return useQuery({
    queryKey: changeKeys.booking(bookingId),
    queryFn: ({ signal }) =>
      apiFetch<BookingChangesResponse>(`/bookings/${encodeURIComponent(bookingId)}/changes`, { signal }),
  });
}

/**
 * Every action refetches the page whether it worked or not (no optimistic updates): the other party
 * may have acted meanwhile, and a change moves the booking's money, so the lists showing the booking
 * (My Jobs, My Bookings, milestones) are refreshed too.
 */
function useChangesMutation<V, R>(bookingId: string, send: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: changeKeys.booking(bookingId) });
      void queryClient.invalidateQueries({ queryKey: ['jobs'] });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      void queryClient.invalidateQueries({ queryKey: ['milestones', bookingId] });
    },
  });
}

export const useProposeChange = (bookingId: string) =>
  useChangesMutation(bookingId, (body: ProposeChangeInput) =>
    apiFetch<ChangeResponse>(`/bookings/${encodeURIComponent(bookingId)}/changes`, {
      method: 'POST',
      json: body,
    }),
  );

export const useAcceptChange = (bookingId: string) =>
  useChangesMutation(bookingId, (changeId: string) =>
    apiFetch<ChangeResponse>(`/changes/${encodeURIComponent(changeId)}/accept`, { method: 'POST' }),
  );

export const useDeclineChange = (bookingId: string) =>
  useChangesMutation(bookingId, ({ changeId, reason }: { changeId: string; reason?: string }) =>
    apiFetch<ChangeResponse>(`/changes/${encodeURIComponent(changeId)}/decline`, {
      method: 'POST',
      json: reason ? { reason } : {},
    }),
  );

export const useWithdrawChange = (bookingId: string) =>
  useChangesMutation(bookingId, (changeId: string) =>
    apiFetch<ChangeResponse>(`/changes/${encodeURIComponent(changeId)}/withdraw`, { method: 'POST' }),
  );

/** Pay an accepted increase: with a saved card (off-session) or on the provider's checkout page. */
export const usePayChange = (bookingId: string) =>
  useChangesMutation(
    bookingId,
    ({ changeId, paymentMethodId }: { changeId: string; paymentMethodId: string | null }) =>
      apiFetch<PayChangeAnswer>(`/changes/${encodeURIComponent(changeId)}/pay`, {
        method: 'POST',
        json: paymentMethodId ? { method: 'card', paymentMethodId } : { method: 'checkout' },
      }),
  );
