import { SANDBOX_CARD_MESSAGES } from '../../../../domain/payments/messages';
import type { SandboxCard } from '../../../../domain/payments/test-cards';
import type { Database, Executor } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type {
  AccountLinkInput,
  CheckoutSession,
  CheckoutSessionInput,
  ConnectedAccountState,
  PaymentGateway,
  PaymentIntentState,
  RefundInput,
  SavedCardChargeInput,
  SetupIntentInput,
  SetupIntentState,
  TransferInput,
  WebhookEvent,
} from '../gateway';
import { ProviderError, WebhookSignatureError } from '../gateway';
import { signPayload, verifySignature } from '../webhook-signature';
import { createObject, createOnce, findObject, newSandboxId, saveObject } from './store';

// The sandbox provider: an in-app stand-in for the real one (decision 0004). It keeps its own objects
// (sandbox_objects), shows its own hosted pages (web/src/features/payments/sandbox, through routes.ts),
// and tells the app what happened only through signed webhooks sent from the queue, late, sometimes
// twice and in any order, as the real provider may. Nothing here touches the app's tables.

export interface SandboxSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: 'gbp';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  description: string;
  customer_email: string | null;
  transfer_group: string;
  metadata: Record<string, string>;
  /** Unix seconds; an open session expires after 24 hours, as the provider's do. */
  expires_at: number;
  created: number;
  /** A card that asked for authentication is waiting for the challenge. */
  pending_challenge: { last4: string; brand: string } | null;
  url: string;
}

export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_refunded: number;
  /** requires_payment_method: declined, or the authentication failed (the provider's own status). */
  status: 'succeeded' | 'requires_action' | 'requires_payment_method';
  transfer_group: string;
  metadata: Record<string, string>;
  card: { brand: string; last4: string };
  created: number;
  /** Saved-card charges only: the customer, the card, and where the authentication returns to. */
  client_secret?: string;
  customer?: string;
  payment_method?: string;
  description?: string;
  return_url?: string;
  last_payment_error?: string | null;
}

export interface SandboxSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  payment_method: string | null;
  return_url: string;
  last_setup_error: string | null;
  /** A card that asked for authentication, waiting for the challenge. */
  pending_card: SandboxPaymentMethod['card'] | null;
  created: number;
}

export interface SandboxPaymentMethod {
  id: string;
  object: 'payment_method';
  customer: string | null;
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    /** How the test card behaves when charged later (domain/payments/test-cards). */
    saved_charge: SandboxCard['savedCharge'];
  };
  created: number;
}

export interface SandboxAccount {
  id: string;
  object: 'account';
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[] };
  metadata: Record<string, string>;
  created: number;
}

export interface SandboxAccountLink {
  id: string;
  object: 'account_link';
  account: string;
  type: 'account_onboarding' | 'account_update';
  refresh_url: string;
  return_url: string;
  expires_at: number;
  used: boolean;
  url: string;
}

interface SandboxEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: { id: string; object: string } };
}

/** What a new account must provide before it can take payouts (the provider's requirement names). */
export const ONBOARDING_REQUIREMENTS = [
  'individual.first_name',
  'individual.last_name',
  'individual.dob.day',
  'external_account',
  'tos_acceptance.date',
];

const SESSION_LIFETIME_S = 24 * 3600;
const LINK_LIFETIME_S = 30 * 60;

/** How the sandbox delivers webhooks: like the provider, sometimes twice and not in order. */
export interface SandboxDeliveryOptions {
  /** Chance (0-1) that an event is delivered a second time. */
  duplicateRate: number;
  /** Each delivery waits a random time up to this, so events overtake each other. */
  maxDelayMs: number;
  random?: () => number;
}

export const DEFAULT_SANDBOX_DELIVERY: SandboxDeliveryOptions = { duplicateRate: 0.25, maxDelayMs: 3000 };

/** Enqueues one delivery of an event (the app wires it to its queue). */
export type EnqueueDelivery = (tx: Executor, eventId: string, startAfter: Date | undefined) => Promise<void>;

export interface SandboxDeps {
  db: Database;
  appUrl: string;
  clock: Clock;
  webhookSecret: string;
  enqueue: EnqueueDelivery;
  /** Called after an event's deliveries commit, to run them now on this instance. */
  wake: () => void;
  delivery?: SandboxDeliveryOptions;
}

export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  private readonly delivery: SandboxDeliveryOptions;

  constructor(private readonly deps: SandboxDeps) {
    this.delivery = deps.delivery ?? DEFAULT_SANDBOX_DELIVERY;
  }

  private nowS(): number {
    return Math.floor(this.deps.clock.now().getTime() / 1000);
  }

  // ---- Checkout ----

  async createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const id = newSandboxId('checkout.session');
    const now = this.nowS();
    const session = await createObject<SandboxSession>(
      this.deps.db,
      'checkout.session',
      {
        id,
        object: 'checkout.session',
        amount_total: input.amountPence,
        currency: 'gbp',
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        description: input.description,
        customer_email: input.customerEmail,
        transfer_group: input.transferGroup,
        metadata: { paymentId: input.paymentId, bookingId: input.bookingId },
        expires_at: now + SESSION_LIFETIME_S,
        created: now,
        pending_challenge: null,
        url: `${this.deps.appUrl}/sandbox/checkout/${id}`,
      },
      input.idempotencyKey,
    );
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSession> {
    return toCheckoutSession(await this.session(this.deps.db, id));
  }

  async expireCheckoutSession(id: string): Promise<CheckoutSession> {
    const session = await this.deps.db.transaction(async (tx) => {
      const s = await this.session(tx, id, true);
      if (s.status !== 'open') return s;
      s.status = 'expired';
      s.pending_challenge = null;
      await saveObject(tx, s);
      await this.emit(tx, 'checkout.session.expired', s);
      return s;
    });
    this.deps.wake();
    return toCheckoutSession(session);
  }

  /** The session as its hosted page shows it; an open session past its expiry is expired first. */
  async sessionForPage(id: string): Promise<SandboxSession | undefined> {
    const found = await findObject<SandboxSession>(this.deps.db, 'checkout.session', id);
    if (found && found.status === 'open' && found.expires_at <= this.nowS()) {
      await this.expireCheckoutSession(id);
      return findObject<SandboxSession>(this.deps.db, 'checkout.session', id);
    }
    return found;
  }

  /**
   * The hosted page's Pay. The session row is locked, so two presses (or two tabs) pay once: the
   * second finds the session complete and is sent where the first went.
   */
  async pay(
    id: string,
    card: { outcome: 'succeeds' | 'declined' | 'requires_authentication'; brand: string; last4: string },
  ): Promise<{ outcome: 'succeeded' | 'requires_action' | 'declined' | 'closed'; redirectUrl: string }> {
    const result = await this.deps.db.transaction(async (tx) => {
      const s = await this.session(tx, id, true);
      if (s.status === 'complete') return { outcome: 'succeeded' as const, redirectUrl: successUrl(s) };
      if (s.status !== 'open' || s.expires_at <= this.nowS())
        return { outcome: 'closed' as const, redirectUrl: s.cancel_url };
      if (card.outcome === 'declined') {
        await this.emit(tx, 'checkout.session.async_payment_failed', s);
        return { outcome: 'declined' as const, redirectUrl: '' };
      }
      if (card.outcome === 'requires_authentication') {
        s.pending_challenge = { brand: card.brand, last4: card.last4 };
        await saveObject(tx, s);
        return {
          outcome: 'requires_action' as const,
          redirectUrl: `${this.deps.appUrl}/sandbox/checkout/${s.id}/authenticate`,
        };
      }
      await this.complete(tx, s, card);
      return { outcome: 'succeeded' as const, redirectUrl: successUrl(s) };
    });
    this.deps.wake();
    return result;
  }

  /** The authentication challenge's answer for a card that asked for it. */
  async challenge(
    id: string,
    result: 'complete' | 'fail',
  ): Promise<{ outcome: 'succeeded' | 'declined' | 'closed'; redirectUrl: string }> {
    const answer = await this.deps.db.transaction(async (tx) => {
      const s = await this.session(tx, id, true);
      if (s.status === 'complete') return { outcome: 'succeeded' as const, redirectUrl: successUrl(s) };
      if (s.status !== 'open' || !s.pending_challenge)
        return { outcome: 'closed' as const, redirectUrl: s.cancel_url };
      const card = s.pending_challenge;
      s.pending_challenge = null;
      if (result === 'fail') {
        await saveObject(tx, s);
        await this.emit(tx, 'checkout.session.async_payment_failed', s);
        return { outcome: 'declined' as const, redirectUrl: '' };
      }
      await this.complete(tx, s, card);
      return { outcome: 'succeeded' as const, redirectUrl: successUrl(s) };
    });
    this.deps.wake();
    return answer;
  }

  private async complete(tx: Executor, s: SandboxSession, card: { brand: string; last4: string }) {
    const intent: SandboxPaymentIntent = {
      id: newSandboxId('payment_intent'),
      object: 'payment_intent',
      amount: s.amount_total,
      amount_refunded: 0,
      status: 'succeeded',
      transfer_group: s.transfer_group,
      metadata: s.metadata,
      card: { brand: card.brand, last4: card.last4 },
      created: this.nowS(),
    };
    await createObject(tx, 'payment_intent', intent);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.payment_intent = intent.id;
    s.pending_challenge = null;
    await saveObject(tx, s);
    await this.emit(tx, 'checkout.session.completed', s);
  }

  private async session(db: Executor, id: string, forUpdate = false): Promise<SandboxSession> {
    const s = await findObject<SandboxSession>(db, 'checkout.session', id, { forUpdate });
    if (!s) throw new ProviderError(`No such checkout.session: '${id}'`, false);
    return s;
  }

  // ---- Connected accounts ----

  async createConnectedAccount(input: {
    userId: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<ConnectedAccountState> {
    const account = await createObject<SandboxAccount>(
      this.deps.db,
      'account',
      {
        id: newSandboxId('account'),
        object: 'account',
        email: input.email,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: { currently_due: [...ONBOARDING_REQUIREMENTS] },
        metadata: { userId: input.userId },
        created: this.nowS(),
      },
      input.idempotencyKey,
    );
    return toAccountState(account);
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccountState> {
    const account = await findObject<SandboxAccount>(this.deps.db, 'account', id);
    if (!account) throw new ProviderError(`No such account: '${id}'`, false);
    return toAccountState(account);
  }

  async createAccountLink(input: AccountLinkInput): Promise<{ url: string }> {
    await this.retrieveConnectedAccount(input.accountId);
    const id = newSandboxId('account_link');
    const link = await createObject<SandboxAccountLink>(this.deps.db, 'account_link', {
      id,
      object: 'account_link',
      account: input.accountId,
      type: input.type,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      expires_at: this.nowS() + LINK_LIFETIME_S,
      used: false,
      url: `${this.deps.appUrl}/sandbox/onboarding/${id}`,
    });
    return { url: link.url };
  }

  async linkForPage(id: string): Promise<(SandboxAccountLink & { expired: boolean }) | undefined> {
    const link = await findObject<SandboxAccountLink>(this.deps.db, 'account_link', id);
    return link && { ...link, expired: link.used || link.expires_at <= this.nowS() };
  }

  /** The onboarding page's submit: the details are taken and the account can take payouts. */
  async completeOnboarding(linkId: string): Promise<{ url: string } | { expiredUrl: string } | undefined> {
    const result = await this.deps.db.transaction(async (tx) => {
      const link = await findObject<SandboxAccountLink>(tx, 'account_link', linkId, { forUpdate: true });
      if (!link) return undefined;
      if (link.used || link.expires_at <= this.nowS()) return { expiredUrl: link.refresh_url };
      const account = (await findObject<SandboxAccount>(tx, 'account', link.account, { forUpdate: true }))!;
      account.charges_enabled = true;
      account.payouts_enabled = true;
      account.details_submitted = true;
      account.requirements = { currently_due: [] };
      await saveObject(tx, account);
      await saveObject(tx, { ...link, used: true });
      await this.emit(tx, 'account.updated', account);
      return { url: link.return_url };
    });
    this.deps.wake();
    return result;
  }

  // ---- Money out ----

  async createTransfer(input: TransferInput): Promise<{ id: string }> {
    const account = await findObject<SandboxAccount>(this.deps.db, 'account', input.destinationAccountId);
    if (!account) throw new ProviderError(`No such destination: '${input.destinationAccountId}'`, false);
    if (!account.payouts_enabled)
      throw new ProviderError(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers',
        false,
      );
    const transfer = await this.deps.db.transaction(async (tx) => {
      const { object, created } = await createOnce(
        tx,
        'transfer',
        {
          id: newSandboxId('transfer'),
          object: 'transfer',
          amount: input.amountPence,
          currency: 'gbp',
          destination: input.destinationAccountId,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
          created: this.nowS(),
        },
        input.idempotencyKey,
      );
      // A retried create (same key) returns the first transfer and announces nothing new.
      if (created) await this.emit(tx, 'transfer.created', object);
      return object;
    });
    this.deps.wake();
    return { id: transfer.id };
  }

  async createRefund(input: RefundInput): Promise<{ id: string }> {
    const refund = await this.deps.db.transaction(async (tx) => {
      const intent = await findObject<SandboxPaymentIntent>(tx, 'payment_intent', input.paymentIntentId, {
        forUpdate: true,
      });
      if (!intent) throw new ProviderError(`No such payment_intent: '${input.paymentIntentId}'`, false);
      const { object, created } = await createOnce(
        tx,
        'refund',
        {
          id: newSandboxId('refund'),
          object: 'refund',
          amount: input.amountPence,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: input.metadata,
          created: this.nowS(),
        },
        input.idempotencyKey,
      );
      if (created) {
        if (intent.amount_refunded + input.amountPence > intent.amount)
          throw new ProviderError('Refund amount is greater than the unrefunded amount of the charge', false);
        intent.amount_refunded += input.amountPence;
        await saveObject(tx, intent);
        await this.emit(tx, 'charge.refunded', object);
      }
      return object;
    });
    this.deps.wake();
    return { id: refund.id };
  }

  // ---- Saved cards: customers, setup intents, charges of a saved card ----

  async createCustomer(input: { userId: string; email: string | null; idempotencyKey: string }) {
    const customer = await createObject(
      this.deps.db,
      'customer',
      {
        id: newSandboxId('customer'),
        object: 'customer',
        email: input.email,
        metadata: { userId: input.userId },
        created: this.nowS(),
      },
      input.idempotencyKey,
    );
    return { id: customer.id };
  }

  async createSetupIntent(input: SetupIntentInput): Promise<SetupIntentState> {
    if (!(await findObject(this.deps.db, 'customer', input.customerId)))
      throw new ProviderError(`No such customer: '${input.customerId}'`, false);
    const id = newSandboxId('setup_intent');
    const intent = await createObject<SandboxSetupIntent>(
      this.deps.db,
      'setup_intent',
      {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${newSandboxId('event').slice(-16)}`,
        customer: input.customerId,
        status: 'requires_payment_method',
        payment_method: null,
        return_url: input.returnUrl,
        last_setup_error: null,
        pending_card: null,
        created: this.nowS(),
      },
      input.idempotencyKey,
    );
    return this.setupState(this.deps.db, intent);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntentState> {
    const intent = await findObject<SandboxSetupIntent>(this.deps.db, 'setup_intent', id);
    if (!intent) throw new ProviderError(`No such setupintent: '${id}'`, false);
    return this.setupState(this.deps.db, intent);
  }

  private async setupState(db: Executor, intent: SandboxSetupIntent): Promise<SetupIntentState> {
    const method =
      intent.payment_method &&
      (await findObject<SandboxPaymentMethod>(db, 'payment_method', intent.payment_method));
    return {
      id: intent.id,
      clientSecret: intent.client_secret,
      status: intent.status,
      customerId: intent.customer,
      card: method
        ? {
            id: method.id,
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          }
        : null,
      lastError: intent.last_setup_error,
    };
  }

  /**
   * The card form's submit (Stripe.js's confirmSetup): the client secret is what lets a browser confirm
   * it. A card that asks for authentication waits for the challenge page.
   */
  async confirmSetup(
    id: string,
    clientSecret: string,
    card: { card: SandboxCard; brand: string; last4: string; expMonth: number; expYear: number },
  ): Promise<{ outcome: 'succeeded' | 'requires_action' | 'declined' | 'not_found'; redirectUrl: string }> {
    const result = await this.deps.db.transaction(async (tx) => {
      const intent = await findObject<SandboxSetupIntent>(tx, 'setup_intent', id, { forUpdate: true });
      if (!intent || intent.client_secret !== clientSecret)
        return { outcome: 'not_found' as const, redirectUrl: '' };
      if (intent.status === 'succeeded')
        return { outcome: 'succeeded' as const, redirectUrl: setupReturn(intent, 'succeeded') };
      const pending = {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        saved_charge: card.card.savedCharge,
      };
      if (card.card.setup === 'declined') {
        intent.last_setup_error = SANDBOX_CARD_MESSAGES.declined;
        intent.status = 'requires_payment_method';
        await saveObject(tx, intent);
        await this.emit(tx, 'setup_intent.setup_failed', intent);
        return { outcome: 'declined' as const, redirectUrl: '' };
      }
      if (card.card.setup === 'requires_authentication') {
        intent.status = 'requires_action';
        intent.pending_card = pending;
        await saveObject(tx, intent);
        return { outcome: 'requires_action' as const, redirectUrl: this.authenticateUrl(intent.id) };
      }
      await this.saveCard(tx, intent, pending);
      return { outcome: 'succeeded' as const, redirectUrl: setupReturn(intent, 'succeeded') };
    });
    this.deps.wake();
    return result;
  }

  private async saveCard(tx: Executor, intent: SandboxSetupIntent, card: SandboxPaymentMethod['card']) {
    const method = await createObject<SandboxPaymentMethod>(tx, 'payment_method', {
      id: newSandboxId('payment_method'),
      object: 'payment_method',
      customer: intent.customer,
      card,
      created: this.nowS(),
    });
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    intent.pending_card = null;
    intent.last_setup_error = null;
    await saveObject(tx, intent);
    await this.emit(tx, 'setup_intent.succeeded', intent);
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const method = await findObject<SandboxPaymentMethod>(tx, 'payment_method', id, { forUpdate: true });
      if (method && method.customer !== null) await saveObject(tx, { ...method, customer: null });
    });
  }

  async chargeSavedCard(input: SavedCardChargeInput): Promise<PaymentIntentState> {
    const intent = await this.deps.db.transaction(async (tx) => {
      const method = await findObject<SandboxPaymentMethod>(tx, 'payment_method', input.paymentMethodId);
      if (!method || method.customer !== input.customerId)
        throw new ProviderError(`No such PaymentMethod: '${input.paymentMethodId}'`, false);
      const id = newSandboxId('payment_intent');
      const behaviour = method.card.saved_charge;
      const status =
        behaviour === 'succeeds'
          ? 'succeeded'
          : behaviour === 'declined'
            ? 'requires_payment_method'
            : 'requires_action';
      const { object, created } = await createOnce<SandboxPaymentIntent>(
        tx,
        'payment_intent',
        {
          id,
          object: 'payment_intent',
          amount: input.amountPence,
          amount_refunded: 0,
          status,
          transfer_group: input.transferGroup,
          metadata: input.metadata,
          card: { brand: method.card.brand, last4: method.card.last4 },
          created: this.nowS(),
          client_secret: `${id}_secret_${newSandboxId('event').slice(-16)}`,
          customer: input.customerId,
          payment_method: method.id,
          description: input.description,
          return_url: input.returnUrl,
          last_payment_error: status === 'requires_payment_method' ? SANDBOX_CARD_MESSAGES.declined : null,
        },
        input.idempotencyKey,
      );
      // A retried create (same key) answers with the first intent as it is now, and charges nothing.
      if (created && object.status === 'succeeded') await this.emit(tx, 'payment_intent.succeeded', object);
      if (created && object.status === 'requires_payment_method')
        await this.emit(tx, 'payment_intent.payment_failed', object);
      return object;
    });
    this.deps.wake();
    return this.intentState(intent);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const intent = await findObject<SandboxPaymentIntent>(this.deps.db, 'payment_intent', id);
    if (!intent) throw new ProviderError(`No such payment_intent: '${id}'`, false);
    return this.intentState(intent);
  }

  private intentState(intent: SandboxPaymentIntent): PaymentIntentState {
    return {
      id: intent.id,
      status:
        intent.status === 'requires_payment_method'
          ? 'failed'
          : intent.status === 'requires_action'
            ? 'requires_action'
            : 'succeeded',
      clientSecret: intent.client_secret ?? null,
      actionUrl: intent.status === 'requires_action' ? this.authenticateUrl(intent.id) : null,
      amountPence: intent.amount,
      metadata: intent.metadata,
      lastError: intent.last_payment_error ?? null,
    };
  }

  private authenticateUrl(id: string): string {
    return `${this.deps.appUrl}/sandbox/authenticate/${id}`;
  }

  /** The authentication page's view of a setup or payment intent (its id is the capability). */
  async intentForPage(id: string): Promise<
    | {
        kind: 'payment' | 'setup';
        amountPence: number | null;
        description: string | null;
        card: { brand: string; last4: string } | null;
        awaitingAuthentication: boolean;
        returnUrl: string;
      }
    | undefined
  > {
    if (id.startsWith('seti_')) {
      const intent = await findObject<SandboxSetupIntent>(this.deps.db, 'setup_intent', id);
      if (!intent) return undefined;
      return {
        kind: 'setup',
        amountPence: null,
        description: null,
        card: intent.pending_card && { brand: intent.pending_card.brand, last4: intent.pending_card.last4 },
        awaitingAuthentication: intent.status === 'requires_action',
        returnUrl: setupReturn(intent, intent.status === 'succeeded' ? 'succeeded' : 'failed'),
      };
    }
    const intent = await findObject<SandboxPaymentIntent>(this.deps.db, 'payment_intent', id);
    if (!intent?.return_url) return undefined;
    return {
      kind: 'payment',
      amountPence: intent.amount,
      description: intent.description ?? null,
      card: intent.card,
      awaitingAuthentication: intent.status === 'requires_action',
      returnUrl: paymentReturn(intent),
    };
  }

  /** The bank's challenge for a setup or a saved-card charge: either answer returns to the app. */
  async challengeIntent(
    id: string,
    result: 'complete' | 'fail',
  ): Promise<{ outcome: 'succeeded' | 'failed'; redirectUrl: string } | undefined> {
    const answer = await this.deps.db.transaction(async (tx) => {
      if (id.startsWith('seti_')) {
        const intent = await findObject<SandboxSetupIntent>(tx, 'setup_intent', id, { forUpdate: true });
        if (!intent) return undefined;
        if (intent.status === 'requires_action' && intent.pending_card) {
          if (result === 'complete') await this.saveCard(tx, intent, intent.pending_card);
          else {
            intent.status = 'requires_payment_method';
            intent.pending_card = null;
            intent.last_setup_error = SANDBOX_CARD_MESSAGES.authenticationFailed;
            await saveObject(tx, intent);
            await this.emit(tx, 'setup_intent.setup_failed', intent);
          }
        }
        const outcome = intent.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const);
        return { outcome, redirectUrl: setupReturn(intent, outcome) };
      }
      const intent = await findObject<SandboxPaymentIntent>(tx, 'payment_intent', id, { forUpdate: true });
      if (!intent?.return_url) return undefined;
      if (intent.status === 'requires_action') {
        if (result === 'complete') {
          intent.status = 'succeeded';
          await saveObject(tx, intent);
          await this.emit(tx, 'payment_intent.succeeded', intent);
        } else {
          intent.status = 'requires_payment_method';
          intent.last_payment_error = SANDBOX_CARD_MESSAGES.authenticationFailed;
          await saveObject(tx, intent);
          await this.emit(tx, 'payment_intent.payment_failed', intent);
        }
      }
      const outcome = intent.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const);
      return { outcome, redirectUrl: paymentReturn(intent) };
    });
    this.deps.wake();
    return answer;
  }

  // ---- Webhooks ----

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
    if (!verifySignature(rawBody, signatureHeader, this.deps.webhookSecret, this.nowS()))
      throw new WebhookSignatureError('signature does not verify');
    let event: SandboxEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookSignatureError('not JSON');
    }
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object?.id)
      throw new WebhookSignatureError('not an event');
    return webhookEventOf(event.id, event.type, event.data.object.id);
  }

  /** The signed body and header of one stored event, for the delivery job. */
  async signedEvent(eventId: string): Promise<{ body: string; signature: string } | undefined> {
    const event = await findObject<SandboxEvent>(this.deps.db, 'event', eventId);
    if (!event) return undefined;
    const body = JSON.stringify(event);
    return { body, signature: signPayload(body, this.deps.webhookSecret, this.nowS()) };
  }

  /** Records an event and queues its deliveries (maybe two, each after a random delay). */
  private async emit(tx: Executor, type: string, object: { id: string; object: string }): Promise<void> {
    const event: SandboxEvent = {
      id: newSandboxId('event'),
      object: 'event',
      type,
      created: this.nowS(),
      data: { object: { id: object.id, object: object.object } },
    };
    await createObject(tx, 'event', event);
    const random = this.delivery.random ?? Math.random;
    const copies = random() < this.delivery.duplicateRate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delay = Math.floor(random() * this.delivery.maxDelayMs);
      await this.deps.enqueue(tx, event.id, delay > 0 ? new Date(Date.now() + delay) : undefined);
    }
  }
}

/** Stripe's return: the intent named in the address, with how the redirect ended. */
function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const setupReturn = (i: SandboxSetupIntent, status: 'succeeded' | 'failed') =>
  withParams(i.return_url, { setup_intent: i.id, redirect_status: status });

const paymentReturn = (i: SandboxPaymentIntent) =>
  withParams(i.return_url!, {
    payment_intent: i.id,
    redirect_status: i.status === 'succeeded' ? 'succeeded' : 'failed',
  });

function successUrl(s: SandboxSession): string {
  return s.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(s.id));
}

function toCheckoutSession(s: SandboxSession): CheckoutSession {
  return {
    id: s.id,
    url: s.status === 'open' ? s.url : null,
    status: s.status,
    paymentStatus: s.payment_status,
    paymentIntentId: s.payment_intent,
    amountPence: s.amount_total,
    metadata: s.metadata,
  };
}

function toAccountState(a: SandboxAccount): ConnectedAccountState {
  return {
    id: a.id,
    chargesEnabled: a.charges_enabled,
    payoutsEnabled: a.payouts_enabled,
    requirementsCurrentlyDue: a.requirements.currently_due,
  };
}

export function webhookEventOf(id: string, type: string, objectId: string): WebhookEvent {
  if (type.startsWith('checkout.session.'))
    return { id, type, object: { kind: 'checkout_session', id: objectId } };
  if (type === 'account.updated') return { id, type, object: { kind: 'account', id: objectId } };
  if (type.startsWith('transfer.')) return { id, type, object: { kind: 'transfer', id: objectId } };
  if (type.startsWith('charge.refund') || type.startsWith('refund.'))
    return { id, type, object: { kind: 'refund', id: objectId } };
  if (type.startsWith('payment_intent.'))
    return { id, type, object: { kind: 'payment_intent', id: objectId } };
  if (type.startsWith('setup_intent.')) return { id, type, object: { kind: 'setup_intent', id: objectId } };
  return { id, type, object: { kind: 'other', id: objectId } };
}
