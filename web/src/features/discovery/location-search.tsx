import { MapPin } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { IconInput } from '@/components/ui/icon-input';
import { Label } from '@/components/ui/label';

/**
 * The Find screen's place box: sets ?location= (a postcode, a district or a town), which the server
 * turns into "covers this place, nearest first". Remount it with the URL's location as key so Back
 * shows what the list is for.
 */
export function LocationSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [value, setValue] = useState(searchParams.get('location') ?? '');
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const location = value.trim();
    setSearchParams((params) => {
      const copy = new URLSearchParams(params);
      if (location) copy.set('location', location);
      else copy.delete('location');
      return copy;
    });
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: role="search" rather than <search>, which older browsers lack
    <form role="search" aria-label="Search by location" onSubmit={onSubmit} className="flex max-w-xl gap-2">
      <div className="grid flex-1 gap-2">
        <Label htmlFor={id}>Town, city or postcode</Label>
        <IconInput
          icon={MapPin}
          id={id}
          name="location"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="e.g. Leeds or LS1 4AP"
          autoComplete="postal-code"
        />
      </div>
      <Button type="submit" className="self-end">
        Search
      </Button>
    </form>
  );
}
