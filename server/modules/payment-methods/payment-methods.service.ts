import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  ConfirmSetupResponse,
  PaymentMethodsResponse,
  PaymentMethodView,
  SetupIntentResponse,
} from '../../../domain/milestones/api';
import { MILESTONE_MESSAGES as M } from '../../../domain/milestones/messages';
import { cardExpired } from '../../../domain/milestones/rules';
import { SUBSCRIPTION_MESSAGES } from '../../../domain/subscriptions/messages';
import { ProviderError, type SavedCard } from '../../adapters/payments/gateway';
import type { Database, Executor } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { type PaymentDeps, providerFailure } from '../payments';
import {
  cardsOfUser,
  deleteCard,
  findCard,
  findPaymentCustomer,
  findPaymentCustomerByProviderId,
  insertCard,
  makeDefault,
  type PaymentMethodRow,
  releaseCardFromPlans,
  savePaymentCustomer,
} from './payment-methods.repository';

// Saved cards (Payment Methods, create-setup-intent). The provider keeps the card; we keep what the
// page shows (brand, last 4, expiry) and which one is the default. A card is saved only when the
// provider says its setup succeeded, read from the provider (the return page or the webhook, whichever
// comes first; both are idempotent).

export const cardNotFound = () => AppError.notFound(M.paymentMethodNotFound);

/** Cards are a customer's screen: tradespeople are told there is nothing here, as on other screens. */
function onlyCustomers(auth: AuthContext) {
  if (auth.user.userType !== 'customer') throw AppError.notFound();
}

export function cardView(row: PaymentMethodRow, now: Date): PaymentMethodView {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    expired: cardExpired(row, now),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listCards(deps: PaymentDeps, auth: AuthContext): Promise<PaymentMethodsResponse> {
  onlyCustomers(auth);
  const now = deps.clock.now();
  return {
    paymentMethods: (await cardsOfUser(deps.db, auth.user.id)).map((c) => cardView(c, now)),
    provider: deps.gateway.provider,
    publishableKey: deps.publishableKey,
  };
}

/** The customer's record at the provider, created the first time a card is saved. */
async function providerCustomer(deps: PaymentDeps, auth: AuthContext) {
  const known = await findPaymentCustomer(deps.db, auth.user.id);
  if (known) return known;
  const created = await deps.gateway
    .createCustomer({
      userId: auth.user.id,
      email: auth.user.email,
      idempotencyKey: `customer-${auth.user.id}`,
    })
    .catch(providerFailure);
  return savePaymentCustomer(deps.db, {
    userId: auth.user.id,
    provider: deps.gateway.provider,
    providerCustomerId: created.id,
    createdAt: deps.clock.now(),
  });
}

/** create-setup-intent: the client secret the card form confirms, returning to /payment-methods. */
export async function startCardSetup(deps: PaymentDeps, auth: AuthContext): Promise<SetupIntentResponse> {
  onlyCustomers(auth);
  const customer = await providerCustomer(deps, auth);
  const returnUrl = `${deps.appUrl}/payment-methods`;
  const intent = await deps.gateway
    .createSetupIntent({
      customerId: customer.providerCustomerId,
      returnUrl,
      idempotencyKey: `setup-${randomUUID()}`,
    })
    .catch(providerFailure);
  return {
    setupIntentId: intent.id,
    clientSecret: intent.clientSecret,
    provider: deps.gateway.provider,
    publishableKey: deps.publishableKey,
    returnUrl,
  };
}

/** On return to /payment-methods: saves the card if its setup succeeded. Someone else's intent is a 404. */
export async function confirmCardSetup(
  deps: PaymentDeps,
  auth: AuthContext,
  setupIntentId: string,
): Promise<ConfirmSetupResponse> {
  onlyCustomers(auth);
  const customer = await findPaymentCustomer(deps.db, auth.user.id);
  if (!customer) throw cardNotFound();
  const intent = await deps.gateway.retrieveSetupIntent(setupIntentId).catch((error) => {
    // An id the provider does not know is as unknown to us.
    if (error instanceof ProviderError && !error.retryable) throw cardNotFound();
    return providerFailure(error);
  });
  if (intent.customerId !== customer.providerCustomerId) throw cardNotFound();
  if (intent.status === 'succeeded' && intent.card) await saveCard(deps, auth.user.id, intent.card);
  const now = deps.clock.now();
  return {
    status:
      intent.status === 'succeeded'
        ? 'saved'
        : intent.status === 'requires_action'
          ? 'requires_action'
          : intent.status === 'processing'
            ? 'processing'
            : 'failed',
    message: intent.status === 'succeeded' ? null : intent.lastError,
    paymentMethods: (await cardsOfUser(deps.db, auth.user.id)).map((c) => cardView(c, now)),
  };
}

/** The webhook's side: a setup that succeeded saves its card for the customer it belongs to. */
export async function syncSetupIntent(deps: PaymentDeps, setupIntentId: string): Promise<void> {
  const intent = await deps.gateway.retrieveSetupIntent(setupIntentId);
  if (intent.status !== 'succeeded' || !intent.card || !intent.customerId) return;
  const customer = await findPaymentCustomerByProviderId(deps.db, intent.customerId);
  if (customer) await saveCard(deps, customer.userId, intent.card);
}

/** One writer of a user's cards at a time, so two first cards cannot both become the default. */
async function lockUser(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function saveCard(deps: PaymentDeps, userId: string, card: SavedCard): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const cards = await cardsOfUser(tx, userId);
    if (cards.some((c) => c.providerPaymentMethodId === card.id)) return;
    await insertCard(tx, {
      userId,
      provider: deps.gateway.provider,
      providerPaymentMethodId: card.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      // The first card is the one milestones are paid with until the customer picks another.
      isDefault: !cards.some((c) => c.isDefault),
      createdAt: deps.clock.now(),
    });
  });
}

async function ownCard(db: Database, auth: AuthContext, id: string) {
  const card = await findCard(db, id);
  if (!card || card.userId !== auth.user.id) throw cardNotFound();
  return card;
}

export async function setDefaultCard(
  deps: PaymentDeps,
  auth: AuthContext,
  id: string,
): Promise<PaymentMethodsResponse> {
  onlyCustomers(auth);
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, auth.user.id);
    const card = await findCard(tx, id);
    if (!card || card.userId !== auth.user.id) throw cardNotFound();
    await makeDefault(tx, auth.user.id, id);
  });
  return listCards(deps, auth);
}

/**
 * Removes a card: forgotten at the provider first (so it cannot be charged again), then here. The
 * default passes to the newest remaining card.
 */
export async function removeCard(
  deps: PaymentDeps,
  auth: AuthContext,
  id: string,
): Promise<PaymentMethodsResponse> {
  onlyCustomers(auth);
  const card = await ownCard(deps.db, auth, id);
  // Refused before the provider forgets the card, so a plan is never left with a card it cannot charge.
  const removed = await deps.db.transaction(async (tx) => {
    await lockUser(tx, auth.user.id);
    const current = await findCard(tx, id);
    if (!current) return false;
    const [next] = (await cardsOfUser(tx, auth.user.id)).filter((c) => c.id !== id);
    if ((await releaseCardFromPlans(tx, id, next?.id ?? null)) > 0)
      throw AppError.conflict('card_in_use', SUBSCRIPTION_MESSAGES.cardInUse);
    await deleteCard(tx, id);
    if (current.isDefault && next) await makeDefault(tx, auth.user.id, next.id);
    return true;
  });
  if (removed) await deps.gateway.detachPaymentMethod(card.providerPaymentMethodId).catch(providerFailure);
  return listCards(deps, auth);
}

/** The card a milestone is charged to: the one named, else the default; refused if expired or missing. */
export async function cardForCharge(deps: PaymentDeps, db: Executor, userId: string, id: string | undefined) {
  const cards = await cardsOfUser(db, userId);
  const card = id ? cards.find((c) => c.id === id) : cards.find((c) => c.isDefault);
  if (id && !card) throw cardNotFound();
  if (!card) throw AppError.validation(M.noCard, [{ field: 'paymentMethodId', message: M.noCard }]);
  if (cardExpired(card, deps.clock.now()))
    throw AppError.validation(M.cardExpired, [{ field: 'paymentMethodId', message: M.cardExpired }]);
  const customer = await findPaymentCustomer(db, userId);
  return { card, customer: customer! };
}

/** The customer's account at the provider, for a charge of a saved card (milestones). */
export async function paymentCustomerOf(db: Executor, userId: string) {
  return findPaymentCustomer(db, userId);
}
