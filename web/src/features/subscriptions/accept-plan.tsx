import { formatPence } from '@domain/payments/money';
import type { SubscriptionView } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { FREQUENCY_LABELS, SUBSCRIPTION_RULES as R } from '@domain/subscriptions/rules';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FieldSet } from '@/components/ui/form';
import { cardLabel, usableCards, usePaymentMethods } from '@/features/milestones';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAcceptSubscription } from './api';
import { day } from './words';

/**
 * The customer accepts a proposal with one of their saved cards: each visit is charged to it into
 * escrow before its day. Without a usable card, the way to Payment Methods (Accept stays disabled).
 */
export function AcceptPlan({ plan }: { plan: SubscriptionView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const cards = usePaymentMethods(open);
  const usable = usableCards(cards.data);
  const accept = useAcceptSubscription(plan.id);
  const chosen = choice ?? usable.find((c) => c.isDefault)?.id ?? usable[0]?.id ?? null;
  const pending = accept.isPending;
  const price = formatPence(plan.pricePerVisitPence ?? 0);

  const send = () => {
    if (pending || !chosen) return;
    setFailure(null);
    accept.mutate(chosen, {
      onSuccess: () => {
        setOpen(false);
        void showSuccess(M.accepted);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to accept the plan');
        setFailure(message);
        void showError('Error', message);
      },
    });
  };

  return (
    <FormDialog
      trigger={<Button>Accept</Button>}
      title="Accept this plan?"
      description={
        <>
          {price} a visit, {plan.frequency ? FREQUENCY_LABELS[plan.frequency].toLowerCase() : ''}
          {plan.startDate ? `, from ${day(plan.startDate)}` : ''}. Each visit is charged to your card{' '}
          {R.chargeLeadDays} days before its day and held in escrow until the work is done.
        </>
      }
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
        <FieldSet id={`${id}-card`} legend="Card to charge" error={null}>
          <div className="grid gap-2 pt-1">
            {cards.isPending && <p className="text-sm text-muted-foreground">Loading your cards…</p>}
            {cards.isError && (
              <p className="text-sm text-muted-foreground">
                We couldn't load your saved cards.{' '}
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => void cards.refetch()}
                >
                  Try again
                </button>
              </p>
            )}
            {usable.map((card) => (
              <label
                key={card.id}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm break-words',
                  'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-card`}
                  value={card.id}
                  checked={chosen === card.id}
                  onChange={() => setChoice(card.id)}
                  className="size-4 shrink-0 accent-primary"
                />
                {cardLabel(card)}
                {card.isDefault ? ' (default)' : ''}
              </label>
            ))}
            {cards.isSuccess && usable.length === 0 && (
              <p className="text-sm">
                {M.cardNeeded}.{' '}
                <Link
                  to="/payment-methods"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Go to Payment Methods
                </Link>
              </p>
            )}
          </div>
        </FieldSet>
        <FieldError id={`${id}-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Accept plan"
          pending={pending}
          disabled={!chosen}
          describedBy={failure ? `${id}-error` : null}
        />
      </form>
    </FormDialog>
  );
}
