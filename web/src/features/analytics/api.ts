// The tradesperson's figures (docs/api/analytics.md) as a TanStack Query hook.

import type { AnalyticsView } from '@domain/analytics/api';
import type { AnalyticsPeriod } from '@domain/analytics/periods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const analyticsKeys = {
  period: (period: AnalyticsPeriod) => ['analytics', period] as const,
};

/** The period's figures; while another period loads, the last one's stay on screen. */
export function useAnalytics(period: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.period(period),
    queryFn: ({ signal }) => apiFetch<AnalyticsView>(`/analytics?period=${period}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
