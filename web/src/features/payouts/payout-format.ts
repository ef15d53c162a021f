import type { BookingMoneySummary, MoneyState, PayoutView } from '@domain/payments/api';
import { formatDate } from '@/lib/format';

// How money states read on the tradesperson's screens ('Held until 30 Nov 2026').

/** The one line a completed booking shows about its money: 'Held until 30 Nov 2026', 'Released' … */
export function bookingMoneyText(money: BookingMoneySummary): string {
  if (money.frozen) return 'Frozen by a dispute';
  return paymentStateText(money.state, money.heldUntil);
}

export function paymentStateText(state: MoneyState, heldUntil: string | null): string {
  switch (state) {
    case 'unpaid':
      return 'Awaiting payment';
    case 'held':
      return heldUntil ? `Held until ${formatDate(heldUntil)}` : 'Held in escrow';
    case 'released':
      return 'Released';
    case 'refunded':
      return 'Refunded';
    case 'partly_refunded':
      return 'Partly refunded';
  }
}

export const PAYOUT_STATUS_LABELS: Record<PayoutView['status'], string> = {
  pending: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
};

// The provider's requirement codes ('individual.dob.day', 'external_account') in plain words. Several
// codes can name one thing (a date of birth is three), so the list is de-duplicated after translation.
const REQUIREMENT_WORDS: [prefix: string, words: string][] = [
  ['external_account', 'Bank account for payouts'],
  ['individual.first_name', 'Legal name'],
  ['individual.last_name', 'Legal name'],
  ['individual.dob', 'Date of birth'],
  ['individual.address', 'Home address'],
  ['individual.email', 'Email address'],
  ['individual.phone', 'Phone number'],
  ['individual.verification', 'Proof of identity'],
  ['individual.id_number', 'Identity number'],
  ['tos_acceptance', 'Accept the payment provider’s terms'],
  ['business_profile.url', 'Business website'],
  ['business_profile.mcc', 'Type of business'],
  ['business_profile', 'Business details'],
  ['business_type', 'Business type'],
  ['company', 'Company details'],
  ['representative', 'Details of the person who runs the business'],
];

function requirementWords(code: string): string {
  const known = REQUIREMENT_WORDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}.`));
  if (known) return known[1];
  // Unknown codes: the last meaningful part, in words ('settings.payouts.schedule' → 'Schedule').
  const parts = code.split('.').filter((p) => !/^\d+$/.test(p));
  const last = (parts.at(-1) ?? code).replaceAll('_', ' ').trim();
  return last ? last.charAt(0).toUpperCase() + last.slice(1) : code;
}

/** requirementsCurrentlyDue as a readable, de-duplicated list. */
export function readableRequirements(codes: readonly string[]): string[] {
  return [...new Set(codes.map(requirementWords))];
}
