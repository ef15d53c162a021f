import { SuspendBody } from '@domain/admin/api';
import { type ReactNode, useId } from 'react';
import type * as z from 'zod';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { textareaClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { useMarkFields } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';

/** A reason as the server checks it: the schema of a body with a `reason`, its other fields left out. */
export type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/** The admin's reason for a decision (a document rejected, an account suspended): SuspendBody is just that. */
const ADMIN_REASON: ReasonSchema = SuspendBody;
const EMPTY = { reason: '' };
const FIELDS = ['reason'];

/** What `onConfirm` may do with the dialog once the server has answered. */
export type ReasonOutcome = {
  /** It worked, or the refusal was shown elsewhere (a toast): close. */
  close: () => void;
  /** The server refused the reason itself: show its message beside the field. */
  reasonError: (message: string) => void;
  /** Anything else: say so in the dialog, which stays open for another try. */
  fail: (message: string) => void;
};

/**
 * A decision that needs a reason (reject a document, suspend an account). The reason is required and
 * checked here first, with the server's own schema; the dialog has a title and a description, moves
 * focus to the reason when it opens, keeps it inside while open and returns it to the trigger.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  label = 'Reason',
  hint,
  confirmLabel,
  confirmVariant = 'destructive',
  pending,
  schema = ADMIN_REASON,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  label?: string;
  hint?: string;
  confirmLabel: string;
  confirmVariant?: 'destructive' | 'default';
  pending: boolean;
  /** The server's check of the reason, run here first; the admin limits unless given. */
  schema?: ReasonSchema;
  onConfirm: (reason: string, outcome: ReasonOutcome) => void;
}) {
  const id = useId();
  const failureId = `${id}-failure`;
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const [open, setOpen] = useFormDialogOpen(() => form.reset(EMPTY));
  const mark = useMarkFields(form, FIELDS);
  const failure = form.formState.errors.root?.server?.message;

  const cancel = () => setOpen(false);

  const onSubmit = form.submitWith(({ reason }) =>
    onConfirm(reason, {
      close: cancel,
      reasonError: (message) => mark([{ field: 'reason', message }]),
      fail: (message) => form.setError('root.server', { message }),
    }),
  );

  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      descriptionClassName="space-y-2"
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      focusOnOpen={() => form.setFocus('reason')}
    >
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <Field
          id={`${id}-reason`}
          label={label}
          required
          hint={hint}
          error={form.formState.errors.reason?.message}
        >
          {(control) => (
            <textarea rows={4} {...control} {...form.register('reason')} className={textareaClass} />
          )}
        </Field>
        <FieldError id={failureId} message={failure} />
        <DialogActions
          onCancel={cancel}
          confirmLabel={confirmLabel}
          confirmVariant={confirmVariant}
          pending={pending}
          describedBy={failure ? failureId : null}
        />
      </form>
    </FormDialog>
  );
}
