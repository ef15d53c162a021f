import type { PaymentMethodView, SetupIntentResponse } from '@domain/milestones/api';
import { PAYMENT_METHOD_TEXTS } from '@domain/milestones/messages';
import { CreditCard, Plus } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/accounts';
import { CardName, cardBrandName } from '@/features/payments';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { useCreateSetupIntent, usePaymentMethods, useRemoveCard, useSetDefaultCard } from './api';
import { SandboxCardForm } from './sandbox-card-form';
import { useSetupReturn } from './use-setup-return';

// Stripe's card form, in its own chunk with Stripe.js: only customers of a Stripe-backed server who
// press Add payment method download it. A chunk that fails to load is said, not thrown at the page.
const StripeCardForm = lazy(() =>
  import('./stripe-card-form').catch(() => ({
    default: () => (
      <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
        We could not load the card form. Check your connection, reload the page and try again.
      </p>
    ),
  })),
);

/** The server's words for a refusal, when it sent some; a toast's title is always ours or the spec's. */
const detail = (error: unknown) =>
  error instanceof ApiError && error.code !== 'HTTP_ERROR' ? error.message : undefined;

/** '04/27', as printed on the card. */
const expiry = (card: PaymentMethodView) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

/** 'Visa ending 4242', for the words screen readers and announcements use. */
const spoken = (card: PaymentMethodView) => `${cardBrandName(card.brand)} ending ${card.last4}`;

/**
 * Payment Methods (/payment-methods): the customer's saved cards, which pay for milestones; the default
 * one pays unless another is chosen. Adding a card asks the server for a setup intent
 * (create-setup-intent) and shows the provider's card form; the provider then returns the browser here
 * with ?setup_intent=…, which the page confirms.
 */
export function PaymentMethods() {
  const { user } = useSession();
  const customer = user?.userType === 'customer';
  const methods = usePaymentMethods(customer);
  const { confirming } = useSetupReturn(customer);
  const create = useCreateSetupIntent();
  const [intent, setIntent] = useState<SetupIntentResponse | null>(null);
  // Said politely after a change, in a line that is always there so nothing below it moves.
  const [announcement, setAnnouncement] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const startAdding = () => {
    setAnnouncement('');
    create.mutate(undefined, {
      onSuccess: setIntent,
      onError: (error) => void showError(PAYMENT_METHOD_TEXTS.setupFailed, detail(error)),
    });
  };
  const stopAdding = () => {
    setIntent(null);
    // The button is back once the form has gone.
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const addCardButton = (
    <Button ref={addButton} onClick={startAdding} disabled={create.isPending} aria-busy={create.isPending}>
      {create.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
      Add payment method
    </Button>
  );
  const cards = methods.data?.paymentMethods;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Payment Methods</h1>
      {!customer ? (
        user && (
          <div className="mt-6">
            <EmptyState
              icon={<CreditCard aria-hidden="true" />}
              title="Payment Methods is for customers"
              text="Customers save cards here to pay for their bookings. Your earnings are paid out to the bank account on your Payments page."
              action={
                <Button asChild variant="outline">
                  <Link to="/tradesperson/payments">Payments</Link>
                </Button>
              }
            />
          </div>
        )
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">
            The cards you pay with on TradeNest. Milestone payments use your default card unless you choose
            another. Our payment provider keeps the card details; TradeNest never sees the full number.
          </p>
          <p role="status" aria-live="polite" className="mt-3 flex min-h-6 items-center gap-2 text-sm">
            {confirming ? (
              <>
                <Spinner />
                Checking your new card…
              </>
            ) : (
              announcement
            )}
          </p>

          {intent && <AddCardPanel intent={intent} onCancel={stopAdding} />}

          <section aria-labelledby="saved-cards-heading" className="mt-4">
            <div className="mb-3 flex min-h-10 flex-wrap items-center justify-between gap-3">
              <h2
                id="saved-cards-heading"
                ref={listHeading}
                tabIndex={-1}
                className="text-lg font-semibold focus:outline-none"
              >
                Saved cards
              </h2>
              {!intent && cards && cards.length > 0 && addCardButton}
            </div>
            {methods.isPending ? (
              <CardSkeletons count={2} height="h-32 sm:h-24" />
            ) : methods.isError ? (
              <ErrorState text="We couldn't load your saved cards." onRetry={() => void methods.refetch()} />
            ) : methods.data.paymentMethods.length === 0 ? (
              <EmptyState
                icon={<CreditCard aria-hidden="true" />}
                title="No saved cards yet"
                text="Add a card to pay for milestones of your bookings without typing it in each time."
                action={intent ? undefined : addCardButton}
              />
            ) : (
              <ul className="space-y-3" aria-labelledby="saved-cards-heading">
                {methods.data.paymentMethods.map((card) => (
                  <li key={card.id}>
                    <SavedCard card={card} listHeading={listHeading} onChange={setAnnouncement} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** The provider's card form for a new setup intent: the sandbox's own, or Stripe's. */
function AddCardPanel({ intent, onCancel }: { intent: SetupIntentResponse; onCancel: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the form they asked for.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mb-6 p-5 sm:p-6">
      <section aria-labelledby="add-card-heading">
        <h2
          id="add-card-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Add a card
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Your card is checked by our payment provider and may need your bank's approval.
        </p>
        {intent.provider === 'sandbox' ? (
          <SandboxCardForm key={intent.setupIntentId} intent={intent} onCancel={onCancel} />
        ) : (
          <Suspense
            fallback={
              <div
                role="status"
                aria-busy="true"
                className="min-h-56 animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
              >
                <span className="sr-only">Loading the card form…</span>
              </div>
            }
          >
            <StripeCardForm key={intent.setupIntentId} intent={intent} onCancel={onCancel} />
          </Suspense>
        )}
      </section>
    </Card>
  );
}

function SavedCard({
  card,
  listHeading,
  onChange,
}: {
  card: PaymentMethodView;
  listHeading: RefObject<HTMLHeadingElement | null>;
  onChange: (announcement: string) => void;
}) {
  const setDefault = useSetDefaultCard();
  const remove = useRemoveCard();
  const removed = useRef(false);
  const busy = setDefault.isPending || remove.isPending;

  const makeDefault = () =>
    setDefault.mutate(card.id, {
      onSuccess: () => onChange(`${spoken(card)} is now your default card.`),
      onError: (error) => void showError('Default card not changed', detail(error)),
    });

  return (
    <Card className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4 sm:p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CreditCard className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">
            <CardName brand={card.brand} last4={card.last4} />
          </h3>
          {card.isDefault && <Badge tone="green">Default</Badge>}
          {card.expired && <Badge tone="red">Expired</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {card.expired ? 'Expired' : 'Expires'} {expiry(card)}
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        {!card.isDefault && !card.expired && (
          <Button
            variant="outline"
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={busy}
            aria-busy={setDefault.isPending}
            onClick={makeDefault}
          >
            {setDefault.isPending && <Spinner />}
            Set as default<span className="sr-only"> for {spoken(card)}</span>
          </Button>
        )}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="flex-1 sm:flex-none" disabled={busy}>
              Remove<span className="sr-only"> {spoken(card)}</span>
            </Button>
          }
          title="Remove this card?"
          description={
            <p>
              <CardName brand={card.brand} last4={card.last4} /> will no longer be offered for payments.
              Payments already made with it are not affected.
            </p>
          }
          confirmLabel="Remove card"
          pending={remove.isPending}
          onConfirm={(close, fail) =>
            remove.mutate(card.id, {
              onSuccess: () => {
                removed.current = true;
                onChange(`${spoken(card)} removed.`);
                close();
              },
              onError: (error) =>
                fail(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
            })
          }
          // The card's row, and with it the Remove button, is gone: focus goes to the list's heading.
          onCloseAutoFocus={(event) => {
            if (!removed.current) return;
            event.preventDefault();
            listHeading.current?.focus();
          }}
        />
      </div>
    </Card>
  );
}
