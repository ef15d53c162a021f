import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api';

/**
 * An admin page about one thing (an account, a dispute): the link back to its list, then its loading
 * state, a not-found page for a 404, an error with a retry, or the page itself.
 */
export function AdminDetailPage<T>({
  query,
  back,
  texts,
  children,
}: {
  query: UseQueryResult<T>;
  back: { to: string; label: string };
  texts: { loading: string; notFound: string; notFoundDetail: string; failed: string };
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="space-y-8">
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {back.label}
      </Link>
      {query.isPending ? (
        <div className="space-y-6">
          <div role="status" aria-busy="true">
            <span className="sr-only">{texts.loading}</span>
            <div
              aria-hidden="true"
              className="h-9 w-64 max-w-full animate-pulse rounded bg-muted motion-reduce:animate-none"
            />
          </div>
          <CardSkeletons count={3} height="h-40" />
        </div>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <div className="rounded-xl border border-dashed border-border px-4 py-12 text-center">
            <h1 className="text-2xl font-bold">{texts.notFound}</h1>
            <p className="mt-2 text-muted-foreground">{texts.notFoundDetail}</p>
          </div>
        ) : (
          <ErrorState text={texts.failed} onRetry={() => void query.refetch()} />
        )
      ) : (
        children(query.data)
      )}
    </div>
  );
}
