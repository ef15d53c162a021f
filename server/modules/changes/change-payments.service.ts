import type { z } from 'zod';
import type { PayChangeResponse } from '../../../domain/changes/api';
import { CHANGE_REFUSALS as R } from '../../../domain/changes/messages';
import { platformFeePence } from '../../../domain/payments/money';
import type { PaymentIntentState } from '../../adapters/payments/gateway';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { type BookingForPayment, bookingEventIds, bookingForPayment } from '../marketplace';
import { settleMilestonePayment } from '../milestones';
import { cardForCharge } from '../payment-methods';
import {
  bookMilestoneCharge,
  cancelChangePayment,
  confirmCheckoutSession,
  frozenByDispute,
  holdPaymentUntil,
  lockPayment,
  lockPaymentsOfBooking,
  openChangePayment,
  openCheckout,
  openMilestoneCharge,
  type PaymentDeps,
  type PaymentRow,
  paymentById,
  providerFailure,
} from '../payments';
import { changeRef, changeState, lockChange } from './changes.policy';
import { currentPaymentOf, findChange, latestPaymentsOfChanges } from './changes.repository';
import { changeViewOf } from './changes.view';

// Paying an accepted increase on a booking paid in one (settlement `payment`): the customer pays it into
// escrow through the provider's checkout or from a saved card, and it is held like the booking's own
// payment, for the same protection window, then released with it (docs/api/changes.md).

const DAY_MS = 24 * 60 * 60 * 1000;
const UNDER_WAY = ['processing', 'requires_action'];

export type PayChangeBody = { method: 'checkout' } | { method: 'card'; paymentMethodId: string };

type Prepared =
  | { kind: 'checkout'; payment: PaymentRow; found: BookingForPayment }
  | { kind: 'card'; payment: PaymentRow; found: BookingForPayment; providerCustomerId: string };

/**
 * Under the booking's lock: checks the caller may pay the change, and finds or opens the payment the
 * provider is then asked about, keyed by its row (so a second press drives the same one). The unique
 * index payments_one_live_per_change keeps it to one charge under way or paid per change.
 */
async function preparePayment(
  deps: PaymentDeps,
  tx: Executor,
  auth: AuthContext,
  changeId: string,
  body: PayChangeBody,
): Promise<Prepared> {
  const { found, party, change } = await lockChange(tx, auth, changeId);
  if (party !== 'customer') throw new AppError(403, 'not_allowed', R.onlyCustomerPays);
  if (change.status !== 'accepted' || change.settlement !== 'payment') throw changeState(R.nothingToPay);
  if (frozenByDispute(found)) throw changeState(R.frozen);
  const latest = currentPaymentOf(
    (await lockPaymentsOfBooking(tx, found.booking.id)).filter((p) => p.changeId === change.id),
  );
  if (latest && (latest.status === 'succeeded' || latest.status === 'refunded'))
    throw changeState(R.alreadyPaid);
  const now = deps.clock.now();
  const open = latest?.status === 'requires_payment' ? latest : undefined;
  const opening = {
    bookingId: found.booking.id,
    changeId: change.id,
    payerId: auth.user.id,
    provider: deps.gateway.provider,
    amountPence: change.amountPence,
    // The fee is taken when the money is released (15% of what is released); this is its figure.
    feePence: platformFeePence(change.amountPence),
  };
  if (body.method === 'checkout') {
    if (latest && UNDER_WAY.includes(latest.status)) throw changeState(R.paymentUnderway);
    return { kind: 'checkout', found, payment: open ?? (await openChangePayment(tx, opening, now)) };
  }
  const { card, customer } = await cardForCharge(deps, tx, auth.user.id, body.paymentMethodId);
  const base = { kind: 'card' as const, found, providerCustomerId: customer.providerCustomerId };
  // A charge under way (or waiting for the bank) is carried on, not started again.
  if (latest && UNDER_WAY.includes(latest.status)) return { ...base, payment: latest };
  // A checkout given up for the card (closeOpenCheckout expired its page first).
  if (open) await cancelChangePayment(tx, open.id, now);
  const payment = await openMilestoneCharge(
    tx,
    { ...opening, providerPaymentMethodId: card.providerPaymentMethodId },
    now,
  );
  return { ...base, payment };
}

/**
 * Before a card pays a change whose checkout page is open: the page is expired at the provider first,
 * so it can no longer be paid beside the card (a second live payment of the change). If it was paid
 * meanwhile, that payment is booked, and the card is then refused as already paid.
 */
async function closeOpenCheckout(deps: PaymentDeps, changeId: string): Promise<void> {
  const payment = (await latestPaymentsOfChanges(deps.db, [changeId])).get(changeId);
  if (payment?.status !== 'requires_payment' || !payment.checkoutSessionId) return;
  const session = await deps.gateway.expireCheckoutSession(payment.checkoutSessionId).catch(providerFailure);
  if (session.status === 'complete')
    await confirmCheckoutSession(deps, payment.checkoutSessionId).catch(providerFailure);
}

/** The customer pays an accepted increase: the provider's checkout page, or a saved card off-session. */
export async function payChange(
  deps: PaymentDeps,
  auth: AuthContext,
  changeId: string,
  body: PayChangeBody,
  origin?: string,
): Promise<z.infer<typeof PayChangeResponse>> {
  if (body.method === 'card') await closeOpenCheckout(deps, changeId);
  const prepared = await deps.db.transaction((tx) => preparePayment(deps, tx, auth, changeId, body));
  const { payment, found } = prepared;
  const appUrl = deps.appUrlFor?.(origin) ?? deps.appUrl;
  const returnPath = `/booking-changes/${found.booking.id}`;
  if (prepared.kind === 'checkout') {
    const checkout = await openCheckout(deps, payment, {
      description: `Agreed change to '${found.job.title}'`,
      customerEmail: found.customerEmail,
      returnPath,
      appUrl,
    });
    // The provider let the last one expire: its payment is cancelled, and a new one is opened.
    if (!checkout) return payChange(deps, auth, changeId, body, origin);
    return { change: await changeViewOf(deps, auth, changeId), checkoutUrl: checkout.url, nextAction: null };
  }
  const intent =
    payment.status === 'requires_action' && payment.providerPaymentId
      ? await deps.gateway.retrievePaymentIntent(payment.providerPaymentId).catch(providerFailure)
      : await deps.gateway
          .chargeSavedCard({
            customerId: prepared.providerCustomerId,
            paymentMethodId: payment.providerPaymentMethodId!,
            amountPence: payment.amountPence,
            description: `Agreed change to '${found.job.title}'`,
            returnUrl: `${appUrl}${returnPath}?change=${changeId}`,
            transferGroup: `booking-${payment.bookingId}`,
            metadata: { paymentId: payment.id, bookingId: payment.bookingId, changeId },
            idempotencyKey: `change-charge-${payment.id}`,
          })
          .catch(providerFailure);
  const settled = await settleChangeCharge(deps, payment.id, intent);
  if (settled.status === 'failed')
    throw new AppError(
      402,
      'card_declined',
      settled.lastError ?? intent.lastError ?? 'Your card was declined.',
    );
  const waiting = settled.status === 'requires_action' && intent.clientSecret;
  return {
    change: await changeViewOf(deps, auth, changeId),
    checkoutUrl: null,
    nextAction: waiting ? { clientSecret: intent.clientSecret!, actionUrl: intent.actionUrl } : null,
  };
}

/**
 * Books what the provider says about a change's saved-card charge: paid (into escrow, held for the
 * protection window like the booking's payment), failed, or waiting for the bank's authentication.
 * Shared by the charge and the webhook; a charge already settled is returned as it is, so replays post
 * nothing twice.
 */
export async function settleChangeCharge(
  deps: PaymentDeps,
  paymentId: string,
  intent: PaymentIntentState,
): Promise<PaymentRow> {
  const result = await deps.db.transaction(async (tx) => {
    const peek = (await paymentById(tx, paymentId))!;
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    const payment = await lockPayment(tx, paymentId);
    if (!UNDER_WAY.includes(payment.status)) return payment;
    const now = deps.clock.now();
    const booked = await bookMilestoneCharge(tx, payment, intent, {
      customerId: found.booking.customerId,
      description: `Card payment for a change to '${found.job.title}'`,
      at: now,
    });
    if (booked.status !== 'succeeded') return booked;
    const heldUntil = new Date(now.getTime() + deps.protectionWindowDays * DAY_MS);
    await holdPaymentUntil(tx, payment.id, heldUntil, now);
    await deps.events.record(tx, {
      type: 'payment.succeeded',
      actorId: null,
      payload: {
        ...bookingEventIds(found.booking),
        paymentId: payment.id,
        amountPence: payment.amountPence,
        heldUntil: heldUntil.toISOString(),
        changeId: payment.changeId!,
      },
    });
    await changePaid(deps, tx, booked);
    return booked;
  });
  deps.events.committed();
  if (result.status === 'failed') deps.chargeFailed?.();
  return result;
}

/** payments' extension: a change's increase was paid (either way); its parties are told. */
export async function changePaid(deps: PaymentDeps, tx: Executor, payment: PaymentRow): Promise<void> {
  const change = (await findChange(tx, payment.changeId!))!;
  const found = (await bookingForPayment(tx, change.bookingId))!;
  await deps.events.record(tx, {
    type: 'change.paid',
    actorId: payment.payerId,
    payload: { ...changeRef(found, change), paymentId: payment.id },
  });
}

/**
 * payments' extension for the provider's news of a saved-card charge: a change's is booked here, a
 * milestone's by milestones. The intent's current state is read from the provider, so duplicates and
 * late events change nothing.
 */
export async function syncChargeIntent(deps: PaymentDeps, intentId: string): Promise<void> {
  const intent = await deps.gateway.retrievePaymentIntent(intentId);
  const paymentId = intent.metadata.paymentId;
  const payment = paymentId ? await paymentById(deps.db, paymentId) : undefined;
  if (payment?.changeId) await settleChangeCharge(deps, payment.id, intent);
  else if (payment?.milestoneId) await settleMilestonePayment(deps, payment.id, intent);
}
