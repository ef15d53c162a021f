import type { MilestoneStatus } from '@domain/catalog/statuses';
import type { BookingMilestonesView, MilestoneView } from '@domain/milestones/api';
import { MILESTONE_MESSAGES as M, MILESTONE_RULES, MILESTONE_TEXTS as T } from '@domain/milestones/messages';
import { isPayable } from '@domain/milestones/rules';
import { formatPence } from '@domain/payments/money';
import { CircleAlert, Clock, LockKeyhole, ShieldAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type Tone } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useApproveMilestone, useMarkDone } from './api';

const STATUS: Record<MilestoneStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  processing: { label: 'Processing', tone: 'blue' },
  paid: { label: 'Paid', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  refunded: { label: 'Refunded', tone: 'grey' },
};

/** The customer's Pay: which milestone is being paid, and why paying is not possible now. */
export type PayControl = {
  pay: (milestoneId: string) => void;
  payingId: string | null;
  /** Why no milestone can be paid now ('Add a payment method first'), or null. */
  blockedReason: string | null;
};

/** One milestone of the accepted plan, with what the viewer can do about it. */
export function MilestoneItem({
  milestone: m,
  view,
  payment,
}: {
  milestone: MilestoneView;
  view: BookingMilestonesView;
  payment: PayControl;
}) {
  const titleId = `milestone-${m.id}-title`;
  const status = STATUS[m.status] ?? { label: m.status, tone: 'grey' };
  const customer = view.viewer === 'customer';
  const canPay = customer && isPayable(m.status) && !view.frozen;
  const reason = canPay ? (payment.blockedReason ?? (m.canPay ? null : M.notPayable)) : null;
  const paying = payment.payingId === m.id;

  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-base font-semibold break-words">
          <span className="text-muted-foreground">{m.index + 1}. </span>
          {m.title}
        </h3>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {m.description && (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-muted-foreground">{m.description}</p>
      )}
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{formatPence(m.amountPence, 2)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted-foreground">Due</dt>
          <dd>{m.dueDate ? formatDateOnly(m.dueDate, 'short') : 'No date set'}</dd>
        </div>
      </dl>

      <ul className="mt-3 space-y-1 text-sm empty:hidden">
        {m.status === 'paid' && m.paidAt && <Note icon={<Wallet />}>Paid on {formatDate(m.paidAt)}</Note>}
        {m.status === 'failed' && m.lastError && (
          <Note icon={<CircleAlert />} className="font-medium text-destructive dark:text-red-300">
            {m.lastError}
          </Note>
        )}
        {m.awaitingAuthentication && <Note icon={<Clock />}>Waiting for authentication</Note>}
        <MoneyNote milestone={m} view={view} />
      </ul>

      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        {canPay && (
          <Button
            size="sm"
            disabled={payment.payingId !== null || reason !== null}
            aria-busy={paying}
            aria-describedby={reason ? `${titleId} ${titleId}-reason` : titleId}
            onClick={() => payment.pay(m.id)}
          >
            {paying && <Spinner />}
            {m.status === 'failed' ? T.retry : T.pay}
          </Button>
        )}
        {m.canMarkDone && <MarkDoneButton milestone={m} view={view} titleId={titleId} />}
        {m.canApprove && <ApproveButton milestone={m} view={view} titleId={titleId} />}
      </div>
      {reason && (
        <p id={`${titleId}-reason`} className="mt-2 text-sm text-muted-foreground">
          {reason}
        </p>
      )}
    </Card>
  );
}

function Note({ icon, className, children }: { icon: ReactNode; className?: string; children: ReactNode }) {
  return (
    <li className={cn('flex items-start gap-1.5 break-words', className)}>
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </li>
  );
}

/** Where a paid milestone's money is: held, marked done and due for release, released, or frozen. */
function MoneyNote({ milestone: m, view }: { milestone: MilestoneView; view: BookingMilestonesView }) {
  if (m.status !== 'paid') return null;
  if (m.releasedAt) return <Note icon={<Wallet />}>Released on {formatDate(m.releasedAt)}</Note>;
  if (view.frozen) return <Note icon={<ShieldAlert />}>Frozen by a dispute</Note>;
  const customer = view.viewer === 'customer';
  if (m.doneAt && m.releaseDueAt) {
    return (
      <>
        <Note icon={<Clock />}>Marked done on {formatDate(m.doneAt)}</Note>
        <Note icon={<Clock />}>
          {customer
            ? `Released automatically on ${formatDate(m.releaseDueAt)} unless you raise a problem`
            : `Released to you automatically on ${formatDate(m.releaseDueAt)} unless the customer raises a problem`}
        </Note>
      </>
    );
  }
  return (
    <Note icon={<LockKeyhole />}>
      {customer
        ? 'Held securely until you approve this part of the work'
        : 'Held securely: mark it done when this part of the work is finished'}
    </Note>
  );
}

/** What a milestone's action buttons get: `titleId` names the milestone they act on. */
type ActionProps = { milestone: MilestoneView; view: BookingMilestonesView; titleId: string };

function MarkDoneButton({ milestone, view, titleId }: ActionProps) {
  const markDone = useMarkDone(view.bookingId);
  const customer = view.customerName ?? 'The customer';
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={markDone.isPending}
      aria-busy={markDone.isPending}
      aria-describedby={titleId}
      onClick={() =>
        markDone.mutate(milestone.id, {
          onSuccess: () =>
            void showSuccess(
              'Marked done',
              `${customer} has ${MILESTONE_RULES.approvalDays} days to approve it; then it is released to you automatically.`,
            ),
          onError: (error) =>
            void showError('Error', errorMessage(error, 'Failed to mark the milestone done')),
        })
      }
    >
      {markDone.isPending && <Spinner />}
      Mark done
    </Button>
  );
}

function ApproveButton({ milestone, view, titleId }: ActionProps) {
  const approve = useApproveMilestone(view.bookingId);
  const tradesperson = view.tradespersonName ?? 'the tradesperson';
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" aria-describedby={titleId}>
          Approve and release
        </Button>
      }
      title="Approve and release this payment?"
      description={
        <p>
          {formatPence(milestone.amountPence, 2)} for ‘{milestone.title}’ goes to {tradesperson} now. Approve
          only when you are happy with this part of the work.
        </p>
      }
      confirmLabel="Approve and release"
      cancelLabel="Not yet"
      confirmVariant="default"
      pending={approve.isPending}
      onConfirm={(close, fail) =>
        approve.mutate(milestone.id, {
          onSuccess: () => {
            close();
            void showSuccess(
              'Payment released',
              `${formatPence(milestone.amountPence, 2)} released to ${tradesperson}.`,
            );
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to release the payment');
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}
