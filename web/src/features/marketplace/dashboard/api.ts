import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';

// Shapes of docs/api/marketplace.md ("GET /tradesperson/dashboard"). Money is integer pence; dates are
// ISO strings, `scheduledDate` is 'YYYY-MM-DD'.
export type DashboardQuote = {
  id: string;
  jobId: string;
  amount: number;
  message: string;
  status: 'pending' | 'accepted' | 'rejected' | 'withdrawn';
  createdAt: string;
  job: { id: string; title: string; category: string; status: string; outcode: string };
};

export type Person = { id: string; fullName: string | null; rating: number; reviewCount: number };

export type DashboardBooking = {
  id: string;
  jobId: string;
  quoteId: string;
  status: 'pending' | 'confirmed' | 'completed' | 'disputed' | 'cancelled';
  amount: number;
  depositPaid: boolean;
  scheduledDate: string | null;
  completedAt: string | null;
  createdAt: string;
  customer: Person;
  job: { id: string; title: string; category: string; outcode: string };
};

export type DashboardData = {
  stats: {
    activeJobs: number;
    pendingQuotes: number;
    totalEarningsPence: number;
    rating: number;
    reviewCount: number;
  };
  recentQuotes: DashboardQuote[];
  activeJobs: DashboardBooking[];
};

export const DASHBOARD_QUERY_KEY = ['tradesperson', 'dashboard'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<DashboardData>('/tradesperson/dashboard', { signal }),
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
    mutationFn: ({ bookingId, action }: { bookingId: string; action: BookingAction }) =>
      apiFetch<{ booking: DashboardBooking }>(`/bookings/${bookingId}/${action}`, { method: 'POST' }),
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
