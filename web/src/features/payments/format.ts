import type { BookingMoneySummary } from '@domain/payments/api';

/** A moment as a UK date, '30 Nov 2026', on the UK's calendar (the release job runs on UK days). */
export function formatMoneyDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);
}

/** Where a paid booking's money is, in a few words; null before anything is paid. */
export function moneyStateText(money: BookingMoneySummary): string | null {
  if (money.state === 'unpaid') return null;
  if (money.frozen) return 'Frozen by a dispute';
  switch (money.state) {
    case 'held':
      return money.heldUntil ? `Held until ${formatMoneyDate(money.heldUntil)}` : 'Held';
    case 'released':
      return 'Released';
    case 'refunded':
      return 'Refunded';
    case 'partly_refunded':
      return 'Partly refunded';
  }
}
