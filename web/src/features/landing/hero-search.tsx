import { MapPin, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The landing search: a service and a postcode, sent to /browse-services as query parameters. */
export function HeroSearch() {
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    const service = String(form.get('service') ?? '').trim();
    const location = String(form.get('location') ?? '').trim();
    if (service) params.set('service', service);
    if (location) params.set('location', location);
    const query = params.toString();
    navigate(query ? `/browse-services?${query}` : '/browse-services');
  }

  return (
    // role="search" rather than the newer <search> element, which older browsers (and happy-dom) lack.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <form
      role="search"
      aria-label="Find a tradesperson"
      onSubmit={onSubmit}
      className="mx-auto grid w-full max-w-3xl gap-3 rounded-xl border border-border bg-card p-4 text-left shadow-lg sm:grid-cols-[1fr_12rem_auto] sm:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor="hero-service">What service do you need?</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="hero-service"
            name="service"
            placeholder="e.g. Plumber, Electrician"
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="hero-location">Postcode</Label>
        <div className="relative">
          <MapPin
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="hero-location"
            name="location"
            placeholder="e.g. SW1A 1AA"
            autoComplete="postal-code"
            autoCapitalize="characters"
            className="pl-9"
          />
        </div>
      </div>
      <Button type="submit" size="lg" className="h-10">
        Search
      </Button>
    </form>
  );
}
