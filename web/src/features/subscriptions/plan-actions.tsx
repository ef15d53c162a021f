import { londonToday } from '@domain/marketplace/schemas';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import type { SubscriptionView } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { outsideNotice, SUBSCRIPTION_RULES as R } from '@domain/subscriptions/rules';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { PoundsInput } from '@/components/ui/pounds-input';
import { ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { AcceptPlan } from './accept-plan';
import { type PlanStep, useChangePrice, usePlanStep } from './api';
import { ProposePlan } from './propose-dialog';
import { day, otherParty } from './words';

/** What the viewer may do with the plan now, by their side and its state; the server has the last word. */
export function PlanActions({ plan }: { plan: SubscriptionView }) {
  const customer = plan.role === 'customer';
  const buttons: ReactNode[] = [];
  if (plan.status === 'requested' || plan.status === 'proposed') {
    if (!customer) buttons.push(<ProposePlan key="propose" plan={plan} />);
    if (customer && plan.status === 'proposed') buttons.push(<AcceptPlan key="accept" plan={plan} />);
    buttons.push(<DeclinePlan key="decline" plan={plan} />);
  }
  if (plan.status === 'active') {
    if (customer && plan.pendingPricePence !== null) {
      buttons.push(
        <AnswerPrice key="price-yes" plan={plan} accept />,
        <AnswerPrice key="price-no" plan={plan} accept={false} />,
      );
    }
    if (!customer && plan.pendingPricePence === null) buttons.push(<ChangePrice key="price" plan={plan} />);
    buttons.push(<PausePlan key="pause" plan={plan} />);
  }
  if (plan.status === 'paused') buttons.push(<ResumePlan key="resume" plan={plan} />);
  if (plan.status === 'active' || plan.status === 'paused')
    buttons.push(<CancelPlan key="cancel" plan={plan} />);
  if (buttons.length === 0) return null;
  return <div className="flex flex-wrap gap-2 border-t border-border pt-3">{buttons}</div>;
}

/** The result of a step, said once it has worked; a refusal stays in the dialog and is toasted. */
function runStep(
  mutation: ReturnType<typeof usePlanStep>,
  reason: string | undefined,
  done: string,
  close: () => void,
  fail: (message: string) => void,
) {
  mutation.mutate(reason, {
    onSuccess: () => {
      close();
      void showSuccess(done);
    },
    onError: (error) => {
      const message = errorMessage(error, 'Something went wrong. Please try again.');
      fail(message);
      void showError('Error', message);
    },
  });
}

/**
 * An action with an optional reason the other party sees (decline, pause, cancel). The reason stays
 * typed through a refusal.
 */
function ReasonAction({
  plan,
  step,
  trigger,
  title,
  description,
  confirmLabel,
  done,
}: {
  plan: SubscriptionView;
  step: PlanStep;
  trigger: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  done: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = usePlanStep(plan.id, step);
  const pending = mutation.isPending;
  return (
    <FormDialog
      trigger={<Button variant="outline">{trigger}</Button>}
      title={title}
      description={description}
      descriptionClassName="space-y-2"
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
          if (pending) return;
          setFailure(null);
          runStep(
            mutation,
            reason.trim() || undefined,
            done,
            () => {
              setOpen(false);
              setReason('');
            },
            setFailure,
          );
        }}
      >
        <Field id={`${id}-reason`} label="Reason (optional)" error={null}>
          {(control) => (
            <ReviewTextarea
              rows={3}
              value={reason}
              maxLength={500}
              readOnly={pending}
              {...control}
              aria-describedby={failure ? `${id}-error` : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <FieldError id={`${id}-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          cancelLabel="Keep it"
          confirmLabel={confirmLabel}
          confirmVariant="destructive"
          pending={pending}
        />
      </form>
    </FormDialog>
  );
}

function DeclinePlan({ plan }: { plan: SubscriptionView }) {
  const asked = plan.status === 'requested' && plan.role === 'customer';
  return (
    <ReasonAction
      plan={plan}
      step="decline"
      trigger={asked ? 'Withdraw' : 'Decline'}
      title={asked ? 'Withdraw your request?' : 'Decline this plan?'}
      description={<p>{otherParty(plan)} is told. No visits are booked and nothing is charged.</p>}
      confirmLabel={asked ? 'Withdraw request' : 'Decline plan'}
      done={asked ? 'Request withdrawn' : 'Plan declined'}
    />
  );
}

/** Visits already booked inside the notice period: they go ahead whatever happens to the plan. */
function goingAhead(plan: SubscriptionView): string[] {
  const today = londonToday();
  return plan.visits
    .filter(
      (v) =>
        v.status === 'booked' &&
        v.bookingStatus !== 'completed' &&
        !outsideNotice(v.date, today) &&
        v.date >= today,
    )
    .map((v) => day(v.date));
}

function StillGoingAhead({ plan }: { plan: SubscriptionView }) {
  const dates = goingAhead(plan);
  return (
    <p>
      {dates.length === 0
        ? 'No visit is close enough to go ahead: none is charged from now on.'
        : `Still going ahead, as it is less than ${R.noticeDays + 1} days away: ${dates.join(', ')}.`}
    </p>
  );
}

function PausePlan({ plan }: { plan: SubscriptionView }) {
  return (
    <ReasonAction
      plan={plan}
      step="pause"
      trigger="Pause"
      title="Pause this plan?"
      description={
        <>
          <p>No more visits are booked or charged until it is resumed. {otherParty(plan)} is told.</p>
          <StillGoingAhead plan={plan} />
        </>
      }
      confirmLabel="Pause plan"
      done="Plan paused"
    />
  );
}

function CancelPlan({ plan }: { plan: SubscriptionView }) {
  return (
    <ReasonAction
      plan={plan}
      step="cancel"
      trigger="Cancel plan"
      title="Cancel this plan?"
      description={
        <>
          <p>
            Later visits are cancelled and never charged. {otherParty(plan)} is told. This cannot be undone.
          </p>
          <StillGoingAhead plan={plan} />
        </>
      }
      confirmLabel="Cancel plan"
      done="Plan cancelled"
    />
  );
}

function ResumePlan({ plan }: { plan: SubscriptionView }) {
  const resume = usePlanStep(plan.id, 'resume');
  return (
    <ConfirmDialog
      trigger={<Button>Resume</Button>}
      title="Resume this plan?"
      description={
        <p>Visits are booked again from the next date the plan gives, and charged before each one.</p>
      }
      confirmLabel="Resume plan"
      cancelLabel="Not yet"
      confirmVariant="default"
      pending={resume.isPending}
      onConfirm={(close, fail) => runStep(resume, undefined, 'Plan resumed', close, fail)}
    />
  );
}

/** The customer's answer to a new price per visit. */
function AnswerPrice({ plan, accept }: { plan: SubscriptionView; accept: boolean }) {
  const mutation = usePlanStep(plan.id, accept ? 'acceptPrice' : 'declinePrice');
  const from = formatPence(plan.pricePerVisitPence ?? 0);
  const to = formatPence(plan.pendingPricePence ?? 0);
  return (
    <ConfirmDialog
      trigger={
        <Button variant={accept ? 'default' : 'outline'}>
          {accept ? 'Accept new price' : 'Decline new price'}
        </Button>
      }
      title={accept ? 'Accept the new price?' : 'Decline the new price?'}
      description={
        <p>
          {accept
            ? `Visits charged from now on cost ${to} instead of ${from}.`
            : `The price stays ${from} a visit. ${otherParty(plan)} may pause or cancel the plan instead.`}
        </p>
      }
      confirmLabel={accept ? 'Accept new price' : 'Decline new price'}
      cancelLabel="Not yet"
      confirmVariant={accept ? 'default' : 'destructive'}
      pending={mutation.isPending}
      onConfirm={(close, fail) =>
        runStep(mutation, undefined, accept ? 'New price accepted' : 'New price declined', close, fail)
      }
    />
  );
}

/** The tradesperson proposes a new price per visit; the customer must accept it. */
function ChangePrice({ plan }: { plan: SubscriptionView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [price, setPrice] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePrice(plan.id);
  const pending = change.isPending;

  const send = () => {
    if (pending) return;
    const typed = price.trim().replace(/^£\s*/, '');
    const parsed = parsePoundsToPence(typed);
    const local = !parsed.ok
      ? M.priceInvalid
      : parsed.pence < R.pricePerVisitMinPence || parsed.pence > R.pricePerVisitMaxPence
        ? M.priceRange
        : parsed.pence === plan.pricePerVisitPence
          ? M.samePrice
          : null;
    setProblem(local);
    if (local) {
      document.getElementById(`${id}-price`)?.focus();
      return;
    }
    change.mutate(typed, {
      onSuccess: () => {
        setOpen(false);
        setPrice('');
        void showSuccess('New price proposed', `${plan.customer.name} is asked to accept it.`);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to propose the new price');
        setProblem(message);
        void showError('Error', message);
      },
    });
  };

  return (
    <FormDialog
      trigger={<Button variant="outline">Change price</Button>}
      title="Change the price per visit"
      description={`Now ${formatPence(plan.pricePerVisitPence ?? 0)} a visit. ${plan.customer.name} must accept the new price; visits charged after that cost it.`}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
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
        <Field id={`${id}-price`} label="New price per visit (£)" required error={problem}>
          {(control) => (
            <PoundsInput
              inputMode="decimal"
              value={price}
              readOnly={pending}
              {...control}
              onChange={(event) => setPrice(event.target.value)}
            />
          )}
        </Field>
        <DialogActions onCancel={() => setOpen(false)} confirmLabel="Propose new price" pending={pending} />
      </form>
    </FormDialog>
  );
}
