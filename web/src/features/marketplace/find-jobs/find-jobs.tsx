import { BROWSE_CATEGORIES } from '@domain/discovery/services';
import { SearchX, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FilterChips } from '@/components/ui/filter-chips';
import { LoadFailedCard, LoadMore } from '@/components/ui/list-states';
import { countOf } from '@/lib/format';
import { isOpenJobFilter, OPEN_JOB_FILTERS, type OpenJobFilter, useOpenJobs } from './api';
import { OpenJobCard, OpenJobCardSkeleton } from './open-job-card';

const SKELETON_KEYS = ['a', 'b', 'c', 'd'] as const;

/** The Find screen's count line (spec section 2's 'N job(s) available'). */
export function jobsAvailableText(total: number): string {
  return `${countOf(total, 'job')} available`;
}

/** A category parameter's label: a browse category id's name, or the job category as written. */
function categoryLabel(category: string): string {
  return BROWSE_CATEGORIES[category as keyof typeof BROWSE_CATEGORIES]?.label ?? category;
}

/**
 * The Find screen for a tradesperson (spec section 2): open jobs, newest first, with chips that really
 * filter. The chip lives in the URL (?filter=), so Back and a shared link keep it; ?category= (from
 * Browse Services) narrows the list to that category until it is cleared.
 */
export function FindJobs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('filter');
  const filter: OpenJobFilter = isOpenJobFilter(requested) ? requested : 'all';
  const category = searchParams.get('category')?.trim() || null;
  const query = useOpenJobs(filter, category);

  const clearCategory = () =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        copy.delete('category');
        return copy;
      },
      { replace: true },
    );

  const choose = (next: OpenJobFilter) =>
    setSearchParams(
      (params) => {
        const copy = new URLSearchParams(params);
        if (next === 'all') copy.delete('filter');
        else copy.set('filter', next);
        return copy;
      },
      { replace: true },
    );

  const jobs = query.data?.pages.flatMap((page) => page.jobs) ?? [];
  const total = query.data?.pages[0]?.total;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Find Jobs</h1>

      <JobFilterChips filter={filter} category={category} onChoose={choose} onClearCategory={clearCategory} />

      {/* One line, always present: screen readers hear the new count after each filter change. */}
      <p role="status" aria-live="polite" className="mt-4 h-6 text-sm text-muted-foreground">
        {query.isPending ? 'Loading jobs…' : total !== undefined ? jobsAvailableText(total) : ''}
      </p>

      <div className="mt-4" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {SKELETON_KEYS.map((key) => (
              <li key={key}>
                <OpenJobCardSkeleton />
              </li>
            ))}
          </ul>
        ) : !query.data ? (
          <LoadFailedCard what="jobs" query={query} />
        ) : jobs.length === 0 ? (
          <NoJobs filter={filter} category={category} onShowAll={() => choose('all')} />
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {jobs.map((job) => (
                <li key={job.id}>
                  <OpenJobCard job={job} />
                </li>
              ))}
            </ul>
            <LoadMore query={query} what="jobs" />
            <p className="sr-only" aria-live="polite">
              {total !== undefined && jobs.length < total ? `Showing ${jobs.length} of ${total} jobs` : ''}
            </p>
          </>
        )}
      </div>
    </div>
  );
}

/** The spec's filter chips (one pressed) and, with ?category=, a chip that clears it. */
function JobFilterChips({
  filter,
  category,
  onChoose,
  onClearCategory,
}: {
  filter: OpenJobFilter;
  category: string | null;
  onChoose: (filter: OpenJobFilter) => void;
  onClearCategory: () => void;
}) {
  return (
    <FilterChips
      legend="Filter jobs"
      options={OPEN_JOB_FILTERS}
      value={filter}
      onChoose={onChoose}
      className="mt-4"
    >
      {category && (
        <button
          type="button"
          onClick={onClearCategory}
          aria-label={`Clear category ${categoryLabel(category)}`}
          className="flex h-9 items-center gap-1 rounded-full border border-primary px-3 text-sm font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {categoryLabel(category)}
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </FilterChips>
  );
}

/** No open jobs for this filter: why, and a way back to all jobs when a chip narrowed it. */
function NoJobs({
  filter,
  category,
  onShowAll,
}: {
  filter: OpenJobFilter;
  category: string | null;
  onShowAll: () => void;
}) {
  return (
    <div className="rounded-xl border border-dashed border-border p-10 text-center">
      <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold">No jobs available</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {filter === 'all' && !category
          ? 'New jobs appear here as soon as customers post them.'
          : 'No open jobs match this filter right now.'}
      </p>
      {filter !== 'all' && (
        <Button variant="outline" className="mt-4" onClick={onShowAll}>
          Show all jobs
        </Button>
      )}
    </div>
  );
}
