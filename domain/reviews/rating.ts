/** Ratings run from 1 to 5; "Top Rated" means a shown rating of at least this. */
export const TOP_RATED_FROM = 4.5;

/**
 * A person's rating (DOMAIN-RULES 8): the mean of the reviews they received, rounded to 1 decimal
 * (halves up, as PostgreSQL's `round(numeric)` does), 0 with none. Computed from integer totals so
 * that the same person shows the same number on every screen.
 */
export function ratingFromTotals(total: number, count: number): number {
  if (count <= 0) return 0;
  // total * 10 / count is a ratio of small integers: an exact half stays exact in floating point.
  return Math.round((total * 10) / count) / 10;
}
