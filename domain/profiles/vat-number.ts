// A UK VAT registration number, as HMRC issues them (VAT Notice 700/1 and HMRC's check-digit rule):
// 'GB' then 9 digits, 12 digits (a branch: 9 digits and a 3-digit branch number), or GD/HA and 3 digits
// (government departments 000-499, health authorities 500-999). People type them with spaces, dots and
// dashes and often without the 'GB'; the stored form is the prefix and digits alone ('GB980780684').

export const VAT_NUMBER_MESSAGES = {
  format: 'Enter a UK VAT number: GB and 9 digits, like GB 123 4567 89',
  checkDigits: 'That VAT number is not valid: please check the digits',
} as const;

/** Longest text the field takes before normalising ('GB 123 4567 89 012' with some separators). */
export const VAT_NUMBER_INPUT_MAX = 30;

const SHAPE = /^GB(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/;

/**
 * HMRC's check on the first 9 digits: the first 7 weighted 8 down to 2, plus the last two as a number;
 * the sum, or the sum plus 55 (numbers issued since 2010), must be a multiple of 97.
 */
export function vatCheckDigitsValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  let sum = Number(nineDigits.slice(7));
  for (let i = 0; i < 7; i++) sum += Number(nineDigits[i]) * (8 - i);
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
}

export type ParsedVatNumber = { ok: true; vatNumber: string } | { ok: false; message: string };

/** Normalises and checks a typed VAT number. */
export function parseVatNumber(input: string): ParsedVatNumber {
  let compact = input.toUpperCase().replace(/[\s.-]/g, '');
  if (/^\d/.test(compact)) compact = `GB${compact}`;
  if (!SHAPE.test(compact)) return { ok: false, message: VAT_NUMBER_MESSAGES.format };
  const digits = compact.slice(2);
  if (/^\d/.test(digits) && !vatCheckDigitsValid(digits.slice(0, 9))) {
    return { ok: false, message: VAT_NUMBER_MESSAGES.checkDigits };
  }
  return { ok: true, vatNumber: compact };
}

/** 'GB980780684' as HMRC prints it: 'GB 980 7806 84' (a branch's 3 digits after). */
export function formatVatNumber(vatNumber: string): string {
  const digits = vatNumber.slice(2);
  if (!/^\d{9}(\d{3})?$/.test(digits)) return vatNumber;
  const main = `GB ${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7, 9)}`;
  return digits.length === 12 ? `${main} ${digits.slice(9)}` : main;
}
