import { formatPence } from '@domain/payments/money';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useAnswerChallenge, useSandboxCheckout } from './api';
import { BackToCheckout, CheckoutLoadFailed, CheckoutSession } from './checkout-page';
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

  if (checkout.isPending) return <SandboxLoading what="authentication" />;
  if (checkout.isError) {
    return <CheckoutLoadFailed error={checkout.error} retry={checkout.refetch} />;
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

  return (
    <ChallengePanel
      title="Authenticate your payment"
      pending={answer.isPending}
      onAnswer={(result) =>
        answer.mutate(result, {
          onSuccess: (outcome) => followRedirect(outcome.redirectUrl, navigate),
          onError: (error) =>
            setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
        })
      }
    >
      Your bank asks you to confirm a payment of{' '}
      <strong className="text-foreground">{formatPence(session.amountPence, 2)}</strong> to TradeNest for{' '}
      <span className="break-words">{session.description}</span>.
    </ChallengePanel>
  );
}

/**
 * The bank's question and its two answers, for a checkout's payment or for a payment or card setup
 * intent. `children` says what the bank asks about; `refusal`, why the last answer was not taken.
 */
export function ChallengePanel({
  title,
  children,
  pending,
  refusal,
  onAnswer,
}: {
  title: string;
  children: ReactNode;
  pending: boolean;
  refusal?: string | null;
  onAnswer: (result: 'complete' | 'fail') => void;
}) {
  const [choice, setChoice] = useState<'complete' | 'fail' | null>(null);
  const answer = (result: 'complete' | 'fail') => {
    setChoice(result);
    onAnswer(result);
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
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{children}</p>
        {refusal && (
          <p
            id="challenge-refusal"
            role="alert"
            className="mt-4 rounded-lg border border-destructive/60 bg-destructive/10 px-4 py-3 text-sm font-medium text-destructive dark:text-red-300"
          >
            {refusal}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button
            className="sm:flex-1"
            disabled={pending}
            aria-busy={pending && choice === 'complete'}
            aria-describedby={refusal ? 'challenge-refusal' : undefined}
            onClick={() => answer('complete')}
          >
            {pending && choice === 'complete' && <Spinner />}
            Complete authentication
          </Button>
          <Button
            variant="outline"
            className="sm:flex-1"
            disabled={pending}
            aria-busy={pending && choice === 'fail'}
            onClick={() => answer('fail')}
          >
            {pending && choice === 'fail' && <Spinner />}
            Fail authentication
          </Button>
        </div>
      </section>
    </div>
  );
}
