import { type ReactNode, useState } from 'react';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';

/**
 * A question before an action that cannot be undone (cancel a job, withdraw or accept a quote, mark a
 * job complete). Radix moves focus into the dialog, traps it there, closes it on Escape and returns
 * focus to the trigger; closing without confirming changes nothing. The whole `description` (a
 * sentence, or what the action will do) is the dialog's accessible description, read when it opens.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Keep it',
  confirmVariant = 'destructive',
  pending,
  onConfirm,
  onCloseAutoFocus,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: 'destructive' | 'default';
  pending: boolean;
  /**
   * Runs the action. Call `close` once it has succeeded; call `fail` with a message to say in the
   * dialog why it did not (the dialog stays open for another try).
   */
  onConfirm: (close: () => void, fail: (message: string) => void) => void;
  /**
   * Where focus goes when the dialog closes, if not back to the trigger: call `preventDefault()` and
   * focus it (the trigger is gone when the action removed what it was on).
   */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FormDialog
      trigger={trigger}
      title={title}
      description={description}
      descriptionClassName="space-y-3"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      pending={pending}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <FieldError id="confirm-dialog-error" message={failure} />
      <DialogActions
        onCancel={() => setOpen(false)}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        confirmVariant={confirmVariant}
        onConfirm={() => {
          setFailure(null);
          onConfirm(() => setOpen(false), setFailure);
        }}
        pending={pending}
        describedBy={failure ? 'confirm-dialog-error' : null}
      />
    </FormDialog>
  );
}
