// Money is integer pence everywhere; these are the only places pounds are parsed or shown.
import { lazily } from '../lazily';

/** 15% of each payment, taken from the tradesperson's side (spec section 1, DOMAIN-RULES 6). */
export const PLATFORM_FEE_BASIS_POINTS = 1500;

export type ParsedMoney = { ok: true; pence: number } | { ok: false };

const POUNDS = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Pounds as typed ('£19.99', '19.9', '1,250', '20') to pence, without floating point: '19.99' is
 * 1999 exactly. More than two decimals, negatives and anything else are refused.
 */
export function parsePoundsToPence(input: string | number): ParsedMoney {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = POUNDS.exec(text);
  if (!match) return { ok: false };
  const whole = Number.parseInt(match[1]!.replaceAll(',', ''), 10);
  const fraction = Number.parseInt((match[2] ?? '0').padEnd(2, '0'), 10);
  const pence = whole * 100 + fraction;
  return Number.isSafeInteger(pence) ? { ok: true, pence } : { ok: false };
}

const POUNDS_AND_PENCE = lazily(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));
const WHOLE_POUNDS = lazily(
  () =>
    new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);

/** '£1,234.50' (decimals: 2, dashboard and milestones) or '£1,235' (decimals: 0, job lists). */
export function formatPence(pence: number, decimals: 0 | 2 = 2): string {
  // `+ 0` makes -0 plain 0, which Intl would write as '-£0.00'.
  const pounds = pence / 100 + 0;
  return (decimals === 0 ? WHOLE_POUNDS : POUNDS_AND_PENCE)().format(pounds);
}

/** Whole-pound text without the separator, as the spec's budget strings show it ('£a-£b'). */
const pounds = (pence: number) => `£${Math.round(pence / 100)}`;

/**
 * The spec's budget texts: '£a-£b', 'From £a', 'Up to £b', and when there is none 'Budget TBD' on the
 * customer's own list or 'Budget not specified' on the job lists tradespeople see.
 */
export function budgetText(
  min: number | null,
  max: number | null,
  none: 'Budget TBD' | 'Budget not specified',
): string {
  if (min !== null && max !== null) return `${pounds(min)}-${pounds(max)}`;
  if (min !== null) return `From ${pounds(min)}`;
  if (max !== null) return `Up to ${pounds(max)}`;
  return none;
}

/** A tradesperson's rate: '£min-max' or 'Rate on request' (whole pounds per hour). */
export function rateText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `£${min}-${max}`;
  if (min !== null) return `£${min}`;
  if (max !== null) return `£${max}`;
  return 'Rate on request';
}

/** The platform fee on an amount, rounded half up to the penny. */
export function platformFeePence(amountPence: number): number {
  return Math.floor((amountPence * PLATFORM_FEE_BASIS_POINTS + 5000) / 10000);
}
