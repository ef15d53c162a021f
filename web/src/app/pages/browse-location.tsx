import { BrowseLocation } from '@/features/discovery/browse-location';

/** Browse by Location (spec section 2): the 15 cities, and any postcode or town typed. */
function BrowseLocationPage() {
  return <BrowseLocation />;
}

export { BrowseLocationPage as Component };
