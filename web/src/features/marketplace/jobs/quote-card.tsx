import type { QuoteView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { BadgeCheck, CalendarPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { LinkButton } from '@/components/link-button';
import { QuoteStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { MessageButton } from '@/features/messaging';
import { Rating } from '@/features/reviews';
import { ApiError } from '@/lib/api';
import { displayName } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useAcceptQuote, useWithdrawQuote } from './api';
import { QuoteForm } from './quote-form';
import { QuoteBadges, QuoteTermsLine, WhatChanged, WhatsIncluded } from './quote-terms';

const poundsParam = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/**
 * One quote on the job detail. The job's customer may accept a pending quote of an open job, or book it
 * for a date, and may message the tradesperson (`canMessage`); the quote's own tradesperson may edit or
 * withdraw it while it is pending.
 */
export function QuoteCard({
  quote,
  jobId,
  canAccept,
  canMessage = false,
  mine,
  otherPending = 0,
}: {
  quote: QuoteView;
  jobId: string;
  canAccept: boolean;
  canMessage?: boolean;
  mine: boolean;
  /** How many other pending quotes accepting this one would decline. */
  otherPending?: number;
}) {
  const [editing, setEditing] = useState(false);
  const person = quote.tradesperson;
  const pending = quote.status === 'pending';

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 font-semibold">
            <span className="truncate">{mine ? 'Your quote' : displayName(person)}</span>
            {!mine && person.verified && (
              <BadgeCheck className="size-4 shrink-0 text-primary" role="img" aria-label="Verified" />
            )}
          </h3>
          {!mine && (
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              {person.trade && <span>{person.trade}</span>}
              <Rating rating={person.rating} reviewCount={person.reviewCount} />
            </div>
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <p className="text-lg font-bold">
            <span className="sr-only">Amount: </span>
            {formatPence(quote.amount, 2)}
          </p>
          <div className="flex flex-wrap justify-end gap-1">
            <QuoteBadges quote={quote} />
            <QuoteStatusBadge status={quote.status} />
          </div>
        </div>
      </div>

      {editing ? (
        <div className="mt-4 border-t border-border pt-4">
          <QuoteForm jobId={jobId} quote={quote} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <>
          <p className="mt-3 text-sm whitespace-pre-wrap">{quote.message}</p>
          <QuoteTermsLine quote={quote} />
          <WhatsIncluded quote={quote} />
          {!mine && <WhatChanged quote={quote} />}
        </>
      )}

      {canAccept && pending && quote.expired && (
        <p className="mt-3 text-sm text-muted-foreground">
          This quote has expired: ask the tradesperson to revise it with a new date.
        </p>
      )}
      {((canAccept && pending && !quote.expired) || canMessage) && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">
          {canAccept && pending && !quote.expired && (
            <>
              <AcceptButton quote={quote} otherPending={otherPending} />
              <LinkButton
                to={`/booking?quoteId=${quote.id}&amount=${poundsParam(quote.amount)}`}
                icon={CalendarPlus}
                variant="outline"
                size="sm"
              >
                Book with a date
              </LinkButton>
            </>
          )}
          {canMessage && (
            // Several quotes share the page: the hidden name tells them apart for screen readers.
            <MessageButton userId={person.id} jobId={jobId} name={displayName(person)} size="sm" />
          )}
        </div>
      )}

      {mine && pending && !editing && <MyQuoteActions quoteId={quote.id} onEdit={() => setEditing(true)} />}
    </Card>
  );
}

/**
 * Accept, after a confirmation that says what accepting does (DOMAIN-RULES 5): this tradesperson is
 * booked at the quoted amount, the job's other pending quotes are declined and the job takes no more
 * quotes. Payment is not part of it, and the dialog does not suggest otherwise.
 */
export function AcceptButton({
  quote,
  otherPending,
  label = 'Accept',
}: {
  quote: QuoteView;
  otherPending: number;
  /** The button's words; the comparison names the tradesperson, as several buttons share its row. */
  label?: string;
}) {
  const accept = useAcceptQuote();
  const name = displayName(quote.tradesperson);
  const amount = formatPence(quote.amount, 2);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" disabled={accept.isPending} aria-busy={accept.isPending}>
          {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
          {label}
        </Button>
      }
      title="Accept this quote?"
      description={
        <>
          <p className="text-base text-foreground">
            <span className="font-semibold">{name}</span>
            {quote.tradesperson.trade && `, ${quote.tradesperson.trade}`}:{' '}
            <span className="font-semibold">{amount}</span>
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              This books {name} for the job at {amount}, with the date to be arranged between you.
            </li>
            {otherPending > 0 && (
              <li>
                {otherPending === 1
                  ? 'The 1 other quote on this job will be declined'
                  : `The ${otherPending} other quotes on this job will be declined`}
                , and {otherPending === 1 ? 'that tradesperson is' : 'those tradespeople are'} told.
              </li>
            )}
            <li>The job stops taking new quotes. Nothing is charged now.</li>
            <li>This cannot be undone.</li>
          </ul>
        </>
      }
      confirmLabel="Accept quote"
      cancelLabel="Cancel"
      confirmVariant="default"
      pending={accept.isPending}
      onConfirm={(close, fail) =>
        accept.mutate(quote.id, {
          onSuccess: () => {
            close();
            void showSuccess('Quote Accepted');
          },
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'already_accepted') {
              // Nothing left to decide here: the page refreshes to show the booking that exists.
              close();
              void showError('Already Accepted', 'A quote has already been accepted for this job');
            } else if (error instanceof ApiError && error.code === 'quote_expired') {
              close();
              void showError('Quote Expired', error.message);
            } else {
              fail('Failed to accept quote');
              void showError('Error', 'Failed to accept quote');
            }
          },
        })
      }
    />
  );
}

function MyQuoteActions({ quoteId, onEdit }: { quoteId: string; onEdit: () => void }) {
  const withdraw = useWithdrawQuote();
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">
      <Button size="sm" variant="outline" onClick={onEdit}>
        Revise quote
      </Button>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="outline" className="text-destructive dark:text-foreground">
            Withdraw quote
          </Button>
        }
        title="Withdraw your quote?"
        description="The customer will no longer see it. You can send a new quote while the job is open and has room for one."
        confirmLabel="Withdraw quote"
        cancelLabel="Keep quote"
        pending={withdraw.isPending}
        onConfirm={(close, fail) =>
          withdraw.mutate(quoteId, {
            onSuccess: () => {
              close();
              void showSuccess('Quote withdrawn');
            },
            onError: (error) => {
              const message = error instanceof ApiError ? error.message : 'Failed to withdraw quote';
              fail(message);
              void showError('Error', message);
            },
          })
        }
      />
    </div>
  );
}
