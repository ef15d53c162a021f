import type { SandboxIntentView } from '@domain/milestones/api';
import { formatPence } from '@domain/payments/money';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { CardName } from '../card-label';
import { useAnswerIntentChallenge, useSandboxIntent } from './api';
import { ChallengePanel } from './challenge-page';
import { followRedirect } from './redirect';
import { SandboxLoadFailed, SandboxLoading, SandboxNotice } from './sandbox-parts';

/**
 * The bank's authentication (3D Secure) of a payment or card setup intent, for
 * `/sandbox/authenticate/:id`: where a milestone's charge or a new saved card sends the browser when
 * the bank wants to check it is the cardholder. Either answer returns to TradeNest, which asks the
 * provider how it ended.
 */
export function SandboxIntentChallengePage({ id }: { id: string }) {
  const navigate = useNavigate();
  const intent = useSandboxIntent(id);
  const answer = useAnswerIntentChallenge(id);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (intent.isPending) return <SandboxLoading what="authentication" />;
  if (intent.isError) {
    return (
      <SandboxLoadFailed
        error={intent.error}
        retry={intent.refetch}
        notFound={{
          title: 'Authentication not found',
          text: 'There is nothing to authenticate at this address. Return to TradeNest and try again.',
        }}
        what="authentication"
      />
    );
  }
  const view = intent.data;

  if (!view.awaitingAuthentication) {
    return (
      <SandboxNotice
        title="Nothing to authenticate"
        action={
          <Button asChild>
            <a href={view.returnUrl}>Return to TradeNest</a>
          </Button>
        }
      >
        <p>
          Your bank is not waiting for an answer about this {view.kind === 'payment' ? 'payment' : 'card'}.
        </p>
      </SandboxNotice>
    );
  }

  return (
    <ChallengePanel
      title={view.kind === 'payment' ? 'Authenticate your payment' : 'Authenticate your card'}
      pending={answer.isPending}
      refusal={refusal}
      onAnswer={(result) => {
        setRefusal(null);
        answer.mutate(result, {
          onSuccess: (outcome) => followRedirect(outcome.redirectUrl, navigate),
          onError: (error) =>
            setRefusal(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.'),
        });
      }}
    >
      <IntentQuestion view={view} />
    </ChallengePanel>
  );
}

/** What the bank asks about: the payment's amount, or the card TradeNest wants to keep. */
function IntentQuestion({ view }: { view: SandboxIntentView }) {
  const card = view.card && (
    <strong className="text-foreground">
      <CardName brand={view.card.brand} last4={view.card.last4} />
    </strong>
  );
  if (view.kind === 'payment') {
    return (
      <>
        Your bank asks you to confirm a payment of{' '}
        <strong className="text-foreground">{formatPence(view.amountPence ?? 0, 2)}</strong> to TradeNest
        {view.description && (
          <>
            {' '}
            for <span className="break-words">{view.description}</span>
          </>
        )}
        {card && <> with your card {card}</>}.
      </>
    );
  }
  return (
    <>
      Your bank asks you to confirm that TradeNest may save your card{card && <> {card}</>} for future
      payments.
    </>
  );
}
