// UK postcode parsing shared by the browser (post-job form) and the server (API, geocoding).
// Pure: no Node APIs.
import { z } from 'zod';
import { LIMITS } from '../catalog/catalog';

/** Spec section 5, Post job. Written once here; the form, the API and the tests read them from here. */
export const POSTCODE_MESSAGES = {
  invalid: 'Invalid UK postcode format',
  tooLong: 'Postcode is too long',
} as const;

/** Spec section 5 and section 9: "postcode max 10". */
export const POSTCODE_MAX_LENGTH = 10;

// The spec's "UK postcode pattern", written over the compact form (whitespace removed) so that the
// inward code is always the last three characters and the outward code is unambiguous.
const COMPACT_POSTCODE = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})$/;

// GIR 0AA (Girobank, Bootle) is a real, still-allocated UK postcode that predates the standard shape, and
// BS 7666 lists it as the one exception. Rejecting it with "Invalid UK postcode format" would be false,
// so it parses; it has no coordinates in the bundled data, so geocoding answers not_found.
// Deliberately not accepted: BFPO numbers (not postcodes), the overseas-territory codes such as
// ASCN 1ZZ or GX11 1AA (not UK addresses a tradesperson can visit), SAN TA1 (non-geographic novelty)
// and the pre-1984 Newport "NPT" codes (withdrawn).
const SPECIAL_POSTCODES: ReadonlyMap<string, { outcode: string; inward: string }> = new Map([
  ['GIR0AA', { outcode: 'GIR', inward: '0AA' }],
]);

const COMPACT_OUTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const WHITESPACE = /\s+/g;

export type PostcodeMessage = (typeof POSTCODE_MESSAGES)[keyof typeof POSTCODE_MESSAGES];

export interface ParsedPostcode {
  ok: true;
  /** Normalised: upper case, one space before the inward code, e.g. `SW1A 1AA`. */
  postcode: string;
  /** Outward code (postcode district), e.g. `SW1A`. */
  outcode: string;
  /** Outward code, one space, first character of the inward code, e.g. `SW1A 1`. */
  sector: string;
  /** Leading letters, e.g. `SW`. */
  area: string;
  /** Inward code, e.g. `1AA`. */
  inward: string;
}

export interface PostcodeError {
  ok: false;
  message: PostcodeMessage;
}

export type PostcodeResult = ParsedPostcode | PostcodeError;

export interface ParsedOutcode {
  ok: true;
  outcode: string;
  area: string;
}

export type OutcodeResult = ParsedOutcode | PostcodeError;

// ASCII only: String#toUpperCase maps 'ß' to 'SS' and 'ı' to 'I', which would let non-postcode text
// through the pattern and change the length the spec's limit is measured on.
function upperAscii(input: string): string {
  return input.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

function compact(input: string): string {
  return upperAscii(input.replace(WHITESPACE, ''));
}

function splitCompact(value: string): { outcode: string; inward: string } | undefined {
  const special = SPECIAL_POSTCODES.get(value);
  if (special) return special;
  const match = COMPACT_POSTCODE.exec(value);
  if (!match) return undefined;
  return { outcode: match[1]!, inward: match[2]! };
}

function areaOf(outcode: string): string {
  return /^[A-Z]+/.exec(outcode)?.[0] ?? outcode;
}

/**
 * Upper-cases, trims and fixes the spacing of a postcode: `' sw1a1aa '` -> `'SW1A 1AA'`.
 *
 * Whitespace anywhere inside is tolerated, as GOV.UK's address pattern asks ("allow postcodes with
 * extra spaces ... in the middle"), because people paste `SW1A  1AA` or type `SW1 A1AA`. Input that is
 * not shaped like a postcode is only trimmed, upper-cased and has its whitespace runs collapsed, so the
 * function is total and idempotent.
 */
export function normalisePostcode(input: string): string {
  const parts = splitCompact(compact(input));
  if (parts) return `${parts.outcode} ${parts.inward}`;
  return upperAscii(input.trim().replace(WHITESPACE, ' '));
}

/**
 * Validates a UK postcode with the spec's messages. The length rule is checked first, on the trimmed
 * input as typed, because the spec's limit is on what the user entered (and the column it is stored
 * in), not on the normalised form.
 */
export function parsePostcode(input: string): PostcodeResult {
  const trimmed = input.trim();
  if (trimmed.length > POSTCODE_MAX_LENGTH) return { ok: false, message: POSTCODE_MESSAGES.tooLong };
  const parts = splitCompact(compact(trimmed));
  if (!parts) return { ok: false, message: POSTCODE_MESSAGES.invalid };
  const { outcode, inward } = parts;
  return {
    ok: true,
    postcode: `${outcode} ${inward}`,
    outcode,
    sector: `${outcode} ${inward[0]}`,
    area: areaOf(outcode),
    inward,
  };
}

export function isValidPostcode(input: string): boolean {
  return parsePostcode(input).ok;
}

/** Parses a bare postcode district (`m1`, `SW1A`), as typed into a location search. */
export function parseOutcode(input: string): OutcodeResult {
  const trimmed = input.trim();
  if (trimmed.length > POSTCODE_MAX_LENGTH) return { ok: false, message: POSTCODE_MESSAGES.tooLong };
  const outcode = compact(trimmed);
  if (!COMPACT_OUTCODE.test(outcode)) return { ok: false, message: POSTCODE_MESSAGES.invalid };
  return { ok: true, outcode, area: areaOf(outcode) };
}

/**
 * The post-job form and the API share this schema: trims, reports the spec's messages and outputs the
 * normalised postcode.
 */
export const postcodeSchema = z
  .string({ error: POSTCODE_MESSAGES.invalid })
  .max(LIMITS.formValueMax, POSTCODE_MESSAGES.tooLong)
  .trim()
  .transform((value, ctx) => {
    const result = parsePostcode(value);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    return result.postcode;
  });
