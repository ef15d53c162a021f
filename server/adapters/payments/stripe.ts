import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config/config';
import {
  type AccountLinkInput,
  type CheckoutSession,
  type CheckoutSessionInput,
  type ConnectedAccountState,
  type PaymentGateway,
  type PaymentIntentState,
  ProviderError,
  type RefundInput,
  type SavedCard,
  type SavedCardChargeInput,
  type SetupIntentInput,
  type SetupIntentState,
  type TransferInput,
  type WebhookEvent,
  WebhookSignatureError,
} from './gateway';

// Stripe behind the PaymentGateway (decision 0004), with separate charges and transfers (decision 0019):
// Checkout charges the customer on the platform's own account, the money stays there while it is
// held, and a transfer to the tradesperson's Express account moves it on release.
//
// The SDK takes most of a second to import, so whoever picks the provider should load this file with
// `await import('./stripe')` only when PAYMENTS_PROVIDER=stripe.

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls (a local fake in tests); unset means Stripe itself. */
  apiBase?: string | undefined;
  /** The SDK's own retries of failed connections, 409s and 5xx, with the same idempotency key. */
  maxNetworkRetries?: number;
}

export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      appInfo: { name: 'TradeNest' },
      ...(options.apiBase ? hostOf(options.apiBase) : {}),
    });
  }

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const metadata = { paymentId: input.paymentId, bookingId: input.bookingId };
    const session = await this.call('checkout.sessions.create', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              price_data: {
                currency: 'gbp',
                unit_amount: input.amountPence,
                product_data: { name: input.description },
              },
              quantity: 1,
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          customer_email: input.customerEmail ?? undefined,
          client_reference_id: input.paymentId,
          metadata,
          payment_intent_data: { transfer_group: input.transferGroup, metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    return toCheckoutSession(
      await this.call('checkout.sessions.retrieve', () => this.stripe.checkout.sessions.retrieve(id)),
    );
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSession> {
    try {
      return toCheckoutSession(await this.stripe.checkout.sessions.expire(id));
    } catch (err) {
      // Stripe refuses to expire a session that is no longer open (already expired, or paid in the
      // meantime). Either way it can no longer be paid, which is all the caller asked for.
      if (isStripeError(err) && err.type === 'StripeInvalidRequestError') {
        const session = await this.retrieveCheckoutSession(id);
        if (session.status !== 'open') return session;
      }
      throw this.providerError('checkout.sessions.expire', err);
    }
  }

  async createConnectedAccount(input: {
    userId: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<ConnectedAccountState> {
    const account = await this.call('accounts.create', () =>
      this.stripe.accounts.create(
        {
          type: 'express',
          country: 'GB',
          email: input.email ?? undefined,
          capabilities: { transfers: { requested: true } },
          business_type: 'individual',
          metadata: { userId: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toAccountState(account);
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccountState> {
    return toAccountState(await this.call('accounts.retrieve', () => this.stripe.accounts.retrieve(id)));
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    const link = await this.call('accountLinks.create', () =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        type: input.type,
        refresh_url: input.refreshUrl,
        return_url: input.returnUrl,
      }),
    );
    return { url: link.url };
  }

  async createTransfer(input: TransferInput): Promise<{ id: string }> {
    const transfer = await this.call('transfers.create', () =>
      this.stripe.transfers.create(
        {
          amount: input.amountPence,
          currency: 'gbp',
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: transfer.id };
  }

  async createRefund(input: RefundInput): Promise<{ id: string }> {
    const refund = await this.call('refunds.create', () =>
      this.stripe.refunds.create(
        { payment_intent: input.paymentIntentId, amount: input.amountPence, metadata: input.metadata },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id };
  }

  async createCustomer(input: { userId: string; email: string | null; idempotencyKey: string }) {
    const customer = await this.call('customers.create', () =>
      this.stripe.customers.create(
        { email: input.email ?? undefined, metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: SetupIntentInput): Promise<SetupIntentState> {
    // Saved for charges with the customer present (on_session): each milestone is paid from its page.
    const intent = await this.call('setupIntents.create', () =>
      this.stripe.setupIntents.create(
        { customer: input.customerId, usage: 'on_session' },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toSetupIntent(intent, null);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentState> {
    const intent = await this.call('setupIntents.retrieve', () =>
      this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }),
    );
    const method = intent.payment_method;
    return toSetupIntent(intent, typeof method === 'object' && method ? cardOf(method) : null);
  }

  async detachPaymentMethod(id: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(id);
    } catch (err) {
      // Already detached, or deleted at Stripe: the card is gone either way.
      if (isStripeError(err) && err.type === 'StripeInvalidRequestError') return;
      throw this.providerError('paymentMethods.detach', err);
    }
  }

  async chargeSavedCard(input: SavedCardChargeInput): Promise<PaymentIntentState> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountPence,
          currency: 'gbp',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          confirm: true,
          // The customer is on the page: a bank that asks for 3D Secure sends them to return_url after.
          return_url: input.returnUrl,
          description: input.description,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toPaymentIntent(intent);
    } catch (err) {
      // A decline is an answer, not an outage: the intent it failed is in the error.
      if (isStripeError(err) && err.type === 'StripeCardError' && err.payment_intent)
        return { ...toPaymentIntent(err.payment_intent), status: 'failed', lastError: err.message };
      throw this.providerError('paymentIntents.create', err);
    }
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    return toPaymentIntent(
      await this.call('paymentIntents.retrieve', () => this.stripe.paymentIntents.retrieve(id)),
    );
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
    let event: Stripe.Event;
    try {
      // Checks the HMAC over the exact bytes and that the timestamp is at most five minutes old.
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.options.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError(
        `The Stripe webhook did not verify: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
    if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object) {
      throw new WebhookSignatureError('The Stripe webhook is not an event.');
    }
    return { id: event.id, type: event.type, object: webhookObject(event.type, object.id) };
  }

  /** Runs one SDK call, turning the SDK's errors into ProviderErrors. */
  private async call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw this.providerError(operation, err);
    }
  }

  private providerError(operation: string, err: unknown): unknown {
    if (!isStripeError(err)) return err;
    const detail = [err.code, err.requestId && `request ${err.requestId}`].filter(Boolean).join(', ');
    const message = `Stripe ${operation} failed: ${err.message}${detail ? ` (${detail})` : ''}`;
    return new ProviderError(this.redact(message), isRetryable(err));
  }

  /** Stripe's messages can quote the API key (masked, but still); ours never do. */
  private redact(message: string): string {
    return message
      .split(this.options.secretKey)
      .join('[secret key]')
      .replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9*]+/g, '[secret key]');
  }
}

/** The provider's factory for `PAYMENTS_PROVIDER=stripe`. */
export function stripeGateway(config: Extract<PaymentsConfig, { provider: 'stripe' }>): PaymentGateway {
  return new StripeGateway({
    secretKey: config.secretKey,
    webhookSecret: config.webhookSecret,
    apiBase: config.apiBase,
  });
}

function hostOf(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function isStripeError(err: unknown): err is Stripe.errors.StripeError {
  return err instanceof Stripe.errors.StripeError;
}

/**
 * Worth trying again later: Stripe could not be reached, failed on its side, asked us to slow down, was
 * still busy with the same idempotency key, or does not hold the funds yet. A refusal (a bad request, a
 * card decline, a wrong key) gives the same answer every time.
 */
function isRetryable(err: Stripe.errors.StripeError): boolean {
  if (err.headers?.['stripe-should-retry'] === 'true') return true;
  if (err.headers?.['stripe-should-retry'] === 'false') return false;
  if (err.type === 'StripeConnectionError' || err.type === 'StripeRateLimitError') return true;
  const status = err.statusCode;
  // The charge's funds are not yet available on the platform's balance, so a transfer succeeds later.
  // Stripe may replay this answer for the same idempotency key for 24 hours: a definite refusal, so a
  // later attempt can safely use a new key.
  if (err.code === 'balance_insufficient') return true;
  // 409: another request with the same idempotency key is still running.
  if (status === undefined || status >= 500 || status === 409) return err.type === 'StripeAPIError';
  return false;
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url,
    status: sessionStatus(session.status),
    // 'no_payment_required' only happens for free orders; a booking is never free.
    paymentStatus: session.payment_status === 'paid' ? 'paid' : 'unpaid',
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPence: session.amount_total ?? 0,
    metadata: { ...(session.metadata ?? {}) },
  };
}

function sessionStatus(status: string | null): CheckoutSession['status'] {
  // Stripe has no other status today; only sessions from before 2020 have none.
  return status === 'complete' || status === 'expired' ? status : 'open';
}

function toAccountState(account: Stripe.Account): ConnectedAccountState {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsCurrentlyDue: [...(account.requirements?.currently_due ?? [])],
  };
}

function cardOf(method: Stripe.PaymentMethod): SavedCard | null {
  const card = method.card;
  if (!card) return null;
  return {
    id: method.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

function toSetupIntent(intent: Stripe.SetupIntent, card: SavedCard | null): SetupIntentState {
  const s: string = intent.status;
  const status: SetupIntentState['status'] =
    s === 'succeeded' || s === 'requires_action' || s === 'processing' || s === 'canceled'
      ? s
      : 'requires_payment_method';
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status,
    customerId: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    card,
    lastError: intent.last_setup_error?.message ?? null,
  };
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntentState {
  const s: string = intent.status;
  // requires_payment_method after a confirmation means the card was refused (or authentication failed).
  const status: PaymentIntentState['status'] =
    s === 'succeeded' || s === 'processing' || s === 'requires_action'
      ? s
      : s === 'canceled'
        ? 'canceled'
        : s === 'requires_confirmation' || s === 'requires_capture'
          ? 'processing'
          : 'failed';
  const redirect = intent.next_action?.redirect_to_url?.url ?? null;
  return {
    id: intent.id,
    status,
    clientSecret: intent.client_secret,
    actionUrl: status === 'requires_action' ? redirect : null,
    amountPence: intent.amount,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
  };
}

function webhookObject(type: string, id: unknown): WebhookEvent['object'] {
  const objectId = typeof id === 'string' ? id : null;
  if (objectId) {
    if (type.startsWith('payment_intent.')) return { kind: 'payment_intent', id: objectId };
    if (type.startsWith('setup_intent.')) return { kind: 'setup_intent', id: objectId };
    if (type.startsWith('checkout.session.')) return { kind: 'checkout_session', id: objectId };
    if (type === 'account.updated') return { kind: 'account', id: objectId };
    if (type.startsWith('transfer.')) return { kind: 'transfer', id: objectId };
    if (type === 'charge.refund.updated' || type.startsWith('refund.'))
      return { kind: 'refund', id: objectId };
  }
  return { kind: 'other', id: objectId };
}
