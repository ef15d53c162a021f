import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import { WebhookSignatureError } from '../../adapters/payments/gateway';
import { AppError } from '../../lib/app-error';
import { refuseNul } from '../../plugins/text-guard';
import { claimWebhook, markWebhookProcessed } from './payments.repository';
import { confirmCheckoutSession, type PaymentDeps } from './payments.service';

/**
 * A provider's webhook. The signature is checked over the raw body before anything is read; a bad one
 * is a 400 and changes nothing. Each event id is handled until it succeeds once (a failure answers 500
 * and the provider retries); the handlers read the object's current state from the provider, so
 * duplicates and events arriving out of order lead to the same result.
 */
export async function receiveWebhook(
  deps: PaymentDeps,
  provider: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  if (provider !== deps.gateway.provider) throw AppError.notFound();
  let event: ReturnType<typeof deps.gateway.parseWebhook>;
  try {
    event = deps.gateway.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError)
      throw new AppError(400, 'invalid_signature', PAYMENT_MESSAGES.badSignature);
    throw error;
  }
  // The text guard skips a raw body; what was parsed from it is checked here, as every other
  // request's text is: PostgreSQL cannot store U+0000, and a 500 would have the provider retry it.
  refuseNul(event);
  const fresh = await claimWebhook(deps.db, {
    id: event.id,
    provider,
    type: event.type,
    payload: { type: event.type, object: event.object },
  });
  if (!fresh) return;
  switch (event.object.kind) {
    case 'checkout_session':
      await confirmCheckoutSession(deps, event.object.id);
      break;
    // A payout account (payouts), a milestone's charge (milestones), a saved card (payment-methods).
    case 'account':
    case 'payment_intent':
    case 'setup_intent':
      await deps.extensions.providerObjects[event.object.kind](deps, event.object.id);
      break;
    // Transfers and refunds are booked when we ask for them (payouts' payouts.service, refundPayment); their
    // events only confirm what the ledger already says.
    default:
      break;
  }
  await markWebhookProcessed(deps.db, event.id, deps.clock.now());
}
