import { formatPence } from '@domain/money/money';
import type { SandboxCheckoutView } from '@domain/payments/api';
// biome-ignore lint/style/noRestrictedImports: the sandbox provider's card rules, not a test helper (the name matches the pattern)
import { checkSandboxCard } from '@domain/payments/test-cards';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { errorIdOf, fieldErrorProps, issuesFromServer, useMarkFields } from '@/lib/form-errors';
import { type CardForm, isNotFound, usePayCheckout, useSandboxCheckout } from './api';
import { followRedirect } from './redirect';
import { SandboxBanner, SandboxLoading, SandboxNotice } from './sandbox-parts';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

/** The test cards the banner offers to fill in, as the real provider numbers them. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0025 0000 3155', outcome: 'asks for authentication' },
] as const;

/** A card expiry a few years ahead, 'MM / YY', for the test-card buttons. */
function futureExpiry(now = new Date()): string {
  return `12 / ${String((now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
}

/** The sandbox's hosted checkout (`/sandbox/checkout/:id`): the amount, a card form and Pay. */
export function SandboxCheckoutPage({ id }: { id: string }) {
  const checkout = useSandboxCheckout(id);
  if (checkout.isPending) return <SandboxLoading what="checkout" />;
  if (checkout.isError) {
    return isNotFound(checkout.error) ? (
      <SandboxNotice title="Checkout not found">
        <p>This checkout page does not exist. Return to TradeNest and press Pay again.</p>
      </SandboxNotice>
    ) : (
      <SandboxNotice
        title="Something went wrong"
        action={<Button onClick={() => void checkout.refetch()}>Try again</Button>}
      >
        <p>We could not load this checkout.</p>
      </SandboxNotice>
    );
  }
  return <CheckoutSession session={checkout.data} />;
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
  const navigate = useNavigate();
  const pay = usePayCheckout(session.id);
  // The provider's refusal ('Your card was declined.'), said beside Pay; what was typed stays.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit, setError, setFocus, clearErrors, setValue, getValues, formState } =
    useForm<CardForm>({ defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' } });
  const mark = useMarkFields({ setError, setFocus }, FIELDS);
  const amount = formatPence(session.amountPence, 2);

  const fillTestCard = (number: string) => {
    clearErrors();
    setRefusal(null);
    setValue('cardNumber', number);
    if (!getValues('expiry').trim()) setValue('expiry', futureExpiry());
    if (!getValues('cvc').trim()) setValue('cvc', '123');
  };

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    setRefusal(null);
    // The provider's own checks first, in its words, so most mistakes need no round trip.
    const card = checkSandboxCard(values, new Date());
    if (!card.ok) {
      mark([{ field: card.field, message: card.message }]);
      return;
    }
    pay.mutate(values, {
      onSuccess: (result) => followRedirect(result.redirectUrl, navigate),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'validation_error' && mark(issuesFromServer(error)))
          return;
        setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
      },
    });
  });

  const message = (field: keyof CardForm) => formState.errors[field]?.message;

  return (
    <div className="space-y-5">
      <SandboxBanner>
        <p className="font-semibold">
          Sandbox — no real money moves. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
          declined, 4000 0025 0000 3155 asks for authentication.
        </p>
        <p className="mt-2">Fill in a test card (any future expiry and any CVC):</p>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Test cards">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <Button
                size="sm"
                variant="outline"
                className="border-amber-400 bg-white text-amber-950 hover:bg-amber-100 dark:border-amber-600 dark:bg-amber-900 dark:text-amber-50 dark:hover:bg-amber-800"
                onClick={() => fillTestCard(card.number)}
              >
                <span className="sr-only">Use test card </span>
                {card.number}
              </Button>
            </li>
          ))}
        </ul>
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

        <form noValidate onSubmit={onSubmit} aria-busy={pay.isPending} className="space-y-4 p-5 sm:p-6">
          <h2 className="text-base font-semibold">Card details</h2>
          <div className="space-y-2">
            <Label htmlFor="card-number">
              Card number
              <RequiredMark />
            </Label>
            <Input
              id="card-number"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              aria-required="true"
              {...fieldErrorProps('card-number', message('cardNumber'))}
              {...register('cardNumber')}
            />
            <FieldError id={errorIdOf('card-number')} message={message('cardNumber')} />
          </div>
          <div className="grid gap-4 min-[360px]:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="card-expiry">
                Expiry (MM / YY)
                <RequiredMark />
              </Label>
              <Input
                id="card-expiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM / YY"
                aria-required="true"
                {...fieldErrorProps('card-expiry', message('expiry'))}
                {...register('expiry')}
              />
              <FieldError id={errorIdOf('card-expiry')} message={message('expiry')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="card-cvc">
                CVC
                <RequiredMark />
              </Label>
              <Input
                id="card-cvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                aria-required="true"
                {...fieldErrorProps('card-cvc', message('cvc'))}
                {...register('cvc')}
              />
              <FieldError id={errorIdOf('card-cvc')} message={message('cvc')} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="card-name">Name on card</Label>
            <Input
              id="card-name"
              autoComplete="cc-name"
              placeholder="e.g. Ann Smith"
              {...fieldErrorProps('card-name', message('name'))}
              {...register('name')}
            />
            <FieldError id={errorIdOf('card-name')} message={message('name')} />
          </div>

          {refusal && (
            <div
              id="checkout-refusal"
              role="alert"
              className="rounded-lg border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300"
            >
              {refusal}
            </div>
          )}

          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={pay.isPending}
            aria-busy={pay.isPending}
            aria-describedby={refusal ? 'checkout-refusal' : undefined}
          >
            {pay.isPending && <Spinner />}
            Pay {amount}
          </Button>
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
