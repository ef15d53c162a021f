import { BROWSE_CATEGORIES } from '@domain/discovery/services';
import { MapPin, SearchX, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CHIP_FOCUS, FilterChips } from '@/components/ui/filter-chips';
import { LoadFailedCard, LoadMore } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import {
  isTradespeopleFilter,
  TRADESPEOPLE_FILTERS,
  type TradespeopleFilter,
  type TradespeopleSearch,
  useTradespeopleSearch,
} from './api';
import { professionalsFoundText } from './format';
import { TradespersonCardGrid } from './tradesperson-card';
import { TradespersonCardSkeletons } from './tradesperson-card-skeleton';

/** The search a URL asks for: ?service=, ?location=, ?category= and the chip (?filter=). */
export function searchFromParams(params: URLSearchParams): TradespeopleSearch {
  const requested = params.get('filter');
  const value = (name: string) => params.get(name)?.trim() || null;
  return {
    service: value('service'),
    location: value('location'),
    category: value('category'),
    filter: isTradespeopleFilter(requested) ? requested : 'all',
  };
}

/** A category parameter's label: a browse category id's name, or the job category as written. */
export function categoryLabel(category: string): string {
  return BROWSE_CATEGORIES[category as keyof typeof BROWSE_CATEGORIES]?.label ?? category;
}

type ResultsProps = {
  /** The cards' heading level: h2 under a page title, h3 under a results heading. */
  cardHeading?: 'h2' | 'h3';
  /** What the Nearby hint points at to enter a place. */
  locationHint?: string;
};

/**
 * Verified tradespeople for the search in the URL, with the spec's chips (really filtering), a count
 * line screen readers hear, fixed-height skeletons, empty and error states and Load more. Everything
 * the person chooses lives in the URL, so Back and a shared link keep it.
 */
export function TradespeopleResults({
  cardHeading = 'h2',
  locationHint = 'Enter a postcode or town to see professionals near you.',
}: ResultsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchFromParams(searchParams);
  const query = useTradespeopleSearch(search);

  const update = (change: (params: URLSearchParams) => void) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        change(copy);
        return copy;
      },
      { replace: true },
    );
  const choose = (next: TradespeopleFilter) =>
    update((params) => (next === 'all' ? params.delete('filter') : params.set('filter', next)));
  const clear = (name: ClearableParam) => update((params) => params.delete(name));

  const tradespeople = query.data?.pages.flatMap((page) => page.tradespeople) ?? [];
  const firstPage = query.data?.pages[0];
  const total = firstPage?.total;
  const needsLocation = search.filter === 'nearby' && firstPage !== undefined && firstPage.location === null;

  const removable: RemovableChip[] = [
    search.service && { name: 'service' as const, label: search.service, kind: 'service' },
    search.category && { name: 'category' as const, label: categoryLabel(search.category), kind: 'category' },
    search.location && { name: 'location' as const, label: search.location, kind: 'location' },
  ].filter((chip) => !!chip);

  return (
    <div>
      <SearchFilterChips search={search} removable={removable} onChoose={choose} onClear={clear} />

      <CountLine query={query} />

      <div className="mt-4" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <TradespersonCardSkeletons count={6} />
        ) : !query.data ? (
          <ResultsError query={query} search={search} onClearLocation={() => clear('location')} />
        ) : tradespeople.length === 0 ? (
          <NoResults
            hint={
              needsLocation
                ? locationHint
                : search.filter === 'all' && removable.length === 0
                  ? 'Verified tradespeople appear here as soon as they join.'
                  : 'No verified professionals match this search yet.'
            }
            canShowAll={search.filter !== 'all' && !needsLocation}
            onShowAll={() => choose('all')}
          />
        ) : (
          <>
            <TradespersonCardGrid tradespeople={tradespeople} headingLevel={cardHeading} />
            <LoadMore query={query} what="professionals" />
            <p className="sr-only" aria-live="polite">
              {total !== undefined && (tradespeople.length < total || firstPage?.totalCapped)
                ? `Showing ${tradespeople.length} of ${formatCount(total)}${firstPage?.totalCapped ? '+' : ''} professionals`
                : ''}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

type SearchQuery = ReturnType<typeof useTradespeopleSearch>;
type ClearableParam = 'service' | 'location' | 'category';
/** A part of the search shown as a chip that clears it. */
type RemovableChip = { name: ClearableParam; label: string; kind: string };

/** The spec's filter chips (one pressed), then a chip for each part of the search that clears it. */
function SearchFilterChips({
  search,
  removable,
  onChoose,
  onClear,
}: {
  search: TradespeopleSearch;
  removable: RemovableChip[];
  onChoose: (filter: TradespeopleFilter) => void;
  onClear: (name: ClearableParam) => void;
}) {
  return (
    <FilterChips
      legend="Filter professionals"
      options={TRADESPEOPLE_FILTERS}
      value={search.filter}
      onChoose={onChoose}
    >
      {removable.map((chip) => (
        <button
          key={chip.name}
          type="button"
          onClick={() => onClear(chip.name)}
          aria-label={`Clear ${chip.kind} ${chip.label}`}
          className={cn(
            'flex h-9 max-w-full items-center gap-1 rounded-full border border-primary px-3 text-sm font-medium text-primary hover:bg-muted',
            CHIP_FOCUS,
          )}
        >
          {chip.name === 'location' && <MapPin className="size-4 shrink-0" aria-hidden="true" />}
          <span className="truncate">{chip.label}</span>
          <X className="size-4 shrink-0" aria-hidden="true" />
        </button>
      ))}
    </FilterChips>
  );
}

/** One line, always present: screen readers hear the new count after each change. */
function CountLine({ query }: { query: SearchQuery }) {
  const firstPage = query.data?.pages[0];
  const total = firstPage?.total;
  return (
    <p role="status" aria-live="polite" className="mt-4 h-6 truncate text-sm text-muted-foreground">
      {query.isPending ? (
        'Searching for professionals…'
      ) : total !== undefined ? (
        <>
          <span>{professionalsFoundText(total, firstPage?.totalCapped)}</span>
          {firstPage?.location && total > 0 && <span> · nearest to {firstPage.location.label} first</span>}
        </>
      ) : (
        ''
      )}
    </p>
  );
}

/** A search the server refused, in its own words, or one that failed to load. */
function ResultsError({
  query,
  search,
  onClearLocation,
}: {
  query: SearchQuery;
  search: TradespeopleSearch;
  onClearLocation: () => void;
}) {
  const refused = query.error instanceof ApiError && query.error.status === 400;
  if (!refused) return <LoadFailedCard what="professionals" query={query} />;
  return (
    <div role="alert" className="rounded-xl border border-border bg-card p-8 text-center">
      {/* The server's own words: 'Invalid UK postcode format', an unknown place, an unknown category. */}
      <p className="font-semibold">{query.error?.message}</p>
      {search.location && (
        <Button variant="outline" className="mt-4" onClick={onClearLocation}>
          Clear location
        </Button>
      )}
    </div>
  );
}

/** No professionals for this search: why, and a way back to all of them when a chip narrowed it. */
function NoResults({
  hint,
  canShowAll,
  onShowAll,
}: {
  hint: string;
  canShowAll: boolean;
  onShowAll: () => void;
}) {
  return (
    <div className="rounded-xl border border-dashed border-border p-10 text-center">
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold">No professionals found</p>
      <p className="mt-1 text-sm text-muted-foreground">{hint}</p>
      {canShowAll && (
        <Button variant="outline" className="mt-4" onClick={onShowAll}>
          Show all professionals
        </Button>
      )}
    </div>
  );
}
