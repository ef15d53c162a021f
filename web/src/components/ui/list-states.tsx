import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Placeholder cards of the real cards' height, so the list does not jump when it arrives. */
export function CardSkeletons({ count = 3, height = 'h-44' }: { count?: number; height?: string }) {
  return (
    <div role="status" aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading…</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity
          key={i}
          aria-hidden="true"
          className={`${height} animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none`}
        />
      ))}
    </div>
  );
}

/** The same placeholder cards without a status of their own, for a loading state that already has one. */
export function HiddenCardSkeletons({ height }: { height: string }) {
  return (
    <div aria-hidden="true" className="space-y-3">
      {['a', 'b', 'c'].map((key) => (
        <div
          key={key}
          className={`${height} animate-pulse rounded-xl border border-border bg-muted motion-reduce:animate-none`}
        />
      ))}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border px-4 py-12 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6">
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/50 px-4 py-10 text-center">
      <p className="font-medium">{text}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * A list or screen of the tradesperson's work (jobs, quotes, the dashboard) that could not load: what
 * failed in `what`, the server's reason, and a retry.
 */
export function LoadFailedCard({
  what,
  query,
}: {
  what: string;
  query: { error: Error | null; refetch: () => unknown };
}) {
  return (
    <div role="alert" className="rounded-xl border border-border bg-card p-8 text-center">
      <p className="font-semibold">{`We could not load ${what}.`}</p>
      <p className="mt-1 text-sm text-muted-foreground">{query.error?.message}</p>
      <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/**
 * The "Load more" button under a paginated list (a TanStack infinite query), with the message shown
 * when fetching the next page fails. `what` names the items: 'We could not load more {what}.'
 */
export function LoadMore({
  query,
  what,
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    fetchNextPage: () => unknown;
  };
  what: string;
}) {
  return (
    <>
      {query.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {query.isFetchingNextPage && <Spinner />}
            Load more
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-3 text-center text-sm font-medium">
          We could not load more {what}. Please try again.
        </p>
      )}
    </>
  );
}
