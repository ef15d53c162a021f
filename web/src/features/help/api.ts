import type { SupportContactView } from '@domain/help/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api';

export const SUPPORT_CONTACT_QUERY_KEY = ['support', 'contact'] as const;

export function useSupportContact() {
  return useQuery({
    queryKey: SUPPORT_CONTACT_QUERY_KEY,
    queryFn: () => apiFetch<SupportContactView>('/support/contact'),
    // Changes only when the server restarts with new settings.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A `tel:` link in international form, so it dials the same from any phone, at home or abroad:
 * '0113 496 0000' (UK national form) → 'tel:+441134960000'.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `tel:+44${digits.slice(1)}`;
  return `tel:${digits}`;
}
