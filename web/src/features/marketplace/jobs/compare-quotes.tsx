import { milesAwayText } from '@domain/geo/distance';
import type { ComparedQuoteView, QuoteComparisonResponse } from '@domain/marketplace/api';
import { LINE_ITEM_KIND_LABELS, LINE_ITEM_KINDS } from '@domain/marketplace/pricing';
import { formatPence } from '@domain/payments/money';
import { ArrowLeft, BadgeCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { ScreenNotice } from '@/components/screen-notice';
import { Badge, QuoteStatusBadge } from '@/components/status-badge';
import { ErrorState } from '@/components/ui/list-states';
import { Rating } from '@/features/reviews';
import { ApiError } from '@/lib/api';
import { countOf, displayName, formatDateOnly } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useQuoteComparison } from './api';
import { AcceptButton } from './quote-card';
import { QuoteBadges } from './quote-terms';

const NOT_GIVEN = '—';

/** One row of the comparison: a row header, then one cell per quote. */
interface Row {
  label: string;
  cell: (quote: ComparedQuoteView) => ReactNode;
}

const revisions = (q: ComparedQuoteView) =>
  q.revision === 1 ? 'Original' : `Revised ${q.revision === 2 ? 'once' : `${q.revision - 1} times`}`;

const ROWS: Row[] = [
  { label: 'Total', cell: (q) => <span className="text-base font-semibold">{formatPence(q.amount)}</span> },
  { label: 'Subtotal', cell: (q) => (q.breakdown ? formatPence(q.breakdown.subtotalPence) : NOT_GIVEN) },
  {
    label: 'VAT',
    cell: (q) => (q.breakdown ? formatPence(q.breakdown.vatPence) : 'Included in the total'),
  },
  ...LINE_ITEM_KINDS.map(
    (kind): Row => ({
      label: LINE_ITEM_KIND_LABELS[kind],
      cell: (q) => {
        if (!q.breakdown) return 'Not itemised';
        const net = q.byKind.find((k) => k.kind === kind)?.netPence;
        return net === undefined ? NOT_GIVEN : formatPence(net);
      },
    }),
  ),
  {
    label: "What's included",
    cell: (q) =>
      q.breakdown ? (
        <details>
          <summary className="cursor-pointer text-primary">
            {countOf(q.breakdown.lines.length, 'item')}
            <span className="sr-only"> from {displayName(q.tradesperson)}</span>
          </summary>
          <PriceBreakdown
            breakdown={q.breakdown}
            caption={`Items quoted by ${displayName(q.tradesperson)}`}
            className="mt-2 min-w-56"
          />
        </details>
      ) : (
        <span className="whitespace-pre-wrap">{q.message}</span>
      ),
  },
  { label: 'Not included', cell: (q) => q.exclusions ?? NOT_GIVEN },
  {
    label: 'Valid until',
    cell: (q) => (q.validUntil ? formatDateOnly(q.validUntil, 'short') : 'No date given'),
  },
  {
    label: 'Estimated start',
    cell: (q) => (q.estimatedStart ? formatDateOnly(q.estimatedStart, 'short') : NOT_GIVEN),
  },
  {
    label: 'Duration',
    cell: (q) => (q.estimatedDurationDays ? countOf(q.estimatedDurationDays, 'day') : NOT_GIVEN),
  },
  {
    label: 'Rating',
    cell: (q) => <Rating rating={q.tradesperson.rating} reviewCount={q.tradesperson.reviewCount} />,
  },
  { label: 'Verified', cell: (q) => (q.tradesperson.verified ? 'Yes' : 'Not yet') },
  {
    label: 'Distance',
    cell: (q) => (q.distanceMiles === null ? 'Unknown' : milesAwayText(q.distanceMiles)),
  },
  { label: 'Revisions', cell: revisions },
];

/**
 * Compare Quotes: the job's live quotes as columns, one row per thing worth comparing, a real table
 * with row and column headers. On a phone the table scrolls sideways under a first column that stays
 * put, so each row keeps its name in view. The lowest total is marked, and each pending quote can be
 * accepted from here through the job page's own accept flow.
 */
export function CompareQuotesView({ jobId }: { jobId: string }) {
  const comparison = useQuoteComparison(jobId);
  if (comparison.isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true">
        <div className="h-8 w-56 animate-pulse rounded bg-muted" />
        <div className="mt-6 h-96 animate-pulse rounded-xl bg-muted" />
      </div>
    );
  }
  if (comparison.error instanceof ApiError && comparison.error.status === 404) {
    return (
      <ScreenNotice title="Job not found" link={{ to: '/my-jobs', label: 'Back to My Jobs' }}>
        This job does not exist, was removed, or is not visible to you.
      </ScreenNotice>
    );
  }
  if (comparison.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <ErrorState text="Failed to load the quotes" onRetry={() => void comparison.refetch()} />
      </div>
    );
  }
  return <Comparison data={comparison.data} />;
}

function Comparison({ data }: { data: QuoteComparisonResponse }) {
  const { job, quotes } = data;
  const lowest = quotes.length > 1 ? Math.min(...quotes.map((q) => q.amount)) : null;
  const pending = quotes.filter((q) => q.status === 'pending');
  const canAccept = job.status === 'open';
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8">
      <Link
        to={`/job/${job.id}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the job
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Compare Quotes</h1>
        <p className="mt-1 break-words text-muted-foreground">{job.title}</p>
      </div>
      {quotes.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          There are no quotes to compare yet.
        </p>
      ) : (
        // A region that scrolls sideways on a phone takes focus, so the keyboard can scroll it too. It is
        // `relative` so the screen-reader-only text inside (absolutely placed) scrolls with it, rather
        // than pushing the page sideways.
        <section
          aria-label="Quotes side by side"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
          tabIndex={0}
          className="relative overflow-x-auto rounded-xl border border-border bg-card focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">
              {`${countOf(quotes.length, 'quote')} for ${job.title}, lowest total first`}
            </caption>
            <thead>
              <tr className="border-b border-border align-top">
                <td className="sticky left-0 z-10 w-32 bg-card p-3" />
                {quotes.map((q) => (
                  <QuoteHeader key={q.id} quote={q} lowest={q.amount === lowest} />
                ))}
              </tr>
            </thead>
            <tbody>
              {ROWS.map((row) => (
                <tr key={row.label} className="border-b border-border align-top last:border-0">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 w-32 bg-card p-3 text-left font-medium text-muted-foreground"
                  >
                    {row.label}
                  </th>
                  {quotes.map((q) => (
                    <td key={q.id} className={cn('min-w-44 p-3', q.amount === lowest && 'bg-primary/5')}>
                      {row.cell(q)}
                    </td>
                  ))}
                </tr>
              ))}
              {canAccept && pending.length > 0 && (
                <tr>
                  <th scope="row" className="sticky left-0 z-10 w-32 bg-card p-3 text-left font-medium">
                    <span className="sr-only">Accept</span>
                  </th>
                  {quotes.map((q) => (
                    <td key={q.id} className={cn('p-3', q.amount === lowest && 'bg-primary/5')}>
                      {q.status === 'pending' && !q.expired && (
                        <AcceptButton
                          quote={q}
                          otherPending={pending.length - 1}
                          label={`Accept ${displayName(q.tradesperson)}`}
                        />
                      )}
                      {q.expired && (
                        <span className="text-muted-foreground">Expired: ask for a revision</span>
                      )}
                    </td>
                  ))}
                </tr>
              )}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function QuoteHeader({ quote, lowest }: { quote: ComparedQuoteView; lowest: boolean }) {
  const person = quote.tradesperson;
  return (
    <th scope="col" className={cn('min-w-44 p-3 text-left font-normal', lowest && 'bg-primary/5')}>
      <span className="flex items-center gap-1.5 font-semibold">
        <span className="break-words">{displayName(person)}</span>
        {person.verified && (
          <BadgeCheck className="size-4 shrink-0 text-primary" role="img" aria-label="Verified" />
        )}
      </span>
      {person.trade && <span className="block text-muted-foreground">{person.trade}</span>}
      <span className="mt-1 flex flex-wrap gap-1">
        {lowest && <Badge tone="green">Lowest total</Badge>}
        <QuoteBadges quote={quote} />
        {quote.status !== 'pending' && <QuoteStatusBadge status={quote.status} />}
      </span>
    </th>
  );
}
