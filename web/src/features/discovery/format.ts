// Texts of the tradesperson screens. The rate wording is the spec's (section 9), kept with the money rules.
import { rateText as domainRateText } from '@domain/payments/money';
import { formatCount, plural } from '@/lib/format';

/**
 * A tradesperson's rate in whole pounds per hour: '£25-45', or 'Rate on request' without one.
 * The contract's rates are already whole pounds, so a stray decimal is rounded rather than shown.
 */
export function rateText(min: number | null, max: number | null): string {
  const whole = (value: number | null) => (value === null ? null : Math.round(value));
  return domainRateText(whole(min), whole(max));
}

/**
 * The Find screen's count line (spec section 2's 'N professional(s) found'), thousands separated;
 * '1,000+ professionals found' where the server stopped counting (a search near a busy place).
 */
export function professionalsFoundText(total: number, capped = false): string {
  return capped ? `${formatCount(total)}+ professionals found` : `${plural(total, 'professional')} found`;
}

/** A tradesperson's name; the API may not have one for an account that never set it. */
export function tradespersonName(person: { fullName: string | null }): string {
  return person.fullName?.trim() || 'Tradesperson';
}

// Shapes only (the server decides what is a real place): a full postcode, or a district such as LS1.
const FULL_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/i;

/** Upper-cased with one space before the inward code ('sw1a1aa' -> 'SW1A 1AA'), or null if not postcode-shaped. */
export function postcodeLike(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  if (DISTRICT.test(value)) return value.toUpperCase();
  if (!FULL_POSTCODE.test(value)) return null;
  const compact = value.replace(/ /g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
