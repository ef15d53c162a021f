import { BROWSE_CATEGORY_IDS, JOB_CATEGORIES, type Trade } from '../catalog/catalog';
import { BROWSE_CATEGORIES, TRADES_BY_JOB_CATEGORY } from './services';

// Rules of the public tradesperson search (docs/api/discovery.md), shared by the server and the
// search screens.

/** The Nearby chip: within this many miles of the searched location. */
export const NEARBY_MILES = 10;

/**
 * A search near a place counts its matches no further than this: where thousands of tradespeople cover
 * a point, the page says "1,000+ professionals found" (`totalCapped`) rather than count every one.
 */
export const TRADESPEOPLE_COUNT_CAP = 1_000;

/** The deepest page of a search the API serves (the `page` query's bound). */
export const TRADESPEOPLE_LAST_PAGE = 500;

/** Texts of the search's own errors (the contract's wording). */
export const SEARCH_MESSAGES = {
  placeNotFound: 'We could not find that place. Try a town, a city or a postcode.',
  unknownCategory: 'That category is not one we list',
} as const;

/**
 * The trades a `category` parameter stands for: a Browse Services id (`plumbing`) or a job category
 * (`Plumbing`), without regard to case. Null when it is neither; empty for a category no trade
 * serves yet (Auto, Cleaning).
 */
export function tradesForCategory(category: string): Trade[] | null {
  const key = category.trim().toLowerCase();
  const id = BROWSE_CATEGORY_IDS.find((c) => c === key);
  if (id) return [...BROWSE_CATEGORIES[id].trades];
  const jobCategory = JOB_CATEGORIES.find((c) => c.toLowerCase() === key);
  return jobCategory ? [...TRADES_BY_JOB_CATEGORY[jobCategory]] : null;
}

/**
 * Whether an unresolved location was meant as a postcode rather than a place: place names carry no
 * digits, postcodes always do. Decides between 'Invalid UK postcode format' and 'could not find that place'.
 */
export const looksLikePostcode = (location: string): boolean => /[0-9]/.test(location);

/**
 * How a reviewer is named in public: first name and the initial of the last ('Ann Smith' → 'Ann S.'),
 * so a customer's full name is never published with their words.
 */
export function shortName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}
