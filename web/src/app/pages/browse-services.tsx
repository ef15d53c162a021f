import { BrowseServices } from '@/features/discovery/browse-services';

/** Browse Services (spec section 2): public search and the 10 categories. */
function BrowseServicesPage() {
  return <BrowseServices />;
}

export { BrowseServicesPage as Component };
