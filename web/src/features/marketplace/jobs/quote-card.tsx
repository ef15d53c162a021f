import type { QuoteView } from '@domain/marketplace/api';
import { formatPence } from '@domain/money/money';
import { BadgeCheck, CalendarPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { QuoteStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { MessageButton } from '@/features/messaging/message-button';
import { ApiError } from '@/lib/api';
import { displayName } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useAcceptQuote, useWithdrawQuote } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { QuoteForm } from './quote-form';
import { Rating } from './rating';

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
}: {
  quote: QuoteView;
  jobId: string;
  canAccept: boolean;
  canMessage?: boolean;
  mine: boolean;
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
          <QuoteStatusBadge status={quote.status} />
        </div>
      </div>

      {editing ? (
        <div className="mt-4 border-t border-border pt-4">
          <QuoteForm jobId={jobId} quote={quote} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <p className="mt-3 text-sm whitespace-pre-wrap">{quote.message}</p>
      )}

      {((canAccept && pending) || canMessage) && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">
          {canAccept && pending && (
            <>
              <AcceptButton quoteId={quote.id} />
              <Button asChild variant="outline" size="sm">
                <Link to={`/booking?quoteId=${quote.id}&amount=${poundsParam(quote.amount)}`}>
                  <CalendarPlus aria-hidden="true" />
                  Book with a date
                </Link>
              </Button>
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

function AcceptButton({ quoteId }: { quoteId: string }) {
  const accept = useAcceptQuote();
  return (
    <Button
      size="sm"
      disabled={accept.isPending}
      aria-busy={accept.isPending}
      onClick={() =>
        accept.mutate(quoteId, {
          onSuccess: () => void showSuccess('Quote Accepted'),
          onError: (error) => {
            if (error instanceof ApiError && error.code === 'already_accepted') {
              void showError('Already Accepted', 'A quote has already been accepted for this job');
            } else {
              void showError('Error', 'Failed to accept quote');
            }
          },
        })
      }
    >
      {accept.isPending ? <Spinner /> : <Check aria-hidden="true" />}
      Accept
    </Button>
  );
}

function MyQuoteActions({ quoteId, onEdit }: { quoteId: string; onEdit: () => void }) {
  const withdraw = useWithdrawQuote();
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-3">
      <Button size="sm" variant="outline" onClick={onEdit}>
        Edit quote
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
        onConfirm={(close) =>
          withdraw.mutate(quoteId, {
            onSuccess: () => {
              close();
              void showSuccess('Quote withdrawn');
            },
            onError: (error) =>
              void showError('Error', error instanceof ApiError ? error.message : 'Failed to withdraw quote'),
          })
        }
      />
    </div>
  );
}
