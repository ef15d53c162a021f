import type { BookingResponse, DashboardView } from '@domain/marketplace/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { DASHBOARD_QUERY_KEY } from '@/lib/query-keys';
import { showError, showSuccess } from '@/lib/toast';

export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<DashboardView>('/tradesperson/dashboard', { signal }),
  });
}

export type BookingAction = 'confirm' | 'decline' | 'complete';

// The spec's texts for marking complete (sections 8, success toasts and error catalogue); confirm and
// decline have none in the spec, so these say plainly what happened.
export const BOOKING_ACTION_TOASTS: Record<
  BookingAction,
  { success: [title: string, description?: string]; failure: string }
> = {
  confirm: {
    success: ['Booking Confirmed', 'The job is booked in for the proposed date'],
    failure: 'Failed to confirm booking',
  },
  decline: { success: ['Booking Declined'], failure: 'Failed to decline booking' },
  complete: {
    success: ['Job Marked Complete', 'Waiting for customer payment'],
    failure: 'Failed to mark job complete',
  },
};

/** Confirm, decline or complete a booking, then refresh everything that shows bookings or jobs. */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, action }: { bookingId: string; action: BookingAction }) => {
      const id = encodeURIComponent(bookingId);
      // Each path written out, so the contract test (server/contract.int.test.ts) can check it.
      return apiFetch<BookingResponse>(
        action === 'confirm'
          ? `/bookings/${id}/confirm`
          : action === 'decline'
            ? `/bookings/${id}/decline`
            : `/bookings/${id}/complete`,
        { method: 'POST' },
      );
    },
    onSuccess: (_data, { action }) => {
      const [title, description] = BOOKING_ACTION_TOASTS[action].success;
      void showSuccess(title, description);
    },
    onError: (error, { action }) => void showError(BOOKING_ACTION_TOASTS[action].failure, error.message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]),
  });
}
