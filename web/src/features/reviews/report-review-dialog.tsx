import {
  REVIEW_MESSAGES,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  REVIEW_RULES,
  type ReviewReportReason,
} from '@domain/reviews/messages';
import { Flag } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { errorIdOf, fieldErrorProps, issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useReportReview } from './api';

const TEXTAREA_CLASS =
  'flex min-h-24 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

type Problems = { reason?: string; details?: string };

/** The client's checks, in the server's words (REVIEW_MESSAGES). */
function problemsOf(reason: ReviewReportReason | null, details: string): Problems {
  const problems: Problems = {};
  if (!reason) problems.reason = REVIEW_MESSAGES.reportReasonRequired;
  if (details.trim().length > REVIEW_RULES.reportDetailsMax) {
    problems.details = REVIEW_MESSAGES.reportDetailsTooLong;
  }
  return problems;
}

/**
 * 'Report' under a published review, for anyone signed in (the server refuses the review's own author).
 * The dialog asks why (abusive, or not about the job) and for optional details; the toast says what
 * happens next in the server's words. Once reported here, the button becomes a note: a second report
 * changes nothing.
 */
export function ReportReviewButton({
  review,
  reported,
  onReported,
}: {
  /** The review, and how its author is named on screen. */
  review: { id: string; reviewerName: string };
  reported: boolean;
  onReported: (reviewId: string) => void;
}) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const detailsId = `${id}-details`;
  const hintId = `${id}-hint`;
  const failureId = `${id}-failure`;
  const firstRadioRef = useRef<HTMLInputElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const report = useReportReview(review.id);

  if (reported) {
    return (
      <span className="inline-flex h-9 items-center gap-1.5 text-sm text-muted-foreground">
        <Flag className="size-4" aria-hidden="true" />
        Reported
      </span>
    );
  }

  const reset = () => {
    setReason(null);
    setDetails('');
    setProblems({});
    setFailure(null);
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const show = (next: Problems) => {
    setProblems(next);
    // Once the messages are on the page, so a screen reader reads the field with its message.
    requestAnimationFrame(() => {
      if (next.reason) firstRadioRef.current?.focus();
      else if (next.details) detailsRef.current?.focus();
    });
  };

  const submit = () => {
    setFailure(null);
    const found = problemsOf(reason, details);
    if (found.reason || found.details || !reason) return show(found);
    setProblems({});
    const trimmed = details.trim();
    // mutateAsync: the answer is handled even if the list re-rendered meanwhile.
    void report.mutateAsync(trimmed ? { reason, details: trimmed } : { reason }).then(
      (answer) => {
        close();
        onReported(review.id);
        void showSuccess(answer.message);
      },
      (error: unknown) => {
        const message =
          error instanceof ApiError && error.code !== 'HTTP_ERROR'
            ? error.message
            : 'Your report could not be sent. Please try again.';
        if (isValidationError(error)) {
          const issues = issuesFromServer(error);
          const fromServer: Problems = {
            reason: issues.find((i) => i.field === 'reason')?.message,
            details: issues.find((i) => i.field === 'details')?.message,
          };
          if (fromServer.reason || fromServer.details) return show(fromServer);
        }
        // The review is gone or not the caller's to report (their own, no longer published): say so.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          close();
          void showError('Error', message);
          return;
        }
        setFailure(message);
      },
    );
  };

  const detailsLength = details.trim().length;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (report.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Report review by ${review.reviewerName}`}>
          <Flag aria-hidden="true" />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          firstRadioRef.current?.focus();
        }}
      >
        <DialogTitle>Report this review?</DialogTitle>
        <DialogDescription>
          Tell us what is wrong with {review.reviewerName}’s review. Our team will look at it and either hide
          it or keep it; it stays up until then.
        </DialogDescription>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset
            aria-describedby={problems.reason ? errorIdOf(reasonId) : undefined}
            aria-invalid={problems.reason ? true : undefined}
            className="space-y-2"
          >
            <legend className="text-sm leading-none font-medium">
              Reason
              <RequiredMark />
            </legend>
            <div className="grid gap-2 pt-2">
              {REVIEW_REPORT_REASONS.map((value, index) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm',
                    'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  )}
                >
                  <input
                    ref={index === 0 ? firstRadioRef : undefined}
                    type="radio"
                    name={reasonId}
                    value={value}
                    checked={reason === value}
                    required
                    onChange={() => {
                      setReason(value);
                      if (problems.reason) setProblems((p) => ({ ...p, reason: undefined }));
                    }}
                    className="size-4 shrink-0 accent-primary"
                  />
                  {REVIEW_REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
            <FieldError id={errorIdOf(reasonId)} message={problems.reason} />
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={detailsId}>Details (optional)</Label>
            <textarea
              ref={detailsRef}
              id={detailsId}
              value={details}
              rows={3}
              {...fieldErrorProps(detailsId, problems.details, hintId)}
              onChange={(event) => {
                setDetails(event.target.value);
                if (problems.details) setProblems((p) => ({ ...p, details: undefined }));
              }}
              className={TEXTAREA_CLASS}
            />
            <p
              id={hintId}
              className={cn(
                'text-xs text-muted-foreground tabular-nums',
                detailsLength > REVIEW_RULES.reportDetailsMax && 'text-destructive dark:text-red-300',
              )}
            >
              {detailsLength} / {REVIEW_RULES.reportDetailsMax} characters
            </p>
            <FieldError id={errorIdOf(detailsId)} message={problems.details} />
          </div>
          <FieldError id={failureId} message={failure} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={report.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={report.isPending}
              aria-busy={report.isPending}
              aria-describedby={failure ? failureId : undefined}
            >
              {report.isPending && <Spinner />}
              Report review
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
