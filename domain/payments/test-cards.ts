import { SANDBOX_CARD_MESSAGES } from './messages';

// The sandbox provider's test cards: the real provider's own numbers, behaving as they do there, so a
// developer's habits carry over. Any future expiry and any 3-digit CVC.
//   outcome      paying at checkout
//   setup        saving the card (a setup intent)
//   savedCharge  charging the saved card later (charge-milestone): a card authenticated when it was
//                saved is not asked again, except the one that asks every time
export const SANDBOX_TEST_CARDS = [
  {
    number: '4242424242424242',
    brand: 'visa',
    label: 'Succeeds',
    outcome: 'succeeds',
    setup: 'succeeds',
    savedCharge: 'succeeds',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    label: 'Declined',
    outcome: 'declined',
    setup: 'declined',
    savedCharge: 'declined',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    label: 'Asks for authentication once',
    outcome: 'requires_authentication',
    setup: 'requires_authentication',
    savedCharge: 'succeeds',
  },
  {
    number: '4000002760003184',
    brand: 'visa',
    label: 'Asks for authentication every time',
    outcome: 'requires_authentication',
    setup: 'requires_authentication',
    savedCharge: 'requires_authentication',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    label: 'Saves, but its charges are declined',
    outcome: 'declined',
    setup: 'succeeds',
    savedCharge: 'declined',
  },
] as const;
export type SandboxCardOutcome = (typeof SANDBOX_TEST_CARDS)[number]['outcome'];
export type SandboxCard = (typeof SANDBOX_TEST_CARDS)[number];

export type CardCheck =
  | {
      ok: true;
      outcome: SandboxCardOutcome;
      card: SandboxCard;
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | { ok: false; field: 'cardNumber' | 'expiry' | 'cvc'; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Reads a card as the sandbox's checkout form sends it; `now` decides whether the expiry is past. */
export function checkSandboxCard(
  input: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits))
    return { ok: false, field: 'cardNumber', message: SANDBOX_CARD_MESSAGES.incorrectNumber };
  const card = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  if (!card) return { ok: false, field: 'cardNumber', message: SANDBOX_CARD_MESSAGES.notTestCard };
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? (expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2])) : 0;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || month < 1 || month > 12 || year * 12 + (month - 1) < thisMonth)
    return { ok: false, field: 'expiry', message: SANDBOX_CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(input.cvc.trim()))
    return { ok: false, field: 'cvc', message: SANDBOX_CARD_MESSAGES.cvc };
  return {
    ok: true,
    outcome: card.outcome,
    card,
    brand: card.brand,
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
  };
}
