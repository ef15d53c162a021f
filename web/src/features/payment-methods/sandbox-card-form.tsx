import type { SetupIntentResponse } from '@domain/milestones/api';
// biome-ignore lint/style/noRestrictedImports: the sandbox provider's test cards, not a test helper (the name matches the pattern)
import { SANDBOX_TEST_CARDS } from '@domain/payments/test-cards';
import { DialogActions } from '@/components/ui/dialog';
import {
  CARD_REFUSAL_ID,
  CardFields,
  groupCardNumber,
  SandboxBanner,
  TestCardButtons,
  useConfirmSetupIntent,
  useSandboxCardForm,
} from '@/features/payments';

/** What each test card does when saved, by its number; a card not named here says its outcome id. */
const SETUP_OUTCOMES: Record<string, string> = {
  '4242424242424242': 'saves',
  '4000000000000002': 'is declined',
  '4000002500003155': 'asks for authentication',
  '4000002760003184': 'always asks for authentication',
  '4000000000000341': 'saves, but charges are declined',
};

const TEST_CARDS = SANDBOX_TEST_CARDS.map((card) => ({
  number: groupCardNumber(card.number),
  does: SETUP_OUTCOMES[card.number] ?? card.outcome.replaceAll('_', ' '),
}));

/**
 * The sandbox provider's card form, where Stripe's card element would be: the card goes to the
 * provider with the intent's client secret, never to TradeNest, and the provider sends the browser on
 * (back here with ?setup_intent=…, or to the bank's check first).
 */
export function SandboxCardForm({ intent, onCancel }: { intent: SetupIntentResponse; onCancel: () => void }) {
  const card = useSandboxCardForm(useConfirmSetupIntent(intent));
  return (
    <div className="space-y-4">
      <SandboxBanner>
        <p className="font-semibold">Sandbox — test cards only; no real card is saved or charged.</p>
        <p className="mt-2">Fill in a test card (any future expiry and any CVC):</p>
        <TestCardButtons cards={TEST_CARDS} onPick={card.fillTestCard} />
      </SandboxBanner>
      <form noValidate onSubmit={card.onSubmit} aria-busy={card.pending} className="space-y-4">
        <CardFields card={card} />
        <DialogActions
          onCancel={onCancel}
          confirmLabel="Save card"
          pending={card.pending}
          describedBy={card.refusal ? CARD_REFUSAL_ID : null}
        />
      </form>
    </div>
  );
}
