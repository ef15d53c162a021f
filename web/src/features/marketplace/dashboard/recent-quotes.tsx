import type { MyQuoteView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { quoteStatusLabel } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { formatNumericDate } from '@/lib/format';

/** The last five quotes; each opens its job. */
export function RecentQuotes({ quotes }: { quotes: MyQuoteView[] }) {
  if (quotes.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border p-6 text-center">
        <p className="font-semibold">No quotes yet</p>
        <p className="mt-1 text-sm text-muted-foreground">Find an open job and send your first quote.</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/browse">Find Jobs</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
      {quotes.map((quote) => (
        <li key={quote.id}>
          <Link
            to={`/job/${quote.jobId}`}
            className="flex h-16 items-center gap-3 px-4 hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium">{quote.job.title}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {formatNumericDate(quote.createdAt)} · {quoteStatusLabel(quote.status)}
              </span>
            </span>
            <span className="shrink-0 font-semibold">{formatPence(quote.amount, 2)}</span>
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
