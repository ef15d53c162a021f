import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentProps, type ReactNode, type RefObject, useState } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';
import { Spinner } from './spinner';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Toasts are portalled outside every dialog, so Radix would take a click on a toast (its ×, its
 * action) for a click outside and close the dialog, losing what was typed after an error toast.
 */
function keepOpenForToasts(event: Event) {
  const target = event.target;
  if (target instanceof Element && target.closest('[data-sonner-toaster]')) event.preventDefault();
}

export function DialogContent({
  className,
  children,
  onInteractOutside,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 text-foreground shadow-lg',
          className,
        )}
        onInteractOutside={(event) => {
          keepOpenForToasts(event);
          onInteractOutside?.(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('pr-8 text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

/**
 * The buttons at the foot of a dialog: Cancel, then the action (a submit button unless `onConfirm` is
 * given), stacked with the action on top on a phone. While the action runs both are disabled and the
 * action shows a spinner; `describedBy` names the message that explains a refusal.
 */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  confirmVariant = 'default',
  onConfirm,
  pending,
  disabled = false,
  describedBy,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  confirmVariant?: ComponentProps<typeof Button>['variant'];
  /** Without it the action submits the form the actions stand in. */
  onConfirm?: () => void;
  pending: boolean;
  /** The action is unavailable (a required choice not made yet); Cancel stays usable. */
  disabled?: boolean;
  describedBy?: string | null;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={confirmVariant}
        onClick={onConfirm}
        disabled={pending || disabled}
        aria-busy={pending}
        aria-describedby={describedBy ?? undefined}
      >
        {pending && <Spinner />}
        {confirmLabel}
      </Button>
    </div>
  );
}

/**
 * The open state of a dialog holding a form: whatever closes it (Escape, the overlay, Cancel, a
 * finished submit) also empties the form, so it opens afresh next time.
 */
export function useFormDialogOpen(reset: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };
  return [open, onOpenChange] as const;
}

/**
 * The frame every asking dialog shares: the trigger, the title and description it is announced by,
 * and the body (a form or text ending in DialogActions). While `pending` it cannot be closed, so an
 * answer still on its way is not lost with the dialog.
 */
export function FormDialog({
  trigger,
  title,
  description,
  descriptionClassName,
  open,
  onOpenChange,
  pending = false,
  focusOnOpen,
  className,
  onCloseAutoFocus,
  returnFocusTo,
  children,
}: {
  /** The button that opens it; none when the dialog is opened by other means (`open`). */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** A description of several blocks: rendered as a `div` with this class instead of a paragraph. */
  descriptionClassName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending?: boolean;
  /** Where focus goes when it opens, if not to the first focusable element. */
  focusOnOpen?: () => void;
  className?: string;
  onCloseAutoFocus?: ComponentProps<typeof DialogPrimitive.Content>['onCloseAutoFocus'];
  /**
   * Where the focus goes back when it closes, for a dialog without a trigger (Radix returns it to the
   * trigger): the button that opened it, as with useLazyDialog.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
      }}
    >
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        className={className}
        onOpenAutoFocus={
          focusOnOpen &&
          ((event) => {
            event.preventDefault();
            focusOnOpen();
          })
        }
        onCloseAutoFocus={
          onCloseAutoFocus ??
          (returnFocusTo &&
            ((event) => {
              event.preventDefault();
              returnFocusTo.current?.focus();
            }))
        }
      >
        <DialogTitle>{title}</DialogTitle>
        {descriptionClassName === undefined ? (
          <DialogDescription>{description}</DialogDescription>
        ) : (
          <DialogDescription asChild>
            <div className={descriptionClassName}>{description}</div>
          </DialogDescription>
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}
