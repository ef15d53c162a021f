import { MapPin, Search } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { IconInput } from '@/components/ui/icon-input';
import { Label } from '@/components/ui/label';
import { useTypedBeforeStart } from '@/lib/use-typed-before-start';

type HeroSearchProps = {
  /** A postcode district to offer (the visitor lookup) until the person types their own. */
  suggestedLocation?: string | null;
  defaultService?: string;
  defaultLocation?: string;
  serviceLabel?: string;
  /** Keeps the inputs' ids unique when a page has more than one search. */
  idPrefix?: string;
};

/**
 * The landing search (also on customer home and Browse Services): a service and a postcode, sent to
 * /browse-services as query parameters.
 */
export function HeroSearch({
  suggestedLocation = null,
  defaultService = '',
  defaultLocation,
  serviceLabel = 'What service do you need?',
  idPrefix = 'hero',
}: HeroSearchProps) {
  const navigate = useNavigate();
  // Null until the person edits the field: until then the suggestion (which may arrive late) shows,
  // and afterwards what they typed always wins, even an emptied field.
  const [typedLocation, setTypedLocation] = useState<string | null>(defaultLocation || null);
  const location = typedLocation ?? suggestedLocation ?? '';
  const locationInput = useRef<HTMLInputElement>(null);
  // Else the suggestion arriving after the app starts would replace a postcode typed before it.
  useTypedBeforeStart(locationInput, location, setTypedLocation);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    // Both as the boxes show them: a search replayed while the app takes the page over runs before
    // the effect that adopts a postcode typed before it started.
    const service = String(form.get('service') ?? '').trim();
    const place = String(form.get('location') ?? location).trim();
    if (service) params.set('service', service);
    if (place) params.set('location', place);
    const query = params.toString();
    navigate(query ? `/browse-services?${query}` : '/browse-services');
  }

  return (
    // role="search" rather than the newer <search> element, which older browsers (and happy-dom) lack.
    // action and method make the same search work as a plain form before the app has started (the
    // landing page is pre-rendered) or without JavaScript; with it, onSubmit navigates in the app.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      role="search"
      aria-label="Find a tradesperson"
      action="/browse-services"
      method="get"
      onSubmit={onSubmit}
      className="mx-auto grid w-full max-w-3xl gap-3 rounded-xl border border-border bg-card p-4 text-left shadow-lg sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-service`}>{serviceLabel}</Label>
        <IconInput
          icon={Search}
          id={`${idPrefix}-service`}
          name="service"
          defaultValue={defaultService}
          placeholder="e.g. Plumber, Electrician"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-location`}>Postcode</Label>
        <IconInput
          icon={MapPin}
          id={`${idPrefix}-location`}
          name="location"
          ref={locationInput}
          value={location}
          onChange={(event) => setTypedLocation(event.target.value)}
          placeholder="e.g. SW1A 1AA"
          autoComplete="postal-code"
          autoCapitalize="characters"
        />
      </div>
      <Button type="submit" size="lg" className="h-10">
        Search
      </Button>
    </form>
  );
}
