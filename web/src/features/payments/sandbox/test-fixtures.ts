// The sandbox's card-saving intent, which both its challenge page and the Payment Methods page meet.
import type { SandboxIntentView } from '@domain/milestones/api';

export const SETUP_ID = 'seti_sandbox_abcdefgh';

/** A setup intent for the Visa ending 3155, waiting for its 3-D Secure check, that returns to Payment Methods. */
export const makeSetupIntent = (overrides: Partial<SandboxIntentView> = {}): SandboxIntentView => ({
  id: SETUP_ID,
  kind: 'setup',
  amountPence: null,
  description: null,
  card: { brand: 'visa', last4: '3155' },
  awaitingAuthentication: true,
  returnUrl: `http://localhost/payment-methods?setup_intent=${SETUP_ID}`,
  ...overrides,
});
