// Server calls for availability (docs/api/scheduling.md) as TanStack Query hooks.

import type { DayOffersResponse } from '@domain/scheduling/api';
import type { DayRefusal } from '@domain/scheduling/availability';
import { DAY_REFUSALS } from '@domain/scheduling/availability';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const availabilityKeys = {
  all: ['availability'] as const,
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
