import type { BookingMilestonesView, PlanView } from '@domain/milestones/api';
import { MILESTONE_RULES } from '@domain/milestones/messages';
import { formatPence } from '@domain/payments/money';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { formatDate, formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useAcceptPlan, useDeclinePlan, useWithdrawPlan } from './api';

/** A plan's milestones as a compact list with its total. */
function PlanItems({ plan }: { plan: PlanView }) {
  const total = plan.milestones.reduce((sum, m) => sum + m.amountPence, 0);
  return (
    <>
      <ol className="divide-y divide-border rounded-lg border border-border">
        {[...plan.milestones]
          .sort((a, b) => a.index - b.index)
          .map((m) => (
            <li
              key={m.index}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">
                  {m.index + 1}. {m.title}
                </p>
                {m.description && (
                  <p className="break-words whitespace-pre-wrap text-muted-foreground">{m.description}</p>
                )}
                <p className="text-muted-foreground">Due {formatDateOnly(m.dueDate, 'short')}</p>
              </div>
              <p className="font-semibold tabular-nums">{formatPence(m.amountPence, 2)}</p>
            </li>
          ))}
      </ol>
      <p className="flex justify-between gap-4 px-3 text-sm font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatPence(total, 2)}</span>
      </p>
    </>
  );
}

/**
 * A plan waiting for the customer: a first plan, or a revision of the accepted one (which stays in
 * force until this is accepted). The customer accepts or declines it; the tradesperson may withdraw it.
 */
export function ProposalCard({ view, proposal }: { view: BookingMilestonesView; proposal: PlanView }) {
  const accept = useAcceptPlan(view.bookingId);
  const withdraw = useWithdrawPlan(view.bookingId);
  const who = view.viewer === 'customer' ? (view.tradespersonName ?? 'The tradesperson') : 'You';
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">
          {proposal.revision ? 'Proposed changes to the plan' : 'Proposed milestone plan'}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {who} proposed this on {formatDate(proposal.proposedAt)}.
          {proposal.revision && ' The current plan stays in force until the changes are accepted.'}
        </p>
      </CardHeader>
      <CardContent className="space-y-3">
        <PlanItems plan={proposal} />
        {view.viewer === 'customer' && (
          <div className="flex flex-wrap gap-2 pt-1">
            <Button
              disabled={accept.isPending}
              aria-busy={accept.isPending}
              onClick={() =>
                accept.mutate(proposal.id, {
                  onSuccess: () => void showSuccess('Plan accepted', 'Pay each milestone when it is due.'),
                  onError: (error) =>
                    void showError('Error', errorMessage(error, 'Failed to accept the plan')),
                })
              }
            >
              {accept.isPending && <Spinner />}
              Accept plan
            </Button>
            <DeclineDialog view={view} planId={proposal.id} />
          </div>
        )}
        {view.viewer === 'tradesperson' && (
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            <p className="text-sm text-muted-foreground">
              Waiting for {view.customerName ?? 'the customer'} to accept or decline it.
            </p>
            <Button
              variant="outline"
              disabled={withdraw.isPending}
              aria-busy={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onSuccess: () => void showSuccess('Proposal withdrawn'),
                  onError: (error) =>
                    void showError('Error', errorMessage(error, 'Failed to withdraw the proposal')),
                })
              }
            >
              {withdraw.isPending && <Spinner />}
              Withdraw
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Decline, with an optional reason the tradesperson sees. */
function DeclineDialog({ view, planId }: { view: BookingMilestonesView; planId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const decline = useDeclinePlan(view.bookingId);
  const pending = decline.isPending;
  const tradesperson = view.tradespersonName ?? 'The tradesperson';

  const send = () => {
    if (pending) return;
    setFailure(null);
    const text = reason.trim();
    decline.mutate(text ? { planId, reason: text } : { planId }, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        void showSuccess('Plan declined', `${tradesperson} can propose another.`);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to decline the plan');
        setFailure(message);
        void showError('Error', message);
      },
    });
  };

  return (
    <FormDialog
      trigger={<Button variant="outline">Decline</Button>}
      title="Decline this plan?"
      description={<>{tradesperson} is told and can propose another. Saying why helps them get it right.</>}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      pending={pending}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Field
          id={`${id}-reason`}
          label="Reason (optional)"
          counter={
            <CharacterCounter
              id={`${id}-count`}
              length={reason.trim().length}
              max={MILESTONE_RULES.declineReasonMax}
            />
          }
          error={null}
        >
          {(control) => (
            <ReviewTextarea
              rows={4}
              value={reason}
              maxLength={MILESTONE_RULES.declineReasonMax}
              readOnly={pending}
              {...control}
              // A refusal of the whole request is read with the reason too.
              aria-describedby={[control['aria-describedby'], failure && `${id}-error`]
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <FieldError id={`${id}-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Decline plan"
          confirmVariant="destructive"
          pending={pending}
        />
      </form>
    </FormDialog>
  );
}

/** The last plan the customer declined, and why, until a newer one is proposed. */
export function DeclinedNote({ view, plan }: { view: BookingMilestonesView; plan: PlanView }) {
  const customer = view.viewer === 'customer';
  const who = customer ? 'You' : (view.customerName ?? 'The customer');
  return (
    <div className="space-y-2 rounded-xl border border-border bg-muted/60 p-4 text-sm">
      <p className="font-medium">
        {who} declined the proposed plan{plan.decidedAt ? ` on ${formatDate(plan.decidedAt)}` : ''}.
      </p>
      {plan.declineReason ? (
        <blockquote className="border-l-2 border-border pl-3 break-words whitespace-pre-wrap">
          {plan.declineReason}
        </blockquote>
      ) : (
        <p className="text-muted-foreground">No reason was given.</p>
      )}
    </div>
  );
}
