import type { SandboxCheckoutView } from '@domain/payments/api';
import { formatPence } from '@domain/payments/money';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { usePayCheckout, useSandboxCheckout } from './api';
import { CARD_REFUSAL_ID, CardFields, TestCardButtons, useSandboxCardForm } from './card-form';
import { SandboxBanner, SandboxLoadFailed, SandboxLoading, SandboxNotice } from './sandbox-parts';

/** The test cards the banner offers to fill in (its sentence says what each does). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242' },
  { number: '4000 0000 0000 0002' },
  { number: '4000 0025 0000 3155' },
];

/** The sandbox's hosted checkout (`/sandbox/checkout/:id`): the amount, a card form and Pay. */
export function SandboxCheckoutPage({ id }: { id: string }) {
  const checkout = useSandboxCheckout(id);
  if (checkout.isPending) return <SandboxLoading what="checkout" />;
  if (checkout.isError) {
    return <CheckoutLoadFailed error={checkout.error} retry={checkout.refetch} />;
  }
  return <CheckoutSession session={checkout.data} />;
}

/** The checkout pages' words when the session cannot be loaded (the checkout and its challenge). */
export function CheckoutLoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  return (
    <SandboxLoadFailed
      error={error}
      retry={retry}
      notFound={{
        title: 'Checkout not found',
        text: 'This checkout page does not exist. Return to TradeNest and press Pay again.',
      }}
      what="checkout"
    />
  );
}

/** What the page shows for a session: its card form while open, else why it is closed. */
export function CheckoutSession({ session }: { session: SandboxCheckoutView }) {
  if (session.status === 'complete') {
    return (
      <SandboxNotice
        title="Payment complete"
        action={
          session.successUrl && (
            <Button asChild>
              <a href={session.successUrl}>Return to TradeNest</a>
            </Button>
          )
        }
      >
        <p>This checkout has already been paid. Nothing more is taken.</p>
      </SandboxNotice>
    );
  }
  if (session.status === 'expired') {
    return (
      <SandboxNotice
        title="This checkout has expired"
        action={
          <Button asChild>
            <a href={session.cancelUrl}>Return to TradeNest</a>
          </Button>
        }
      >
        <p>Nothing was taken. Return to TradeNest and press Pay again to start a new checkout.</p>
      </SandboxNotice>
    );
  }
  return <CheckoutForm session={session} />;
}

function CheckoutForm({ session }: { session: SandboxCheckoutView }) {
  const card = useSandboxCardForm(usePayCheckout(session.id));
  const amount = formatPence(session.amountPence, 2);

  return (
    <div className="space-y-5">
      <SandboxBanner>
        <p className="font-semibold">
          Sandbox — no real money moves. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
          declined, 4000 0025 0000 3155 asks for authentication.
        </p>
        <p className="mt-2">Fill in a test card (any future expiry and any CVC):</p>
        <TestCardButtons cards={TEST_CARDS} onPick={card.fillTestCard} />
      </SandboxBanner>

      <section
        aria-labelledby="checkout-heading"
        className="rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      >
        <div className="border-b border-border p-5 sm:p-6">
          <h1 id="checkout-heading">
            <span className="block text-sm font-normal text-muted-foreground">Pay TradeNest</span>
            <span className="mt-1 block text-3xl font-bold tracking-tight">{amount}</span>
          </h1>
          <p className="mt-2 text-sm break-words">{session.description}</p>
        </div>

        <form noValidate onSubmit={card.onSubmit} aria-busy={card.pending} className="space-y-4 p-5 sm:p-6">
          <h2 className="text-base font-semibold">Card details</h2>
          <CardFields card={card} />
          <SubmitButton
            size="lg"
            className="w-full"
            pending={card.pending}
            describedBy={card.refusal ? CARD_REFUSAL_ID : null}
          >
            Pay {amount}
          </SubmitButton>
          <Button asChild variant="ghost" className="w-full">
            <a href={session.cancelUrl}>
              <ArrowLeft aria-hidden="true" />
              Cancel and return to TradeNest
            </a>
          </Button>
        </form>
      </section>
    </div>
  );
}

/** The link back to a session's card form, from its challenge page. */
export function BackToCheckout({ id, children }: { id: string; children: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={`/sandbox/checkout/${encodeURIComponent(id)}`}>{children}</Link>
    </Button>
  );
}
