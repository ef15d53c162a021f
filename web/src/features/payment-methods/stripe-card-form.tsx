import type { SetupIntentResponse } from '@domain/milestones/api';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeError } from '@stripe/stripe-js';
import { type FormEvent, use, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog';
import { useTheme } from '@/lib/theme';

// Stripe's own card form (the Payment Element), for when the server's provider is Stripe. This module
// is a chunk of its own that Payment Methods loads only then: Stripe.js and its React bindings are
// large, and no other page needs them.

const REFUSAL_ID = 'stripe-card-refusal';

// One Stripe.js per publishable key for the page's life: `use` needs the same promise on every render,
// and loadStripe adds Stripe's script to the page once.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const loaded = stripes.get(publishableKey);
  if (loaded) return loaded;
  // Blocked or offline: null, said by the form, rather than an error thrown at the page.
  const stripe: Promise<Stripe | null> = loadStripe(publishableKey).catch(() => null);
  stripes.set(publishableKey, stripe);
  return stripe;
}

/** Suspends while Stripe.js loads (the page shows a placeholder meanwhile). */
export default function StripeCardForm({
  intent,
  onCancel,
}: {
  intent: SetupIntentResponse;
  onCancel: () => void;
}) {
  const { resolved } = useTheme();
  const stripe = intent.publishableKey ? use(stripeFor(intent.publishableKey)) : null;
  if (!stripe) {
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          We could not load the card form. Check your connection, reload the page and try again.
        </p>
        <div className="flex justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret: intent.clientSecret,
        appearance: { theme: resolved === 'dark' ? 'night' : 'stripe' },
      }}
    >
      <SetupForm returnUrl={intent.returnUrl} onCancel={onCancel} />
    </Elements>
  );
}

function SetupForm({ returnUrl, onCancel }: { returnUrl: string; onCancel: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setRefusal(null);
    // Set up, Stripe leaves for return_url (after the bank's check, if it asks for one), where the
    // page confirms it; an answer here means the card was refused or incomplete.
    const { error } = await stripe.confirmSetup({ elements, confirmParams: { return_url: returnUrl } });
    setRefusal(error.message ?? 'Your card could not be saved. Please try again.');
    setBusy(false);
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={busy} className="space-y-4">
      {/* Stripe draws its own placeholder while the element loads; the space is kept for it. */}
      <div className="min-h-56">
        <PaymentElement
          onReady={() => setReady(true)}
          onLoadError={(event: { error: StripeError }) =>
            setRefusal(event.error.message ?? 'We could not load the card form. Please reload the page.')
          }
        />
      </div>
      {refusal && (
        <div
          id={REFUSAL_ID}
          role="alert"
          className="rounded-lg border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300"
        >
          {refusal}
        </div>
      )}
      <DialogActions
        onCancel={onCancel}
        confirmLabel="Save card"
        pending={busy}
        // Until Stripe's element is on the page there is nothing to save; Cancel stays usable.
        disabled={!ready}
        describedBy={refusal ? REFUSAL_ID : null}
      />
    </form>
  );
}
