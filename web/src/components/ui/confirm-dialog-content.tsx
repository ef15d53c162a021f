import { type ReactNode, useState } from 'react';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import type { LazyDialogProps } from '@/lib/use-lazy-dialog';

/** What ConfirmDialog asks and does, besides its trigger (confirm-dialog.tsx). */
export interface ConfirmQuestion {
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
}

/**
 * The dialog behind a ConfirmDialog's trigger, loaded the first time it is wanted (decision 0036): the
 * dialog library is most of its code, and the pages that offer a confirmation (a job, a booking, a
 * plan) do not need it until someone asks. Radix moves focus into it, traps it there, closes it on
 * Escape; the focus goes back to the trigger.
 */
export default function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Keep it',
  confirmVariant = 'destructive',
  pending,
  onConfirm,
  onCloseAutoFocus,
  open,
  onOpenChange,
  returnFocusTo,
}: ConfirmQuestion & LazyDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <FormDialog
      title={title}
      description={description}
      descriptionClassName="space-y-3"
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setFailure(null);
      }}
      pending={pending}
      onCloseAutoFocus={onCloseAutoFocus}
      returnFocusTo={returnFocusTo}
    >
      <FieldError id="confirm-dialog-error" message={failure} />
      <DialogActions
        onCancel={() => onOpenChange(false)}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        confirmVariant={confirmVariant}
        onConfirm={() => {
          setFailure(null);
          onConfirm(() => onOpenChange(false), setFailure);
        }}
        pending={pending}
        describedBy={failure ? 'confirm-dialog-error' : null}
      />
    </FormDialog>
  );
}
