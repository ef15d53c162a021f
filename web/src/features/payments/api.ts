// Server calls for paying for a booking and for its money (docs/api/payments.md) as TanStack Query
// hooks. Amounts are never sent: a payment's amount is always its booking's.
import type {
  BookingMoneyResponse,
  CreatePaymentResponse,
  VerifyPaymentResponse,
} from '@domain/payments/api';
import { PAYMENT_MESSAGES } from '@domain/payments/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api';

export const moneyKeys = {
  /** Under 'bookings', so whatever refreshes the bookings refreshes their money too. */
  booking: (bookingId: string) => ['bookings', 'money', bookingId] as const,
};

/** Everything that shows a booking or its money: My Jobs, job detail, My Bookings, the timelines. */
export function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      // A booking's changes page shows its payments too (an agreed increase paid through checkout).
      queryClient.invalidateQueries({ queryKey: ['changes'] }),
    ]);
}

export const createPayment = (bookingId: string) =>
  apiFetch<CreatePaymentResponse>('/payments/create-payment', { method: 'POST', json: { bookingId } });

export const verifyPayment = (sessionId: string) =>
  apiFetch<VerifyPaymentResponse>('/payments/verify-payment', { method: 'POST', json: { sessionId } });

export const fetchBookingMoney = (bookingId: string) =>
  apiFetch<BookingMoneyResponse>(`/bookings/${encodeURIComponent(bookingId)}/money`).then((r) => r.money);

export function useBookingMoney(bookingId: string) {
  return useQuery({ queryKey: moneyKeys.booking(bookingId), queryFn: () => fetchBookingMoney(bookingId) });
}

/**
 * The customer releases a booking's held money before its protection window ends. The booking's
 * payment is looked up first (lists carry the booking's money state, not its payments).
 */
export function useReleasePayment(bookingId: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: async () => {
      const money = await queryClient.fetchQuery({
        queryKey: moneyKeys.booking(bookingId),
        queryFn: () => fetchBookingMoney(bookingId),
        staleTime: 0,
      });
      const payment = money.payments.find((p) => p.canRelease);
      if (!payment) throw new ApiError('payment_state', PAYMENT_MESSAGES.notHeld, 409);
      return apiFetch<BookingMoneyResponse>(`/payments/${encodeURIComponent(payment.id)}/release`, {
        method: 'POST',
      }).then((r) => r.money);
    },
    onSuccess: (money) => queryClient.setQueryData(moneyKeys.booking(bookingId), money),
    onSettled: () => void invalidate(),
  });
}
