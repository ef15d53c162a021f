import {
  DeclineRescheduleBody,
  RESCHEDULE_LIMITS,
  RESCHEDULE_MESSAGES,
} from '@domain/scheduling/reschedules';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/form';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useAnswerReschedule } from './api';

/**
 * Decline a proposed date, with a reason if the person gives one (the proposer reads it in the date
 * history). A refusal keeps the dialog open and what was typed.
 */
export function DeclineDialog({
  rescheduleId,
  toDate,
  proposer,
  disabled,
}: {
  rescheduleId: string;
  toDate: string;
  proposer: string;
  disabled: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const answer = useAnswerReschedule();
  const form = useZodForm(DeclineRescheduleBody, { defaultValues: { note: '' } });
  const note = form.watch('note') ?? '';

  const decline = (values: z.output<typeof DeclineRescheduleBody>) =>
    answer.mutate(
      { id: rescheduleId, answer: 'decline', body: { note: values.note ?? undefined } },
      {
        onSuccess: () => {
          void showSuccess(RESCHEDULE_MESSAGES.declined);
          setOpen(false);
          form.reset();
        },
        onError: (error) =>
          void showError(RESCHEDULE_MESSAGES.failed, errorMessage(error, RESCHEDULE_MESSAGES.failed)),
      },
    );

  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline" disabled={disabled}>
          <X aria-hidden="true" />
          Decline
        </Button>
      }
      title="Decline the new date?"
      description={`${proposer} proposed ${formatDateOnly(toDate)}. The booking keeps its date.`}
      className="max-w-md"
      open={open}
      onOpenChange={setOpen}
      pending={answer.isPending}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void form.submitWith(decline)(event)}>
        <Field
          id={`${id}-reason`}
          label="Reason (optional)"
          counter={
            <CharacterCounter
              id={`${id}-count`}
              length={note.trim().length}
              max={RESCHEDULE_LIMITS.noteMax}
            />
          }
          error={form.formState.errors.note?.message}
        >
          {(control) => (
            <ReviewTextarea
              {...control}
              {...form.register('note')}
              rows={3}
              placeholder="Why that day does not suit you"
              readOnly={answer.isPending}
            />
          )}
        </Field>
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Decline new date"
          confirmVariant="destructive"
          pending={answer.isPending}
        />
      </form>
    </FormDialog>
  );
}
