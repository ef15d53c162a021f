import { CITIES } from '@domain/catalog/catalog';
import { ArrowRight, MapPin, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { IconInput } from '@/components/ui/icon-input';
import { Label } from '@/components/ui/label';
import { postcodeLike } from './format';

const browseAt = (location: string) => `/browse?${new URLSearchParams({ location })}`;

/** The cities whose name contains what was typed (any case); all 15 for an empty box. */
export function filterCities(query: string): string[] {
  const wanted = query.trim().toLowerCase();
  return CITIES.filter((city) => city.toLowerCase().includes(wanted));
}

const TILE =
  'flex items-center gap-3 rounded-xl border border-border bg-card p-4 font-medium text-card-foreground transition-colors hover:border-primary hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * Browse by Location (spec section 2): a box filtering the 15 cities, each opening the Find screen for
 * it. A postcode typed here is offered as a search of its own, as is a town that is not on the list.
 */
export function BrowseLocation() {
  const [query, setQuery] = useState('');
  const id = useId();
  const cities = filterCities(query);
  const typed = query.trim();
  const postcode = postcodeLike(typed);
  const isListedCity = cities.some((city) => city.toLowerCase() === typed.toLowerCase());
  // Anything typed that is not one of the cities can still be searched: the server knows every UK town.
  const elsewhere = typed && !isListedCity ? (postcode ?? typed) : null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Browse by Location</h1>
      <p className="mt-2 text-muted-foreground">Find verified tradespeople who cover your area.</p>

      <div className="mt-6 grid max-w-xl gap-2">
        <Label htmlFor={id} className="sr-only">
          Search by city or postcode
        </Label>
        <IconInput
          icon={Search}
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by city or postcode"
          autoComplete="off"
        />
      </div>

      <p role="status" aria-live="polite" className="mt-4 h-6 text-sm text-muted-foreground">
        {cities.length === CITIES.length
          ? `${CITIES.length} cities`
          : `${cities.length} of ${CITIES.length} cities match`}
      </p>

      {elsewhere && (
        <Link to={browseAt(elsewhere)} className={`${TILE} mt-2 border-primary`}>
          <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate">
            {postcode ? `Tradespeople near ${postcode}` : `Tradespeople near “${typed}”`}
          </span>
          <ArrowRight className="size-4 shrink-0" aria-hidden="true" />
        </Link>
      )}

      {cities.length > 0 && (
        <ul aria-label="Cities" className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
          {cities.map((city) => (
            <li key={city}>
              <Link to={browseAt(city)} className={TILE}>
                <MapPin className="size-5 shrink-0 text-primary" aria-hidden="true" />
                {city}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
