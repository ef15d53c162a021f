import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@domain/admin/messages';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { errorIdOf, fieldErrorProps } from '@/lib/form-errors';

export const TEXTAREA_CLASS =
  'flex min-h-24 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

/** The client's check of a reason, with the server's words (ADMIN_MESSAGES). */
export function reasonProblem(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return ADMIN_MESSAGES.reasonRequired;
  if (trimmed.length > ADMIN_LIMITS.reasonMax) return ADMIN_MESSAGES.reasonLong;
  return null;
}

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
 * checked here first, with the server's own messages; the dialog has a title and a description, moves
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
  validate = reasonProblem,
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
  /** The client's check of the reason, in the server's words; the admin limits unless given. */
  validate?: (reason: string) => string | null;
  onConfirm: (reason: string, outcome: ReasonOutcome) => void;
}) {
  const id = useId();
  const fieldId = `${id}-reason`;
  const hintId = `${id}-hint`;
  const failureId = `${id}-failure`;
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setReason('');
    setProblem(null);
    setFailure(null);
  };

  const cancel = () => {
    setOpen(false);
    reset();
  };

  const showProblem = (message: string) => {
    setProblem(message);
    // Once the message is on the page, so a screen reader reads the field with it.
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  const submit = () => {
    setFailure(null);
    const issue = validate(reason);
    if (issue) return showProblem(issue);
    setProblem(null);
    onConfirm(reason.trim(), {
      close: cancel,
      reasonError: showProblem,
      fail: setFailure,
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          textareaRef.current?.focus();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="space-y-2">{description}</div>
        </DialogDescription>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={fieldId}>
              {label}
              <RequiredMark />
            </Label>
            <textarea
              ref={textareaRef}
              id={fieldId}
              value={reason}
              rows={4}
              aria-required="true"
              {...fieldErrorProps(fieldId, problem, hint && hintId)}
              onChange={(event) => {
                setReason(event.target.value);
                if (problem) setProblem(null);
              }}
              className={TEXTAREA_CLASS}
            />
            {hint && (
              <p id={hintId} className="text-xs text-muted-foreground">
                {hint}
              </p>
            )}
            <FieldError id={errorIdOf(fieldId)} message={problem} />
          </div>
          <FieldError id={failureId} message={failure} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={cancel} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={confirmVariant}
              disabled={pending}
              aria-busy={pending}
              aria-describedby={failure ? failureId : undefined}
            >
              {pending && <Spinner />}
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
