import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { countOf } from '@/lib/format';
import { useSavedPros } from './api';
import { TradespersonCardGrid } from './tradesperson-card';
import { TradespersonCardSkeletons } from './tradesperson-card-skeleton';

export function savedCountText(count: number): string {
  return countOf(count, 'saved professional');
}

/** Saved Professionals (/saved-pros): the customer's saved tradespeople, most recent first, each unsaved with its heart. */
export function SavedPros() {
  const { user } = useSession();
  const customer = user?.userType === 'customer';
  const saved = useSavedPros(customer);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Saved Professionals</h1>
      {!customer ? (
        <div className="mt-6">
          <EmptyState
            icon={<Heart aria-hidden="true" />}
            title="Saved Professionals is for customers"
            text="Customers keep the tradespeople they like here, to ask them for a quote later."
          />
        </div>
      ) : (
        <>
          <p role="status" aria-live="polite" className="mt-2 h-6 text-sm text-muted-foreground">
            {saved.data ? savedCountText(saved.data.length) : saved.isPending ? 'Loading…' : ''}
          </p>
          <div className="mt-4" aria-busy={saved.isPending}>
            {saved.isPending ? (
              <TradespersonCardSkeletons count={3} />
            ) : saved.isError ? (
              <ErrorState
                text="We could not load your saved professionals."
                onRetry={() => void saved.refetch()}
              />
            ) : saved.data.length === 0 ? (
              <EmptyState
                icon={<Heart aria-hidden="true" />}
                title="No saved professionals yet"
                text="Tap the heart on a tradesperson's card or profile to keep them here."
                action={
                  <Button asChild>
                    <Link to="/browse">Find Tradespeople</Link>
                  </Button>
                }
              />
            ) : (
              <TradespersonCardGrid tradespeople={saved.data} headingLevel="h2" />
            )}
          </div>
        </>
      )}
    </div>
  );
}
