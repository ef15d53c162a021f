import type { ChangeView } from '@domain/changes/api';
import { formatPence } from '@domain/payments/money';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { FieldSet } from '@/components/ui/form';
import { cardLabel, handleStripeNextAction, usableCards, usePaymentMethods } from '@/features/milestones';
import { errorMessage } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { cn } from '@/lib/utils';
import { changeKeys, type PayChangeAnswer, usePayChange } from './api';

/** The checkout page rather than a saved card. */
const CHECKOUT = 'checkout';

const FAILED = 'The payment did not go through. Try another card or the checkout page.';

/**
 * 'Pay £X' for an accepted increase, for the customer: with one of their saved cards (charged at once,
 * the bank may ask to authenticate, as for milestones) or on the payment provider's checkout page.
 * The dialog stays open with the reason when the payment is refused, so another way can be tried.
 */
export function PayChange({ change }: { change: ChangeView }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const cards = usePaymentMethods(true);
  const usable = usableCards(cards.data);
  const pay = usePayChange(change.bookingId);
  const settle = useSettlePayment(change);
  const amount = formatPence(change.amountPence);
  // Until a way is chosen: the default card, else the first, else the checkout page.
  const chosen = choice ?? usable.find((c) => c.isDefault)?.id ?? usable[0]?.id ?? CHECKOUT;
  const busy = pay.isPending || settle.busy || leaving;

  const send = () => {
    if (busy) return;
    setFailure(null);
    pay.mutate(
      { changeId: change.id, paymentMethodId: chosen === CHECKOUT ? null : chosen },
      {
        onSuccess: (answer) => {
          if (answer.checkoutUrl) {
            // Buttons stay disabled until the checkout page has replaced this one.
            setLeaving(true);
            window.location.assign(answer.checkoutUrl);
            return;
          }
          void settle.run(answer, cards.data?.publishableKey ?? null).then((refused) => {
            if (refused) setFailure(refused);
            else setOpen(false);
          });
        },
        onError: (error) => {
          const message = errorMessage(error, FAILED);
          setFailure(message);
          void showError('Payment failed', message);
        },
      },
    );
  };

  return (
    <FormDialog
      trigger={<Button>Pay {amount}</Button>}
      title={`Pay ${amount} into escrow`}
      description="The money is held safely and released to the tradesperson with the rest of the booking."
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      pending={busy}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <FieldSet id={`${id}-way`} legend="Pay with" error={null}>
          <div className="grid gap-2 pt-1">
            {cards.isPending && <p className="text-sm text-muted-foreground">Loading your cards…</p>}
            {usable.map((card) => (
              <Choice key={card.id} name={`${id}-way`} value={card.id} chosen={chosen} onChoose={setChoice}>
                {cardLabel(card)}
                {card.isDefault ? ' (default)' : ''}
              </Choice>
            ))}
            <Choice name={`${id}-way`} value={CHECKOUT} chosen={chosen} onChoose={setChoice}>
              Card on the secure checkout page
            </Choice>
          </div>
        </FieldSet>
        {cards.isSuccess && usable.length === 0 && (
          <p className="text-sm text-muted-foreground">
            You have no saved card that can pay.{' '}
            <Link
              to="/payment-methods"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Add a payment method
            </Link>{' '}
            or pay on the checkout page.
          </p>
        )}
        <FieldError id={`${id}-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel={`Pay ${amount}`}
          pending={busy}
          describedBy={failure ? `${id}-error` : null}
        />
      </form>
    </FormDialog>
  );
}

function Choice({
  name,
  value,
  chosen,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  chosen: string;
  onChoose: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md border border-border p-3 text-sm break-words',
        'has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        className="size-4 shrink-0 accent-primary"
      />
      {children}
    </label>
  );
}

/**
 * What a card payment's answer means: paid, still with the bank, refused (the reason, for the dialog),
 * or the bank's authentication on this page first (Stripe.js), after which the page is read again,
 * since the provider's confirmation reaches the server on its own.
 */
function useSettlePayment(change: ChangeView) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // A second click in the same moment must see the first at once (state arrives with the next render).
  const running = useRef(false);

  async function run(answer: PayChangeAnswer, publishableKey: string | null): Promise<string | null> {
    const amount = formatPence(change.amountPence);
    const payment = answer.change.payment;
    if (payment?.status === 'succeeded') {
      void showSuccess('Payment successful', `${amount} is held in escrow.`);
      return null;
    }
    if (!answer.nextAction) {
      if (payment?.status === 'processing') {
        void showInfo(
          'Payment processing',
          'Your bank is still confirming this payment. Check back in a moment.',
        );
        return null;
      }
      const refused = payment?.lastError ?? FAILED;
      void showError('Payment failed', refused);
      return refused;
    }
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    try {
      await handleStripeNextAction(answer.nextAction.clientSecret, publishableKey);
      void showInfo('Payment processing', 'Your bank has checked the payment; it shows here once confirmed.');
      return null;
    } catch (error) {
      const refused = error instanceof Error && error.message ? error.message : FAILED;
      void showError('Payment failed', refused);
      return refused;
    } finally {
      running.current = false;
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: changeKeys.booking(change.bookingId) });
    }
  }

  return { run, busy };
}
