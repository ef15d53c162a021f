import { RaiseDisputeBody } from '@domain/disputes/api';
import { DISPUTE_MESSAGES, DISPUTE_RULES, disputeReasonsFor } from '@domain/disputes/messages';
import type { BookingView } from '@domain/marketplace/api';
import { formatPence } from '@domain/payments/money';
import { AlertTriangle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { fieldClass } from '@/components/ui/field-class';
import { Field } from '@/components/ui/form';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { useSession } from '@/features/accounts';
import { errorMessage, isUnauthenticated } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { formatCount } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useRaiseDispute } from './api';
import { typingRoom } from './checks';

// The server's body without the booking, which the dialog knows: the person fills in the rest.
const RaiseForm = RaiseDisputeBody.omit({ bookingId: true });
const FIELDS = ['reason', 'description'] as const;
type FieldName = (typeof FIELDS)[number];

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
  const { form, pending } = draft;
  const { errors } = form.formState;
  const reason = form.watch('reason') ?? '';
  const description = form.watch('description') ?? '';
  const reasons = disputeReasonsFor(user?.userType === 'tradesperson' ? 'tradesperson' : me);
  const other = me === 'customer' ? booking.tradesperson.fullName : booking.customer.fullName;
  const otherName = other?.trim() || 'the other party';
  const filled = reason !== '' && description.trim() !== '';

  const message = (field: FieldName) => errors[field]?.message;

  return (
    <FormDialog
      trigger={
        <Button size="sm" variant={triggerVariant}>
          <AlertTriangle aria-hidden="true" />
          Raise Dispute
        </Button>
      }
      title="Raise a dispute"
      description={
        <>
          About ‘{booking.job.title}’ with {otherName} ({formatPence(booking.amount, 2)}).
        </>
      }
      className="max-w-lg"
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      focusOnOpen={() => document.getElementById(fieldId('reason'))?.focus()}
    >
      <form noValidate className="space-y-5" onSubmit={draft.send}>
        <Field id={fieldId('reason')} label="Reason" required error={message('reason')}>
          {(control) => (
            <select
              {...control}
              {...form.register('reason')}
              disabled={pending}
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
          hint={`Between ${DISPUTE_RULES.descriptionMin} and ${formatCount(DISPUTE_RULES.descriptionMax)} characters.`}
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
              {...control}
              {...form.register('description')}
              rows={5}
              maxLength={typingRoom(DISPUTE_RULES.descriptionMax)}
              placeholder="What happened, and what would put it right?"
              readOnly={pending}
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
    </FormDialog>
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
 * `send` checks it as the server will (its RaiseDisputeBody), then raises the dispute.
 */
function useDisputeDraft(bookingId: string, onRaised: () => void) {
  const { status } = useSession();
  const form = useZodForm(RaiseForm, { defaultValues: { reason: '', description: '' } });
  const mark = useMarkFields(form, FIELDS);
  // A second click in the same moment sends nothing: the button is disabled, and this guards the gap.
  const sending = useRef(false);
  const raise = useRaiseDispute();
  const pending = raise.isPending;

  const raiseWith = (values: z.output<typeof RaiseForm>) => {
    // Both clicks of a double click get here, a microtask after their checks: the first one sends.
    if (sending.current) return;
    sending.current = true;
    raise.mutate(
      { bookingId, ...values },
      {
        onSuccess: () => {
          void showSuccess(DISPUTE_MESSAGES.raised, DISPUTE_MESSAGES.raisedDetail);
          onRaised();
          form.reset();
        },
        onError: (error) => {
          if (isUnauthenticated(error)) {
            void showError(DISPUTE_MESSAGES.signInRequired);
            return;
          }
          if (isValidationError(error)) mark(issuesFromServer(error));
          void showError(errorMessage(error, DISPUTE_MESSAGES.failed));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  const checked = form.submitWith(raiseWith);
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    if (sending.current || pending) {
      event.preventDefault();
      return;
    }
    if (status !== 'signed-in') {
      event.preventDefault();
      void showError(DISPUTE_MESSAGES.signInRequired);
      return;
    }
    void checked(event);
  };

  return { form, pending, send };
}
