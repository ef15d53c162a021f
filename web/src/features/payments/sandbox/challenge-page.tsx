import { formatPence } from '@domain/money/money';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { isNotFound, useAnswerChallenge, useSandboxCheckout } from './api';
import { BackToCheckout, CheckoutSession } from './checkout-page';
import { followRedirect } from './redirect';
import { SandboxBanner, SandboxLoading, SandboxNotice } from './sandbox-parts';

/**
 * The card's authentication challenge (3D Secure) for `/sandbox/checkout/:id/authenticate`: the
 * sandbox's stand-in for the bank's page, where the tester decides the bank's answer.
 */
export function SandboxChallengePage({ id }: { id: string }) {
  const navigate = useNavigate();
  const checkout = useSandboxCheckout(id);
  const answer = useAnswerChallenge(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [choice, setChoice] = useState<'complete' | 'fail' | null>(null);

  if (checkout.isPending) return <SandboxLoading what="authentication" />;
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
  const session = checkout.data;

  if (refusal) {
    return (
      <div className="space-y-5">
        <SandboxBanner>
          <p className="font-semibold">Sandbox — no real money moves.</p>
        </SandboxBanner>
        <SandboxNotice
          title="Authentication failed"
          action={session.status === 'open' && <BackToCheckout id={id}>Try another card</BackToCheckout>}
        >
          <p role="alert" className="font-medium text-destructive dark:text-red-300">
            {refusal}
          </p>
          <p className="mt-2">Nothing was taken from the card.</p>
        </SandboxNotice>
      </div>
    );
  }
  if (session.status !== 'open') return <CheckoutSession session={session} />;
  if (!session.awaitingAuthentication) {
    return (
      <SandboxNotice
        title="Nothing to authenticate"
        action={<BackToCheckout id={id}>Back to checkout</BackToCheckout>}
      >
        <p>No card is waiting for authentication on this checkout.</p>
      </SandboxNotice>
    );
  }

  const respond = (result: 'complete' | 'fail') => {
    setChoice(result);
    answer.mutate(result, {
      onSuccess: (outcome) => followRedirect(outcome.redirectUrl, navigate),
      onError: (error) =>
        setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
    });
  };

  return (
    <div className="space-y-5">
      <SandboxBanner>
        <p className="font-semibold">
          Sandbox — no real money moves. This page stands in for your bank's check: choose what the bank
          answers.
        </p>
      </SandboxBanner>
      <section
        aria-labelledby="challenge-heading"
        className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
      >
        <ShieldCheck className="size-8 text-primary" aria-hidden="true" />
        <h1 id="challenge-heading" className="mt-3 text-2xl font-bold tracking-tight">
          Authenticate your payment
        </h1>
        <p className="mt-2 text-muted-foreground">
          Your bank asks you to confirm a payment of{' '}
          <strong className="text-foreground">{formatPence(session.amountPence, 2)}</strong> to TradeNest for{' '}
          <span className="break-words">{session.description}</span>.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button
            className="sm:flex-1"
            disabled={answer.isPending}
            aria-busy={answer.isPending && choice === 'complete'}
            onClick={() => respond('complete')}
          >
            {answer.isPending && choice === 'complete' && <Spinner />}
            Complete authentication
          </Button>
          <Button
            variant="outline"
            className="sm:flex-1"
            disabled={answer.isPending}
            aria-busy={answer.isPending && choice === 'fail'}
            onClick={() => respond('fail')}
          >
            {answer.isPending && choice === 'fail' && <Spinner />}
            Fail authentication
          </Button>
        </div>
      </section>
    </div>
  );
}
