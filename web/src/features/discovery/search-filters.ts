// What a tradespeople search asks for: shared by the API hooks and the query keys.

/** The Find screen's chips, in the spec's order, with the API's filter value for each. */
export const TRADESPEOPLE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'verified', label: 'Verified' },
  { value: 'top-rated', label: 'Top Rated' },
  { value: 'nearby', label: 'Nearby' },
] as const;
export type TradespeopleFilter = (typeof TRADESPEOPLE_FILTERS)[number]['value'];

export function isTradespeopleFilter(value: string | null): value is TradespeopleFilter {
  return TRADESPEOPLE_FILTERS.some((f) => f.value === value);
}

export type TradespeopleSearch = {
  service: string | null;
  location: string | null;
  category: string | null;
  filter: TradespeopleFilter;
};
