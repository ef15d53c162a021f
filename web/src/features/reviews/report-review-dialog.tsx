import { ReportBody } from '@domain/reviews/api';
import { REVIEW_REPORT_REASON_LABELS, REVIEW_REPORT_REASONS, REVIEW_RULES } from '@domain/reviews/messages';
import { useId } from 'react';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { textareaClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field, FieldSet } from '@/components/ui/form';
import { ApiError } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import type { LazyDialogProps } from '@/lib/use-lazy-dialog';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useReportReview } from './api';

// No reason chosen yet: the server's schema refuses its absence in its own words.
const EMPTY = { reason: undefined, details: '' };
const FIELDS = ['reason', 'details'];
type ReportFormApi = ZodForm<typeof ReportBody>;

/**
 * The dialog behind 'Report' (report-review-button.tsx), loaded the first time someone opens it: its
 * form brings the form library and the schemas, which a page of reviews does not need until then. It
 * asks why (abusive, or not about the job) and for optional details; the toast says what happens next
 * in the server's words.
 */
export default function ReportReviewDialog({
  review,
  open,
  onOpenChange,
  onReported,
  returnFocusTo,
}: LazyDialogProps & {
  review: { id: string; reviewerName: string };
  onReported: (reviewId: string) => void;
}) {
  const id = useId();
  const failureId = `${id}-failure`;
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset(EMPTY);
  };
  const close = () => change(false);
  const { form, onSubmit, pending } = useReportForm(
    review.id,
    () => {
      close();
      onReported(review.id);
    },
    close,
  );
  const failure = form.formState.errors.root?.server?.message;

  return (
    <FormDialog
      title="Report this review?"
      description={
        <>
          Tell us what is wrong with {review.reviewerName}’s review. Our team will look at it and either hide
          it or keep it; it stays up until then.
        </>
      }
      open={open}
      onOpenChange={change}
      pending={pending}
      focusOnOpen={() => form.setFocus('reason')}
      returnFocusTo={returnFocusTo}
    >
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <ReasonChoices id={`${id}-reason`} form={form} />
        <DetailsField id={`${id}-details`} form={form} />
        <FieldError id={failureId} message={failure} />
        <DialogActions
          onCancel={close}
          confirmLabel="Report review"
          pending={pending}
          describedBy={failure ? failureId : null}
        />
      </form>
    </FormDialog>
  );
}

/**
 * The reason and details, and sending them: the server's field messages beside their fields, a review
 * gone or not the caller's to report closes the dialog with a toast, anything else is said by the button.
 */
function useReportForm(reviewId: string, onReported: () => void, onRefused: () => void) {
  const form: ReportFormApi = useZodForm(ReportBody, { defaultValues: EMPTY });
  const mark = useMarkFields(form, FIELDS);
  const report = useReportReview(reviewId);

  const onSubmit = form.submitWith(({ reason, details }) => {
    // mutateAsync: the answer is handled even if the list re-rendered meanwhile.
    void report.mutateAsync(details ? { reason, details } : { reason }).then(
      (answer) => {
        form.reset(EMPTY);
        onReported();
        void showSuccess(answer.message);
      },
      (error: unknown) => {
        const message =
          error instanceof ApiError && error.code !== 'HTTP_ERROR'
            ? error.message
            : 'Your report could not be sent. Please try again.';
        if (isValidationError(error) && mark(issuesFromServer(error))) return;
        // The review is gone or not the caller's to report (their own, no longer published): say so.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          onRefused();
          form.reset(EMPTY);
          void showError('Error', message);
          return;
        }
        form.setError('root.server', { message });
      },
    );
  });
  return { form, onSubmit, pending: report.isPending };
}

function ReasonChoices({ id, form }: { id: string; form: ReportFormApi }) {
  const error = form.formState.errors.reason?.message;
  return (
    <FieldSet id={id} legend="Reason" required error={error}>
      <div className="grid gap-2 pt-2">
        {REVIEW_REPORT_REASONS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm',
              'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            )}
          >
            <input
              type="radio"
              value={value}
              required
              // A choice answers the message at once, before the schema has looked again.
              {...form.register('reason', { onChange: () => form.clearErrors('reason') })}
              className="size-4 shrink-0 accent-primary"
            />
            {REVIEW_REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </div>
    </FieldSet>
  );
}

function DetailsField({ id, form }: { id: string; form: ReportFormApi }) {
  const length = (form.watch('details') ?? '').trim().length;
  return (
    <Field
      id={id}
      label="Details (optional)"
      hint={(hintId) => (
        <p
          id={hintId}
          className={cn(
            'text-xs text-muted-foreground tabular-nums',
            length > REVIEW_RULES.reportDetailsMax && 'text-destructive dark:text-red-300',
          )}
        >
          {length} / {REVIEW_RULES.reportDetailsMax} characters
        </p>
      )}
      error={form.formState.errors.details?.message}
    >
      {(control) => (
        <textarea rows={3} {...control} {...form.register('details')} className={textareaClass} />
      )}
    </Field>
  );
}
