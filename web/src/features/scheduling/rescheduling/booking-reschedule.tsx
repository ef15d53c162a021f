import type { BookingView } from '@domain/marketplace/api';
import { RESCHEDULE_MESSAGES, type RescheduleView } from '@domain/scheduling/reschedules';
import { Check, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { displayName, formatDateOnly, formatLocalDate } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { type RescheduleAnswer, useAnswerReschedule, useReschedules } from './api';
import { DeclineDialog } from './decline-dialog';
import { RescheduleDialog } from './reschedule-dialog';

type Side = 'customer' | 'tradesperson';

const ANSWER_TOASTS: Record<Exclude<RescheduleAnswer, 'decline'>, string> = {
  accept: RESCHEDULE_MESSAGES.accepted,
  withdraw: RESCHEDULE_MESSAGES.withdrawn,
};

const STATUS_TEXT: Record<RescheduleView['status'], string> = {
  pending: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  lapsed: 'Lapsed: the booking can no longer move',
};

/**
 * A booking's date from one of its two sides (DOMAIN-RULES 12): Reschedule while it can move, the
 * proposed new date waiting for an answer (Accept and Decline for the other side, Withdraw for the
 * proposer), and the history of proposals. Nothing once the work is done, disputed or cancelled.
 */
export function BookingReschedule({
  booking,
  me,
  className,
}: {
  booking: BookingView;
  me: Side;
  className?: string;
}) {
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const proposal = booking.reschedule;
  const nameOf = (side: Side) => displayName(side === 'customer' ? booking.customer : booking.tradesperson);
  return (
    // Above a card's whole-card link, so its buttons get the clicks.
    <div className={cn('relative z-10 space-y-2 text-sm', className)}>
      {proposal ? (
        <PendingProposal proposal={proposal} mine={proposal.proposedBy === me} nameOf={nameOf} me={me} />
      ) : (
        <RescheduleDialog booking={booking} me={me} />
      )}
      <RescheduleHistory bookingId={booking.id} me={me} nameOf={nameOf} />
    </div>
  );
}

function PendingProposal({
  proposal,
  mine,
  me,
  nameOf,
}: {
  proposal: NonNullable<BookingView['reschedule']>;
  mine: boolean;
  me: Side;
  nameOf: (side: Side) => string;
}) {
  const answer = useAnswerReschedule();
  const busy = answer.isPending ? answer.variables?.answer : undefined;
  const other = me === 'customer' ? 'tradesperson' : 'customer';
  const run = (next: 'accept' | 'withdraw') =>
    answer.mutate(
      { id: proposal.id, answer: next },
      {
        onSuccess: () => void showSuccess(ANSWER_TOASTS[next]),
        onError: (error) =>
          void showError(RESCHEDULE_MESSAGES.failed, errorMessage(error, RESCHEDULE_MESSAGES.failed)),
      },
    );
  const action = (next: 'accept' | 'withdraw', label: string, icon: React.ReactNode, primary = false) => (
    <Button
      size="sm"
      variant={primary ? 'default' : 'outline'}
      disabled={answer.isPending}
      aria-busy={busy === next}
      onClick={() => run(next)}
    >
      {busy === next ? <Spinner /> : icon}
      {label}
    </Button>
  );

  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
      <p>
        <span className="font-semibold">Proposed new date: {formatDateOnly(proposal.toDate)}</span>
        {mine ? ` — waiting for ${nameOf(other)}` : ` — proposed by ${nameOf(other)}`}
      </p>
      {proposal.note && <p className="break-words">“{proposal.note}”</p>}
      <div className="flex flex-wrap gap-2">
        {mine ? (
          action('withdraw', 'Withdraw', <Undo2 aria-hidden="true" />)
        ) : (
          <>
            {action('accept', 'Accept new date', <Check aria-hidden="true" />, true)}
            <DeclineDialog
              rescheduleId={proposal.id}
              toDate={proposal.toDate}
              proposer={nameOf(other)}
              disabled={answer.isPending}
            />
          </>
        )}
      </div>
    </div>
  );
}

/** The booking's proposals, newest first, read when the disclosure is opened. */
function RescheduleHistory({
  bookingId,
  me,
  nameOf,
}: {
  bookingId: string;
  me: Side;
  nameOf: (side: Side) => string;
}) {
  const [open, setOpen] = useState(false);
  const history = useReschedules(bookingId, open);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        Date history
      </summary>
      <div className="mt-2">
        {history.isPending ? (
          <p role="status">Loading the date history…</p>
        ) : history.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2">
            We couldn't load the date history.
            <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
              Try again
            </Button>
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-muted-foreground">No new dates have been proposed for this booking.</p>
        ) : (
          <ol className="space-y-2">
            {history.data.map((r) => (
              <li key={r.id} className="rounded-md border border-border p-2">
                <p>
                  <span className="font-medium">{formatDateOnly(r.toDate)}</span>
                  {r.fromDate && ` instead of ${formatDateOnly(r.fromDate)}`}
                </p>
                <p className="text-muted-foreground">
                  Proposed by {r.proposedBy === me ? 'you' : nameOf(r.proposedBy)} on{' '}
                  {formatLocalDate(r.createdAt)} · {STATUS_TEXT[r.status]}
                  {r.decidedAt && r.status !== 'pending' && ` on ${formatLocalDate(r.decidedAt)}`}
                </p>
                {r.note && <p className="break-words">Note: {r.note}</p>}
                {r.decisionNote && <p className="break-words">Reason: {r.decisionNote}</p>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
