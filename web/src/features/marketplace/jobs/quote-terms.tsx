import type { QuoteView } from '@domain/marketplace/api';
import { formatVatNumber } from '@domain/profiles/vat-number';
import { useState } from 'react';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { Badge } from '@/components/status-badge';
import { Spinner } from '@/components/ui/spinner';
import { countOf, formatDateOnly } from '@/lib/format';
import { useQuoteRevisions } from './api';
import { quoteChanges } from './quote-changes';

/** "Revised" once a quote has a second version; "Expired" past its valid-until date while pending. */
export function QuoteBadges({ quote }: { quote: Pick<QuoteView, 'revision' | 'expired'> }) {
  return (
    <>
      {quote.revision > 1 && <Badge tone="blue">Revised</Badge>}
      {quote.expired && <Badge tone="red">Expired</Badge>}
    </>
  );
}

/** Validity, start and duration in one line; nothing when the quote gives none of them. */
export function QuoteTermsLine({ quote }: { quote: QuoteView }) {
  const parts = [
    quote.validUntil &&
      `${quote.expired ? 'Expired after' : 'Valid until'} ${formatDateOnly(quote.validUntil, 'short')}`,
    quote.estimatedStart && `Could start ${formatDateOnly(quote.estimatedStart, 'short')}`,
    quote.estimatedDurationDays && `About ${countOf(quote.estimatedDurationDays, 'day')}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-2 text-sm text-muted-foreground">{parts.join(' · ')}</p>;
}

/** The breakdown, exclusions and VAT number, folded away until asked for. */
export function WhatsIncluded({ quote }: { quote: QuoteView }) {
  if (!quote.breakdown && !quote.exclusions && !quote.vatNumber) return null;
  return (
    <details className="group mt-3 rounded-md border border-border px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium">What's included</summary>
      <div className="mt-2 space-y-2 text-sm">
        {quote.breakdown ? (
          <PriceBreakdown breakdown={quote.breakdown} caption="What the quote includes" />
        ) : (
          <p className="text-muted-foreground">One price for the whole job, as quoted.</p>
        )}
        {quote.exclusions && (
          <p>
            <span className="font-medium">Not included: </span>
            <span className="whitespace-pre-wrap">{quote.exclusions}</span>
          </p>
        )}
        {quote.vatNumber && (
          <p className="text-muted-foreground">VAT number {formatVatNumber(quote.vatNumber)}</p>
        )}
      </div>
    </details>
  );
}

/** For a revised quote: what differs from the version before, fetched when opened. */
export function WhatChanged({ quote }: { quote: QuoteView }) {
  const [open, setOpen] = useState(false);
  const revisions = useQuoteRevisions(quote.id, open);
  if (quote.revision < 2) return null;
  const previous = revisions.data?.[0];
  const changes = previous ? quoteChanges(previous, quote) : [];
  return (
    <details
      className="mt-3 rounded-md border border-border px-3 py-2"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-medium">What changed</summary>
      <div className="mt-2 text-sm" aria-live="polite" aria-busy={revisions.isFetching}>
        {revisions.isPending && open && (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner /> Loading the earlier version…
          </p>
        )}
        {revisions.isError && <p className="text-destructive">Could not load the earlier version.</p>}
        {previous && changes.length === 0 && <p className="text-muted-foreground">Nothing changed.</p>}
        {changes.length > 0 && (
          <table className="w-full">
            <caption className="sr-only">Changes since the previous version</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="pr-2 font-medium">
                  What
                </th>
                <th scope="col" className="pr-2 font-medium">
                  Before
                </th>
                <th scope="col" className="font-medium">
                  Now
                </th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.label} className="border-t border-border/60 align-top">
                  <th scope="row" className="py-1 pr-2 text-left font-medium">
                    {change.label}
                  </th>
                  <td className="py-1 pr-2 break-words text-muted-foreground">{change.before}</td>
                  <td className="py-1 break-words">{change.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </details>
  );
}
