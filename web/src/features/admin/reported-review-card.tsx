import { ModerateReviewBody } from '@domain/reviews/api';
import { REVIEW_REPORT_REASON_LABELS, REVIEW_RULES } from '@domain/reviews/messages';
import { Check, EyeOff, MessageSquareReply } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { Link } from 'react-router';
import { ReasonDialog, type ReasonOutcome } from '@/components/admin/reason-dialog';
import { Badge } from '@/components/admin/user-badges';
import { Button } from '@/components/ui/button';
import { Stars } from '@/features/reviews';
import { isConflict } from '@/lib/api';
import { focusAfterDialog } from '@/lib/focus';
import { isValidationError } from '@/lib/form-errors';
import { formatDateTime, plural } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { type AdminReportedReview, errorMessage, useModerateReview } from './api';

type Action = 'hide' | 'keep';
const ACTION_TEXT: Record<Action, { verb: string; done: string }> = {
  keep: { verb: 'Keep', done: 'Review kept' },
  hide: { verb: 'Hide', done: 'Review hidden' },
};

const nameOf = (person: { name: string | null }) => person.name ?? 'Deleted user';

const USER_TYPE = { customer: 'Customer', tradesperson: 'Tradesperson' } as const;

// A moderation reason as the server checks it (REVIEW_RULES' bounds, REVIEW_MESSAGES' words).
const MODERATION_REASON = ModerateReviewBody.pick({ reason: true });

function StatusBadge({ status }: { status: AdminReportedReview['status'] }) {
  if (status === 'hidden') return <Badge tone="red">Hidden</Badge>;
  if (status === 'waiting') return <Badge tone="grey">Waiting</Badge>;
  return <Badge tone="green">Published</Badge>;
}

function OutcomeBadge({ outcome }: { outcome: AdminReportedReview['reports'][number]['outcome'] }) {
  if (outcome === 'hidden') return <Badge tone="red">Review hidden</Badge>;
  if (outcome === 'kept') return <Badge tone="grey">Review kept</Badge>;
  return <Badge tone="blue">Open</Badge>;
}

function PersonLink({ person }: { person: AdminReportedReview['reviewer'] }) {
  return (
    <Link
      to={`/admin/users/${person.id}`}
      className="font-medium break-words text-primary underline underline-offset-4"
    >
      {nameOf(person)}
    </Link>
  );
}

/**
 * One reported review as an admin decides it: the review itself (stars, comment, reply, job, who
 * reviewed whom, where it stands) and every report on it. 'Hide review' takes it out of every list and
 * the rating; 'Keep review' closes its reports. Both need a reason, which is audited.
 */
export function ReportedReviewCard({
  review,
  onDecided,
}: {
  review: AdminReportedReview;
  /** After a decision went through (the Open list moves focus on, as the item leaves it). */
  onDecided?: (review: AdminReportedReview) => void;
}) {
  const id = useId();
  const articleRef = useRef<HTMLElement>(null);
  const reviewee = nameOf(review.reviewee);

  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
    >
      <ReviewHeading titleId={`${id}-title`} review={review} />
      <ReviewText review={review} reviewee={reviewee} />
      {review.hiddenReason && review.status === 'hidden' && (
        <p className="text-sm">
          <span className="font-medium">Reason for hiding: </span>
          {review.hiddenReason}
        </p>
      )}
      <ReportsList headingId={`${id}-reports`} reports={review.reports} />
      <ModerationActions
        review={review}
        onDecided={() => {
          if (onDecided) onDecided(review);
          else focusAfterDialog(() => articleRef.current);
        }}
      />
    </article>
  );
}

/** The job, who reviewed whom and when, and where the review stands. */
function ReviewHeading({ titleId, review }: { titleId: string; review: AdminReportedReview }) {
  const reviewer = nameOf(review.reviewer);
  const reviewee = nameOf(review.reviewee);
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <p className="text-sm break-words text-muted-foreground">
          Job:{' '}
          <Link
            to={`/job/${review.job.id}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            {review.job.title}
          </Link>
        </p>
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {reviewer}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> reviewed </span>
          {reviewee}
        </h2>
        <p className="text-sm text-muted-foreground">
          {USER_TYPE[review.reviewer.userType]} <PersonLink person={review.reviewer} /> reviewed{' '}
          {USER_TYPE[review.reviewee.userType].toLowerCase()} <PersonLink person={review.reviewee} /> on{' '}
          {formatDateTime(review.createdAt)}
        </p>
      </div>
      <StatusBadge status={review.status} />
    </div>
  );
}

/** The stars, the comment and the reviewee's reply. */
function ReviewText({ review, reviewee }: { review: AdminReportedReview; reviewee: string }) {
  return (
    <div className="space-y-2 rounded-lg bg-muted p-3 text-sm">
      <Stars rating={review.rating} />
      {review.comment ? (
        <p className="break-words whitespace-pre-line">{review.comment}</p>
      ) : (
        <p className="text-muted-foreground">No comment.</p>
      )}
      {review.reply && (
        <div className="border-l-4 border-primary pl-3">
          <p className="flex items-center gap-1.5 font-medium">
            <MessageSquareReply className="size-4 text-primary" aria-hidden="true" />
            Reply from {reviewee}
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{review.reply}</p>
        </div>
      )}
    </div>
  );
}

function ReportsList({ headingId, reports }: { headingId: string; reports: AdminReportedReview['reports'] }) {
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold">
        Reports ({reports.length})
      </h3>
      <ul className="space-y-2">
        {reports.map((report) => (
          <li key={report.id} className="rounded-lg border border-border p-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">{REVIEW_REPORT_REASON_LABELS[report.reason]}</p>
              <OutcomeBadge outcome={report.outcome} />
            </div>
            {report.details && <p className="mt-1 break-words whitespace-pre-line">{report.details}</p>}
            <p className="mt-1 text-muted-foreground">
              By{' '}
              <Link
                to={`/admin/users/${report.reporter.id}`}
                className="text-primary underline underline-offset-4"
              >
                {nameOf(report.reporter)}
              </Link>{' '}
              on {formatDateTime(report.createdAt)}
              {report.decidedAt && ` · decided ${formatDateTime(report.decidedAt)}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 'Keep review' (while reports are open) and 'Hide review' (while it shows), each asking for a reason. */
function ModerationActions({ review, onDecided }: { review: AdminReportedReview; onDecided: () => void }) {
  const moderate = useModerateReview();
  const reviewer = nameOf(review.reviewer);
  const reviewee = nameOf(review.reviewee);
  const openReports = review.reports.filter((report) => report.outcome === null).length;
  const canHide = review.status !== 'hidden';
  const canKeep = openReports > 0;

  // mutateAsync: the answer is handled even when this card has already left the queue.
  const send = (action: Action, reason: string, outcome: ReasonOutcome) =>
    void moderate.mutateAsync({ reviewId: review.id, body: { action, reason } }).then(
      () => {
        outcome.close();
        void showSuccess(
          ACTION_TEXT[action].done,
          action === 'hide'
            ? `${reviewer}’s review of ${reviewee} no longer shows anywhere or counts towards the rating.`
            : `${reviewer}’s review of ${reviewee} stays published and its reports are closed.`,
        );
        onDecided();
      },
      (error: unknown) => {
        const message = errorMessage(error, 'The decision could not be saved. Please try again.');
        if (isValidationError(error)) return outcome.reasonError(message);
        // Decided meanwhile (already hidden, no open report): the list reloads, the toast says why.
        if (isConflict(error)) {
          outcome.close();
          void showError('Error', message);
          return;
        }
        outcome.fail(message);
      },
    );

  const pendingAction = moderate.isPending ? moderate.variables?.body.action : undefined;
  if (!canHide && !canKeep) return null;

  const dialog = (action: Action, consequence: ReactNode) => (
    <ReasonDialog
      trigger={
        <Button
          variant="outline"
          className={action === 'hide' ? 'text-destructive dark:text-red-300' : undefined}
          disabled={moderate.isPending}
          aria-label={`${ACTION_TEXT[action].verb} review by ${reviewer} of ${reviewee}`}
        >
          {action === 'hide' ? <EyeOff aria-hidden="true" /> : <Check aria-hidden="true" />}
          {ACTION_TEXT[action].verb} review
        </Button>
      }
      title={`${ACTION_TEXT[action].verb} this review?`}
      description={
        <Description reviewer={reviewer} reviewee={reviewee} rating={review.rating}>
          {consequence}
        </Description>
      }
      hint={`Between ${REVIEW_RULES.hideReasonMin} and ${REVIEW_RULES.hideReasonMax} characters. Kept in the audit trail.`}
      confirmLabel={`${ACTION_TEXT[action].verb} review`}
      confirmVariant={action === 'hide' ? 'destructive' : 'default'}
      pending={pendingAction === action}
      schema={MODERATION_REASON}
      onConfirm={(reason, outcome) => send(action, reason, outcome)}
    />
  );

  return (
    <div className="flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:justify-end">
      {canKeep &&
        dialog('keep', <>It stays published and its {plural(openReports, 'open report')} will be closed.</>)}
      {canHide &&
        dialog(
          'hide',
          <>
            It disappears from every list and no longer counts towards {reviewee}’s rating. Both of them are
            told, and the reviewer sees your reason.
          </>,
        )}
    </div>
  );
}

function Description({
  reviewer,
  reviewee,
  rating,
  children,
}: {
  reviewer: string;
  reviewee: string;
  rating: number;
  children: ReactNode;
}) {
  return (
    <>
      <p>
        {reviewer}’s {rating}-star review of {reviewee}.
      </p>
      <p>{children}</p>
    </>
  );
}
