import { z } from 'zod';
import { LIMITS } from './catalog/catalog';
import { POSTCODE_MAX_LENGTH } from './geo/postcode';
import { PROFILE_LIMITS } from './profiles/limits';

// Field schemas the API contracts (domain/*/api.ts) share, each with the bound that is true of where
// its values come from: a PostgreSQL uuid, a timestamp written by Date#toISOString, a column whose
// CHECK constraint or request validation caps it. The OpenAPI document shows these bounds to clients
// and to the OWASP lint (docs/api/openapi.md). Responses are written by fast-json-stringify, which does
// not check them (decision 0010): a bound here is a promise, so it is only ever the source's own.

/** A row's id: a PostgreSQL `uuid` (gen_random_uuid), 36 characters. */
export const Id = z.uuid().max(36);

/**
 * A moment, as Date#toISOString writes it: 'YYYY-MM-DDTHH:mm:ss.sssZ', 24 characters for the years
 * 0-9999 (every timestamp here is a server clock reading or a date the validators keep near today).
 */
export const Timestamp = z.iso.datetime().max(24);

/** A calendar date, 'YYYY-MM-DD' (a PostgreSQL `date`, or one computed as such). */
export const CalendarDate = z.iso.date().max(10);

/** A person's full name (users' `full_name`, CHECK ≤ 100; the sign-up and settings validators). */
export const PersonName = z.string().max(LIMITS.nameMax);

/** An account's email (users' `email`, CHECK between 3 and 255, validated as an email at sign-up). */
export const Email = z.email().max(LIMITS.emailMax);

/** A normalised UK postcode or outward code ('SW1A 1AA', 'SW1A'), as the postcode validator keeps it. */
export const Postcode = z.string().max(POSTCODE_MAX_LENGTH);

/** A job's title and description (job_postings CHECKs). */
export const JobTitle = z.string().max(LIMITS.jobTitleMax);
export const JobDescription = z.string().max(LIMITS.jobDescriptionMax);

/** A keyset cursor, which list routes take back in their query (max 200 there). */
export const Cursor = z.string().max(200);

/**
 * PostgreSQL's own bound on a `text` value (1 GB, so at most that many characters), for the few fields
 * whose source puts no tighter limit on them: text a payment provider or the server itself writes.
 */
export const TEXT_MAX = 1_073_741_823;
export const Text = z.string().max(TEXT_MAX);

/**
 * A message the server writes from its own catalogue (domain/*\/messages.ts) or a fixed template: the
 * longest is far below this; it is a bound, not a promise of that length.
 */
export const SERVER_TEXT_MAX = 2000;
export const ServerText = z.string().max(SERVER_TEXT_MAX);

/** A value from one of the catalogue's lists (trades, job categories), stored as text: its longest. */
export const catalogString = (values: readonly string[]) =>
  z.string().max(Math.max(...values.map((value) => value.length)));

/**
 * A place or area name: the bundled UK tables' names (the longest is 26 characters), geoip-lite's
 * city names (46 bytes at most) and a tradesperson's service-area tags (50).
 */
export const PlaceName = z.string().max(100);

/** A quote's message (quotes_message_length CHECK, 1 to 2000). */
export const QuoteMessage = z.string().max(2000);

/** A chat message (messages' CHECK, LIMITS.messageMax). */
export const MessageContent = z.string().max(LIMITS.messageMax);

/** A review's comment or the tradesperson's reply (reviews' CHECKs, LIMITS.reviewCommentMax). */
export const ReviewText = z.string().max(LIMITS.reviewCommentMax);

/** A profile tag (specialty, service area) and the list of them, as the profile validators keep them. */
export const Tags = z.array(z.string().max(PROFILE_LIMITS.tagLengthMax)).max(PROFILE_LIMITS.tagsMax);

/** An IP address as Node writes it (an IPv4-mapped IPv6 address is the longest, 45 characters). */
export const IpAddress = z.string().max(45);

/**
 * A list the server does not cap: it grows with one account's or one booking's history. Rather than a
 * `maxItems` the data could exceed, the document says so and why (`x-unbounded`), which the project's
 * Spectral rule accepts in place of a cap (.spectral.yaml). Paging these is work still to do.
 */
export const unbounded = <T extends z.ZodType>(items: T, why: string) =>
  z.array(items).meta({ 'x-unbounded': why });
