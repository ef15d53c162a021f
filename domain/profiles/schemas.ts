import { z } from 'zod';
import { LIMITS, TRADES } from '../catalog/catalog';
import { POSTCODE_MESSAGES, parsePostcode } from '../geo/postcode';
import { PROFILE_LIMITS } from './limits';
import { parseVatNumber, VAT_NUMBER_INPUT_MAX, VAT_NUMBER_MESSAGES } from './vat-number';

// The tradesperson's own profile and Business Setup rules (spec section 5, Profile), shared by the
// Edit Profile and Business Setup forms and the API, so the browser and a hand-made request hear the
// same words. The spec fixes only "trade required, from the 10 trades; rates and years whole numbers,
// empty becomes null; tags trimmed and unique"; the bounds below keep profiles readable and rows small.

export { PROFILE_LIMITS };

export const PROFILE_MESSAGES = {
  trade: 'Please select your trade',
  bioLong: 'Bio must be less than 2000 characters',
  yearsWhole: 'Years of experience must be a whole number',
  yearsRange: 'Years of experience must be between 0 and 80',
  rateWhole: 'Hourly rates must be whole pounds',
  rateRange: 'Hourly rates must be between £0 and £1,000',
  rateOrder: 'Maximum rate must be greater than or equal to minimum rate',
  specialtiesTooMany: 'You can add up to 20 specialties',
  specialtyTooLong: 'Each specialty must be 50 characters or fewer',
  serviceAreasTooMany: 'You can add up to 20 service areas',
  serviceAreaTooLong: 'Each service area must be 50 characters or fewer',
  postcodeRequired: 'Please enter your base postcode',
  radius: 'Service radius must be a whole number of miles from 1 to 200',
  businessNameLong: 'Business name must be less than 100 characters',
  phoneInvalid: 'Please enter a valid UK phone number',
  tagDuplicate: 'That is already in the list',
} as const;

/** Messages of the Business Setup and profile endpoints that are not about one field's format. */
export const SETUP_MESSAGES = {
  needsTrade: 'Please select your trade before completing setup',
  needsPostcode: 'Please enter your base postcode before completing setup',
} as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A whole number typed into a form (text) or sent as JSON (a number); empty becomes null. Decimals,
 * exponents and words are "not whole"; whole numbers outside [min, max] get the range message.
 */
function wholeNumber(min: number, max: number, messages: { whole: string; range: string }) {
  return z
    .union([z.number(), z.string().max(LIMITS.formValueMax, messages.whole), z.null()], {
      error: messages.whole,
    })
    .optional()
    .transform((v, ctx) => {
      if (isBlank(v)) return null;
      const text = typeof v === 'number' ? String(v) : (v as string).trim();
      const n = typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(n) || !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: messages.whole });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: messages.range });
        return z.NEVER;
      }
      return n;
    });
}

const rate = wholeNumber(0, PROFILE_LIMITS.ratePoundsMax, {
  whole: PROFILE_MESSAGES.rateWhole,
  range: PROFILE_MESSAGES.rateRange,
});

const yearsExperience = wholeNumber(0, PROFILE_LIMITS.yearsMax, {
  whole: PROFILE_MESSAGES.yearsWhole,
  range: PROFILE_MESSAGES.yearsRange,
});

/** Service radius: required, whole miles 1–200 (the column's own bounds). */
const serviceRadiusMiles = wholeNumber(PROFILE_LIMITS.radiusMilesMin, PROFILE_LIMITS.radiusMilesMax, {
  whole: PROFILE_MESSAGES.radius,
  range: PROFILE_MESSAGES.radius,
}).transform((v, ctx) => {
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.radius });
    return z.NEVER;
  }
  return v;
});

/** Trims a tag and collapses inner runs of whitespace, so 'Boiler   repair ' and 'Boiler repair' are one. */
export function normaliseTag(tag: string): string {
  return tag.trim().replace(/\s+/g, ' ');
}

/** Whether `tag` is already in `tags`, ignoring letter case and spacing ('Boilers' = 'boilers '). */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const key = normaliseTag(tag).toLowerCase();
  return tags.some((t) => normaliseTag(t).toLowerCase() === key);
}

/**
 * A tag list: each tag trimmed, empty ones dropped, duplicates (any letter case) kept once in the
 * order first given, then bounded in count and length. Missing or null is an empty list.
 */
function tagList(messages: { tooMany: string; tooLong: string }) {
  return (
    z
      .array(z.string({ error: messages.tooLong }).max(LIMITS.formValueMax, messages.tooLong), {
        error: messages.tooMany,
      })
      // A generous bound on the raw list, so a hostile request is refused before any work is done.
      .max(PROFILE_LIMITS.tagsMax * 5, messages.tooMany)
      .nullish()
      .transform((raw, ctx) => {
        const tags: string[] = [];
        for (const value of raw ?? []) {
          const tag = normaliseTag(value);
          if (tag !== '' && !hasTag(tags, tag)) tags.push(tag);
        }
        if (tags.some((t) => t.length > PROFILE_LIMITS.tagLengthMax)) {
          ctx.addIssue({ code: 'custom', message: messages.tooLong });
          return z.NEVER;
        }
        if (tags.length > PROFILE_LIMITS.tagsMax) {
          ctx.addIssue({ code: 'custom', message: messages.tooMany });
          return z.NEVER;
        }
        return tags;
      })
  );
}

const specialties = tagList({
  tooMany: PROFILE_MESSAGES.specialtiesTooMany,
  tooLong: PROFILE_MESSAGES.specialtyTooLong,
});
const serviceAreas = tagList({
  tooMany: PROFILE_MESSAGES.serviceAreasTooMany,
  tooLong: PROFILE_MESSAGES.serviceAreaTooLong,
});

/** Optional free text: trimmed, empty becomes null. */
function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}

const trade = z.enum(TRADES, { error: PROFILE_MESSAGES.trade });
const bio = optionalText(PROFILE_LIMITS.bioMax, PROFILE_MESSAGES.bioLong);

function postcodeOrIssue(value: string, ctx: z.RefinementCtx): string {
  const parsed = parsePostcode(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }
  return parsed.postcode;
}

/** The base postcode on Edit Profile: the spec's postcode messages; empty clears it. */
const optionalBasePostcode = z
  .union([z.string().max(LIMITS.formValueMax, POSTCODE_MESSAGES.tooLong), z.null()], {
    error: PROFILE_MESSAGES.postcodeRequired,
  })
  .optional()
  .transform((v, ctx) => (isBlank(v) ? null : postcodeOrIssue(v as string, ctx)));

/** Business Details asks where the business is based: required there. */
const requiredBasePostcode = z
  .string({ error: PROFILE_MESSAGES.postcodeRequired })
  .max(LIMITS.formValueMax, POSTCODE_MESSAGES.tooLong)
  .trim()
  .min(1, PROFILE_MESSAGES.postcodeRequired)
  .transform(postcodeOrIssue);

// A UK number as people write it: 07700 900123, 0161 496 0000, +44 (0)161 496 0000, +44 7700 900123.
const UK_PHONE = /^(?:0|\+44|0044)\d{9,10}$/;

const phone = z
  .string({ error: PROFILE_MESSAGES.phoneInvalid })
  .trim()
  .max(PROFILE_LIMITS.phoneMax, PROFILE_MESSAGES.phoneInvalid)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    // Separators go, and so does the trunk 0 people put after +44 ('+44 (0)161 …').
    if (!UK_PHONE.test(v.replace(/[\s().-]/g, '').replace(/^\+440/, '+44'))) {
      ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return v.replace(/\s+/g, ' ');
  });

/** Optional: blank means not VAT registered; otherwise normalised ('GB980780684') and checked. */
const vatNumber = z
  .string({ error: VAT_NUMBER_MESSAGES.format })
  .max(VAT_NUMBER_INPUT_MAX, VAT_NUMBER_MESSAGES.format)
  .nullish()
  .transform((v, ctx) => {
    if (!v || v.trim() === '') return null;
    const parsed = parseVatNumber(v);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.vatNumber;
  });

function rateOrder(v: { hourlyRateMin: number | null; hourlyRateMax: number | null }, ctx: z.RefinementCtx) {
  if (v.hourlyRateMin !== null && v.hourlyRateMax !== null && v.hourlyRateMax < v.hourlyRateMin) {
    ctx.addIssue({ code: 'custom', path: ['hourlyRateMax'], message: PROFILE_MESSAGES.rateOrder });
  }
}

// Field order is the forms' order: the first message reported is the first field on screen.

/** PUT /tradesperson/profile: the Edit Profile form, a full replacement of its fields. */
export const UpdateProfileBody = z
  .object({
    trade,
    bio,
    yearsExperience,
    hourlyRateMin: rate,
    hourlyRateMax: rate,
    specialties,
    serviceAreas,
    basePostcode: optionalBasePostcode,
    serviceRadiusMiles,
    vatNumber,
  })
  .superRefine(rateOrder);
export type UpdateProfileInput = z.input<typeof UpdateProfileBody>;
export type UpdateProfile = z.output<typeof UpdateProfileBody>;

/** PUT /tradesperson/setup/details: Business Setup step 1. */
export const SetupDetailsBody = z.object({
  businessName: optionalText(PROFILE_LIMITS.businessNameMax, PROFILE_MESSAGES.businessNameLong),
  phone,
  basePostcode: requiredBasePostcode,
  serviceRadiusMiles,
});
export type SetupDetailsInput = z.input<typeof SetupDetailsBody>;
export type SetupDetails = z.output<typeof SetupDetailsBody>;

/** PUT /tradesperson/setup/services: Business Setup step 2. */
export const SetupServicesBody = z
  .object({
    trade,
    specialties,
    hourlyRateMin: rate,
    hourlyRateMax: rate,
    yearsExperience,
    bio,
  })
  .superRefine(rateOrder);
export type SetupServicesInput = z.input<typeof SetupServicesBody>;
export type SetupServices = z.output<typeof SetupServicesBody>;
