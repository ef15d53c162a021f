import { useSearchParams } from 'react-router';
import { LocationSearch } from './location-search';
import { TradespeopleResults } from './tradespeople-results';

/**
 * The Find screen for customers and visitors (spec section 2): verified tradespeople, newest first,
 * or nearest first for a place. ?category= comes from Browse Services, ?location= from Browse by
 * Location or the box here.
 */
export function FindTradespeople() {
  const [searchParams] = useSearchParams();
  const location = searchParams.get('location') ?? '';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Find Tradespeople</h1>
      <p className="mt-2 text-muted-foreground">
        Every professional listed has had their photo ID and insurance checked by our team.
      </p>
      <div className="mt-6">
        <LocationSearch key={location} />
      </div>
      <div className="mt-6">
        <TradespeopleResults locationHint="Enter a postcode or town above to see professionals near you." />
      </div>
    </div>
  );
}
