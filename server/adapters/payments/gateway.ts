// The payment provider, behind one interface (decision 0004): `sandbox` (an in-app provider that
// behaves like the real one, offline) or `stripe` (the official SDK). The ledger and every rule stay
// ours; the gateway only moves money at the provider and says what the provider knows. Every create
// call takes an idempotency key, so a retry after a timeout or a crash never moves money twice.

export type ProviderName = 'sandbox' | 'stripe';

export interface CheckoutSessionInput {
  /** Our payment's id, sent back in the session's metadata. */
  paymentId: string;
  bookingId: string;
  amountPence: number;
  /** The line shown on the checkout page: the job's title. */
  description: string;
  customerEmail: string | null;
  /** Where the provider sends the customer back; `{CHECKOUT_SESSION_ID}` is replaced with the id. */
  successUrl: string;
  cancelUrl: string;
  /** Groups the later transfer with this charge (separate charges and transfers). */
  transferGroup: string;
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** The hosted page the customer pays on. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid';
  /** The provider's charge (PaymentIntent) once paid; refunds name it. */
  paymentIntentId: string | null;
  amountPence: number;
  metadata: Record<string, string>;
}

export interface ConnectedAccountState {
  id: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  requirementsCurrentlyDue: string[];
}

export interface TransferInput {
  amountPence: number;
  destinationAccountId: string;
  transferGroup: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface RefundInput {
  paymentIntentId: string;
  amountPence: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A saved card as the provider describes it. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface SetupIntentState {
  id: string;
  clientSecret: string;
  /** succeeded: the card is saved (`card`); requires_action: waiting for the bank's authentication. */
  status: 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing' | 'canceled';
  customerId: string | null;
  card: SavedCard | null;
  /** Why the last attempt failed, in the provider's words. */
  lastError: string | null;
}

export interface SavedCardChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountPence: number;
  description: string;
  /** Where the bank's authentication returns the browser to. */
  returnUrl: string;
  transferGroup: string;
  /** Our payment's id (paymentId) and what it pays for; sent back on the intent. */
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentIntentState {
  id: string;
  status: 'succeeded' | 'requires_action' | 'processing' | 'failed' | 'canceled';
  clientSecret: string | null;
  /** A page the browser opens to authenticate (the sandbox's challenge, or the bank's for Stripe). */
  actionUrl: string | null;
  amountPence: number;
  metadata: Record<string, string>;
  lastError: string | null;
}

/**
 * A verified webhook, reduced to what the service needs: which object it is about. The service reads
 * the object's current state from the provider rather than trusting the event's copy, so events that
 * arrive late, twice or out of order all lead to the same result.
 */
export interface WebhookEvent {
  id: string;
  type: string;
  object:
    | { kind: 'checkout_session'; id: string }
    | { kind: 'account'; id: string }
    | { kind: 'transfer'; id: string }
    | { kind: 'refund'; id: string }
    | { kind: 'payment_intent'; id: string }
    | { kind: 'setup_intent'; id: string }
    | { kind: 'other'; id: string | null };
}

/** A webhook whose signature does not verify, or whose body is not an event: answered 400. */
export class WebhookSignatureError extends Error {}

/** The provider refused or could not be reached; `declined` when the refusal is final (a card decline). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The provider's page where a tradesperson sets up (or updates) their payout account. */
export interface AccountLinkInput {
  accountId: string;
  type: 'account_onboarding' | 'account_update';
  refreshUrl: string;
  returnUrl: string;
}

export interface SetupIntentInput {
  customerId: string;
  returnUrl: string;
  idempotencyKey: string;
}

export interface PaymentGateway {
  readonly provider: ProviderName;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Ends an open session (a superseded one), so it can no longer be paid. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  createConnectedAccount(input: {
    userId: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<ConnectedAccountState>;
  retrieveConnectedAccount(id: string): Promise<ConnectedAccountState>;
  createAccountLink(input: AccountLinkInput): Promise<{ url: string }>;
  createTransfer(input: TransferInput): Promise<{ id: string }>;
  createRefund(input: RefundInput): Promise<{ id: string }>;
  /** The customer record saved cards belong to; one per user (the key makes a retry find the first). */
  createCustomer(input: { userId: string; email: string | null; idempotencyKey: string }): Promise<{
    id: string;
  }>;
  /** Starts saving a card for later charges; the browser confirms it with the client secret. */
  createSetupIntent(input: SetupIntentInput): Promise<SetupIntentState>;
  retrieveSetupIntent(id: string): Promise<SetupIntentState>;
  /** Forgets a saved card at the provider; one already gone counts as done. */
  detachPaymentMethod(id: string): Promise<void>;
  /** Charges a saved card with the customer present: paid, declined, or waiting for authentication. */
  chargeSavedCard(input: SavedCardChargeInput): Promise<PaymentIntentState>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentState>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent;
}
