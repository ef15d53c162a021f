import { DISPUTE_MESSAGES, DISPUTE_RULES, disputeReasonsFor } from '@domain/disputes/messages';
import type { BookingView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { AlertTriangle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { fieldClass } from '@/components/ui/field-class';
import { Field } from '@/components/ui/form';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { useSession } from '@/features/accounts';
import { errorMessage, isUnauthenticated } from '@/lib/api';
import { issuesFromServer, isValidationError, updateThenFocus } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useRaiseDispute } from './api';
import { descriptionProblem, typingRoom } from './checks';

type FieldName = 'reason' | 'description';
type Problems = Partial<Record<FieldName, string>>;

function check(reason: string, description: string): Problems {
  const problems: Problems = {};
  if (!reason) problems.reason = DISPUTE_MESSAGES.reasonRequired;
  const text = descriptionProblem(description);
  if (text) problems.description = text;
  return problems;
}

/**
 * Raise Dispute (spec sections 2, 5 and 8): one of the raiser's reasons and a description of 20 to
 * 1,000 characters. Submit stays disabled until both are filled; a refusal keeps what was typed.
 */
export function RaiseDisputeDialog({
  booking,
  me,
  triggerVariant = 'outline',
}: {
  booking: Pick<BookingView, 'id' | 'amount' | 'job' | 'customer' | 'tradesperson'>;
  /** The viewer's side of the booking: whose reasons to offer and who the other party is. */
  me: 'customer' | 'tradesperson';
  triggerVariant?: 'default' | 'outline';
}) {
  const id = useId();
  const fieldId = (field: FieldName) => `${id}-${field}`;
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const draft = useDisputeDraft(booking.id, () => setOpen(false));
  const { reason, description, problems, reasonRef, descriptionRef, pending } = draft;
  const reasons = disputeReasonsFor(user?.userType === 'tradesperson' ? 'tradesperson' : me);
  const other = me === 'customer' ? booking.tradesperson.fullName : booking.customer.fullName;
  const otherName = other?.trim() || 'the other party';
  const filled = reason !== '' && description.trim() !== '';

  const message = (field: FieldName) => problems?.[field];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={triggerVariant}>
          <AlertTriangle aria-hidden="true" />
          Raise Dispute
        </Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-lg"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          reasonRef.current?.focus();
        }}
      >
        <DialogTitle>Raise a dispute</DialogTitle>
        <DialogDescription>
          About ‘{booking.job.title}’ with {otherName} ({formatPence(booking.amount, 2)}).
        </DialogDescription>
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            draft.send();
          }}
        >
          <Field id={fieldId('reason')} label="Reason" required error={message('reason')}>
            {(control) => (
              <select
                ref={reasonRef}
                {...control}
                value={reason}
                disabled={pending}
                onChange={(event) => {
                  draft.setReason(event.target.value);
                }}
                className={cn(fieldClass, 'h-10', reason === '' && 'text-muted-foreground')}
              >
                <option value="">Select a reason</option>
                {reasons.map((r) => (
                  <option key={r} value={r} className="text-foreground">
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={fieldId('description')}
            label="Description"
            required
            hint={`Between ${DISPUTE_RULES.descriptionMin} and ${DISPUTE_RULES.descriptionMax.toLocaleString('en-GB')} characters.`}
            counter={
              <CharacterCounter
                id={`${id}-count`}
                length={description.trim().length}
                max={DISPUTE_RULES.descriptionMax}
              />
            }
            error={message('description')}
          >
            {(control) => (
              <ReviewTextarea
                ref={descriptionRef}
                {...control}
                rows={5}
                value={description}
                maxLength={typingRoom(DISPUTE_RULES.descriptionMax)}
                placeholder="What happened, and what would put it right?"
                readOnly={pending}
                onChange={(event) => {
                  draft.setDescription(event.target.value);
                }}
              />
            )}
          </Field>
          <WhatHappensNext otherName={otherName} />
          <DialogActions
            onCancel={() => setOpen(false)}
            confirmLabel="Raise Dispute"
            pending={pending}
            disabled={!filled}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What raising a dispute sets going, said before the person commits to it. */
function WhatHappensNext({ otherName }: { otherName: string }) {
  return (
    <ul className="list-disc space-y-1 rounded-lg border border-border bg-muted/60 p-3 pl-7 text-sm text-muted-foreground">
      <li>Any money held for this job stays frozen until the dispute is resolved.</li>
      <li>
        {otherName} is told and has {DISPUTE_RULES.responseDays} days to respond; you can both add evidence
        and messages.
      </li>
      <li>Our support team then decides: release the money, refund it, or split it.</li>
    </ul>
  );
}

/**
 * What the person has written so far and its problems, kept while the dialog is closed and reopened;
 * `send` checks it as the server will, then raises the dispute.
 */
function useDisputeDraft(bookingId: string, onRaised: () => void) {
  const { status } = useSession();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  // Shown once the form was sent once, then kept up to date while the person corrects it.
  const [problems, setProblems] = useState<Problems | null>(null);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  // A second click in the same moment sends nothing: the button is disabled, and this guards the gap.
  const sending = useRef(false);
  const raise = useRaiseDispute();
  const pending = raise.isPending;

  /** Shows the problems and focuses the first field they are about (updateThenFocus). */
  const show = (next: Problems) => {
    const first = (['reason', 'description'] as const).find((field) => next[field]);
    updateThenFocus(
      () => setProblems(next),
      () => (first ? { reason: reasonRef, description: descriptionRef }[first].current : null),
    );
    return first;
  };

  const reset = () => {
    setReason('');
    setDescription('');
    setProblems(null);
  };

  const send = () => {
    if (sending.current || pending) return;
    if (status !== 'signed-in') {
      void showError(DISPUTE_MESSAGES.signInRequired);
      return;
    }
    const found = check(reason, description);
    const first = show(found);
    if (first) {
      void showError('Validation Error', found[first]);
      return;
    }
    sending.current = true;
    raise.mutate(
      { bookingId, reason, description: description.trim() },
      {
        onSuccess: () => {
          void showSuccess(DISPUTE_MESSAGES.raised, DISPUTE_MESSAGES.raisedDetail);
          onRaised();
          reset();
        },
        onError: (error) => {
          if (isUnauthenticated(error)) {
            void showError(DISPUTE_MESSAGES.signInRequired);
            return;
          }
          if (isValidationError(error)) {
            const named: Problems = {};
            for (const issue of issuesFromServer(error)) {
              if ((issue.field === 'reason' || issue.field === 'description') && !named[issue.field]) {
                named[issue.field] = issue.message;
              }
            }
            show(named);
          }
          void showError(errorMessage(error, DISPUTE_MESSAGES.failed));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return {
    reason,
    description,
    problems,
    reasonRef,
    descriptionRef,
    pending,
    send,
    setReason: (value: string) => {
      setReason(value);
      if (problems) setProblems(check(value, description));
    },
    setDescription: (value: string) => {
      setDescription(value);
      if (problems) setProblems(check(reason, value));
    },
  };
}
