// Server calls for availability (docs/api/scheduling.md) as TanStack Query hooks.

import type { DayOffersResponse } from '@domain/scheduling/api';
import type { AvailabilityInput, DayRefusal } from '@domain/scheduling/availability';
import { DAY_REFUSALS } from '@domain/scheduling/availability';
import type { AvailabilityResponse, TimeOffCreatedResponse } from '@domain/scheduling/availability-api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const availabilityKeys = {
  all: ['availability'] as const,
  mine: ['availability', 'mine'] as const,
  days: (tradespersonId: string, from: string, to: string, exceptBooking?: string) =>
    ['availability', 'days', tradespersonId, from, to, exceptBooking ?? null] as const,
};

/**
 * The days of [from, to] a tradesperson cannot be booked on, each with why (for DateCalendar's
 * `unavailable`). The server checks again when the booking is made.
 */
export function useUnavailableDays(
  tradespersonId: string | undefined,
  from: string,
  to: string,
  exceptBooking?: string,
) {
  return useQuery({
    queryKey: availabilityKeys.days(tradespersonId ?? '', from, to, exceptBooking),
    queryFn: async () => {
      const query = new URLSearchParams({ from, to, ...(exceptBooking ? { exceptBooking } : {}) });
      const { days } = await apiFetch<DayOffersResponse>(
        `/tradespeople/${encodeURIComponent(tradespersonId!)}/bookable-days?${query}`,
      );
      return new Map(
        days.flatMap((d) => (d.refusal ? [[d.date, refusalText(d.refusal)] as const] : [])),
      ) as ReadonlyMap<string, string>;
    },
    enabled: tradespersonId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Why a day cannot be booked, as the calendar reads it out. */
export const refusalText = (refusal: DayRefusal) => DAY_REFUSALS[refusal];

/** The signed-in tradesperson's pattern and time off to come. */
export function useMyAvailability() {
  return useQuery({
    queryKey: availabilityKeys.mine,
    queryFn: ({ signal }) => apiFetch<AvailabilityResponse>('/availability', { signal }),
  });
}

/**
 * A change to the pattern or the time off changes which days every calendar offers: the answer (or a
 * refetch) replaces the settings, and the offered days are asked for again.
 */
function useAvailabilityMutation<V, R>(
  send: (vars: V) => Promise<R>,
  shown?: (answer: R) => AvailabilityResponse,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      if (shown) queryClient.setQueryData(availabilityKeys.mine, shown(answer));
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
}

export function useSaveAvailability() {
  return useAvailabilityMutation(
    (body: AvailabilityInput) =>
      apiFetch<AvailabilityResponse>('/availability', { method: 'PUT', json: body }),
    (answer) => answer,
  );
}

export function useAddTimeOff() {
  return useAvailabilityMutation((body: { startsOn: string; endsOn: string; note: string | null }) =>
    apiFetch<TimeOffCreatedResponse>('/availability/time-off', { method: 'POST', json: body }),
  );
}

export function useRemoveTimeOff() {
  return useAvailabilityMutation((id: string) =>
    apiFetch<void>(`/availability/time-off/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}
