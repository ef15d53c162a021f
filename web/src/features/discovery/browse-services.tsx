import { BROWSE_CATEGORY_IDS, type BrowseCategoryId } from '@domain/catalog/catalog';
import { BROWSE_CATEGORIES } from '@domain/discovery/services';
// Car and Flower2 would suit too, but the landing page uses them: sharing an icon with a page splits
// it into a chunk of its own, one more request in the landing page's first JavaScript.
import {
  CarFront,
  Droplets,
  Hammer,
  House,
  type LucideIcon,
  MapPin,
  Paintbrush,
  ShieldCheck,
  Sparkles,
  Trees,
  Wrench,
  Zap,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { HeroSearch } from './hero-search';
import { TradespeopleResults } from './tradespeople-results';

const CATEGORY_ICONS: Record<BrowseCategoryId, LucideIcon> = {
  home: House,
  auto: CarFront,
  garden: Trees,
  cleaning: Sparkles,
  repair: Wrench,
  electrical: Zap,
  plumbing: Droplets,
  security: ShieldCheck,
  painting: Paintbrush,
  carpentry: Hammer,
};

/** 'Results for “Plumbing” near LS1', 'Results for “Plumbing”', 'Professionals near LS1'. */
export function searchedHeading(service: string | null, location: string | null): string {
  if (service && location) return `Results for “${service}” near ${location}`;
  if (service) return `Results for “${service}”`;
  return `Professionals near ${location}`;
}

/**
 * Browse Services (spec section 2): the public search. With ?service= or ?location= (from the landing
 * search or Popular Categories) it lists the matching verified tradespeople; below, the grid of the 10
 * categories, each opening the Find screen for it.
 */
export function BrowseServices() {
  const [searchParams] = useSearchParams();
  const service = searchParams.get('service')?.trim() || null;
  const location = searchParams.get('location')?.trim() || null;
  const searched = service !== null || location !== null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Browse Services</h1>
        <p className="mt-2 mb-6 text-muted-foreground">
          Search for a service near you, or pick a category below.
        </p>
        {/* Remounted per search so its fields show what the results are for. */}
        <HeroSearch
          key={`${service}|${location}`}
          idPrefix="services"
          defaultService={service ?? ''}
          defaultLocation={location ?? ''}
        />
      </div>

      {searched && (
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="mb-4 text-2xl font-bold tracking-tight break-words">
            {searchedHeading(service, location)}
          </h2>
          <TradespeopleResults
            cardHeading="h3"
            locationHint="Enter a postcode in the search above to see professionals near you."
          />
        </section>
      )}

      <section aria-labelledby="categories-heading">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="categories-heading" className="text-2xl font-bold tracking-tight">
            Browse by category
          </h2>
          <Link
            to="/browse-location"
            className="flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <MapPin className="size-4" aria-hidden="true" />
            Browse by location
          </Link>
        </div>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {BROWSE_CATEGORY_IDS.map((id) => {
            const Icon = CATEGORY_ICONS[id];
            return (
              <li key={id}>
                <Link
                  to={`/browse?category=${id}`}
                  className="flex h-full flex-col items-center gap-3 rounded-xl border border-border bg-card p-5 text-center font-medium text-card-foreground transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <Icon className="size-7 text-primary" aria-hidden="true" />
                  {BROWSE_CATEGORIES[id].label}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
