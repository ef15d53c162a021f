import { findListAge } from '@domain/marketplace/ages';
import type { MyQuoteView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { MapPin, PencilLine } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardSkeletonFrame, Pulse } from '@/components/skeleton-pulse';
import { QuoteStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/dialog';
import { QuoteForm } from '../jobs/quote-form';
import { QuoteBadges, QuoteTermsLine, WhatsIncluded } from '../jobs/quote-terms';

// Cards and skeletons share one least height so the list does not jump when it arrives; a card grows
// only by what the tradesperson opens (What's included).
export const QUOTE_CARD_HEIGHT = 'min-h-44';

/** One of the tradesperson's quotes; its title opens the job it answers, and a pending one can be revised. */
export function MyQuoteCard({ quote, now }: { quote: MyQuoteView; now?: Date }) {
  return (
    <article
      className={`relative flex ${QUOTE_CARD_HEIGHT} flex-col gap-2 overflow-hidden rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-primary`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 truncate text-base font-semibold">
          <Link to={`/job/${quote.jobId}`} className="outline-none after:absolute after:inset-0">
            {quote.job.title}
          </Link>
        </h2>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <QuoteBadges quote={quote} />
          <QuoteStatusBadge status={quote.status} />
        </div>
      </div>
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
          {quote.job.category}
        </span>
        <MapPin className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{quote.job.outcode}</span>
      </p>
      <p className="line-clamp-2 min-h-10 text-sm text-muted-foreground">{quote.message}</p>
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-border pt-2 text-sm">
        <span>
          <span className="text-muted-foreground">Your quote </span>
          <span className="font-semibold">{formatPence(quote.amount, 2)}</span>
        </span>
        <span className="shrink-0 text-muted-foreground">
          Sent {findListAge(new Date(quote.createdAt), now)}
        </span>
      </div>
      {/* Above the card's link, so they take their own clicks. */}
      <div className="relative z-10 -mt-2">
        <QuoteTermsLine quote={quote} />
        <WhatsIncluded quote={quote} />
        {quote.status === 'pending' && <ReviseQuote quote={quote} />}
      </div>
    </article>
  );
}

/** Revise a pending quote (an expired one too, with a new date) in a dialog over the list. */
function ReviseQuote({ quote }: { quote: MyQuoteView }) {
  const [open, setOpen] = useState(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title="Revise your quote"
      description={`For ${quote.job.title}. The customer sees that you revised it and what changed.`}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      trigger={
        <Button size="sm" variant="outline" className="mt-3">
          <PencilLine aria-hidden="true" />
          Revise quote
          <span className="sr-only"> for {quote.job.title}</span>
        </Button>
      }
    >
      <QuoteForm jobId={quote.jobId} quote={quote} onDone={() => setOpen(false)} />
    </FormDialog>
  );
}

export function MyQuoteCardSkeleton() {
  return (
    <CardSkeletonFrame height={QUOTE_CARD_HEIGHT}>
      <div className="flex justify-between gap-3">
        <Pulse className="h-5 w-2/3" />
        <Pulse className="h-5 w-16 rounded-full" />
      </div>
      <Pulse className="h-5 w-32" />
      <Pulse className="h-10 w-full" />
      <Pulse className="mt-auto h-5 w-full" />
    </CardSkeletonFrame>
  );
}
