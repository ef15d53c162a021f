import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SandboxIntentChallengeResponse,
  SandboxIntentView,
  SandboxSetupConfirmBody,
  SandboxSetupConfirmResponse,
} from '../../../../domain/milestones/api';
import {
  SandboxCardBody,
  SandboxChallengeBody,
  SandboxCheckoutView,
  SandboxOnboardingBody,
  SandboxOnboardingView,
  SandboxPayResponse,
  UrlResponse,
} from '../../../../domain/payments/api';
import { SANDBOX_CARD_MESSAGES } from '../../../../domain/payments/messages';
import { checkSandboxCard } from '../../../../domain/payments/test-cards';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { NO_SESSION } from '../../../plugins/openapi';
import type { SandboxGateway } from './sandbox-gateway';

// The API behind the sandbox provider's hosted pages (web/src/features/payments/sandbox). They stand
// where the provider's own pages would, so they need no TradeNest session: the unguessable id of a
// checkout session or onboarding link is what lets a browser use it, as it is at the real provider.

const sessionNotFound = () => AppError.notFound('This checkout page does not exist');
const linkNotFound = () => AppError.notFound('This onboarding link does not exist');
const intentNotFound = () => AppError.notFound('This authentication page does not exist');
const IdParams = z.object({
  id: z
    .string()
    .max(80, 'Not found')
    .regex(/^[A-Za-z0-9_-]{8,80}$/, 'Not found'),
});

/** The hosted checkout page: the session, paying it with a test card, and the 3D Secure challenge. */
const checkoutPages =
  (gateway: SandboxGateway, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/checkout/:id',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "The sandbox provider's checkout session, as its hosted page shows it",
          params: IdParams,
          response: { 200: SandboxCheckoutView },
        },
      },
      async (request) => {
        const s = await gateway.sessionForPage(request.params.id);
        if (!s) throw sessionNotFound();
        return {
          id: s.id,
          amountPence: s.amount_total,
          description: s.description,
          status: s.status,
          cancelUrl: s.cancel_url,
          successUrl: s.status === 'complete' ? s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) : null,
          awaitingAuthentication: s.pending_challenge !== null,
        };
      },
    );

    app.post(
      '/sandbox/checkout/:id/pay',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: 'Pay a sandbox checkout session with a test card',
          params: IdParams,
          body: SandboxCardBody,
          response: { 200: SandboxPayResponse },
        },
      },
      async (request) => {
        if (!(await gateway.sessionForPage(request.params.id))) throw sessionNotFound();
        const card = checkSandboxCard(request.body, clock.now());
        if (!card.ok) throw AppError.validation(card.message, [{ field: card.field, message: card.message }]);
        const result = await gateway.pay(request.params.id, card);
        return answer(result);
      },
    );

    app.post(
      '/sandbox/checkout/:id/challenge',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "Answer the sandbox's authentication challenge (3D Secure)",
          params: IdParams,
          body: SandboxChallengeBody,
          response: { 200: SandboxPayResponse },
        },
      },
      async (request) => {
        if (!(await gateway.sessionForPage(request.params.id))) throw sessionNotFound();
        const result = await gateway.challenge(request.params.id, request.body.result);
        if (result.outcome === 'declined')
          throw new AppError(402, 'card_declined', SANDBOX_CARD_MESSAGES.authenticationFailed);
        return answer(result);
      },
    );
  };

/** The card form and the bank's authentication page of setup and payment intents (saved cards, milestone charges). */
const intentPages =
  (gateway: SandboxGateway, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/sandbox/setup-intents/:id/confirm',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "Save a test card on a sandbox setup intent (the sandbox's confirmSetup)",
          params: IdParams,
          body: SandboxSetupConfirmBody,
          response: { 200: SandboxSetupConfirmResponse },
        },
      },
      async (request) => {
        const card = checkSandboxCard(request.body, clock.now());
        if (!card.ok) throw AppError.validation(card.message, [{ field: card.field, message: card.message }]);
        const result = await gateway.confirmSetup(request.params.id, request.body.clientSecret, card);
        if (result.outcome === 'not_found') throw intentNotFound();
        if (result.outcome === 'declined')
          throw new AppError(402, 'card_declined', SANDBOX_CARD_MESSAGES.declined);
        return { outcome: result.outcome, redirectUrl: result.redirectUrl };
      },
    );

    app.get(
      '/sandbox/intents/:id',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "A setup or payment intent as the sandbox's authentication page shows it",
          params: IdParams,
          response: { 200: SandboxIntentView },
        },
      },
      async (request) => {
        const intent = await gateway.intentForPage(request.params.id);
        if (!intent) throw intentNotFound();
        return { id: request.params.id, ...intent };
      },
    );

    app.post(
      '/sandbox/intents/:id/challenge',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "Answer the bank's authentication of a card being saved or a saved card's charge",
          params: IdParams,
          body: SandboxChallengeBody,
          response: { 200: SandboxIntentChallengeResponse },
        },
      },
      async (request) => {
        const answer = await gateway.challengeIntent(request.params.id, request.body.result);
        if (!answer) throw intentNotFound();
        return answer;
      },
    );
  };

/** The hosted onboarding page of a connected account (payouts). */
const onboardingPages =
  (gateway: SandboxGateway): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sandbox/onboarding/:id',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: "The sandbox provider's onboarding link, as its hosted page shows it",
          params: IdParams,
          response: { 200: SandboxOnboardingView },
        },
      },
      async (request) => {
        const link = await gateway.linkForPage(request.params.id);
        if (!link) throw linkNotFound();
        return {
          id: link.id,
          accountId: link.account,
          type: link.type,
          expired: link.expired,
          returnUrl: link.return_url,
          refreshUrl: link.refresh_url,
        };
      },
    );

    app.post(
      '/sandbox/onboarding/:id',
      {
        schema: {
          security: NO_SESSION,
          tags: ['sandbox'],
          summary: 'Submit the sandbox onboarding form; the account can then take payouts',
          params: IdParams,
          body: SandboxOnboardingBody,
          response: { 200: UrlResponse },
        },
      },
      async (request) => {
        const result = await gateway.completeOnboarding(request.params.id);
        if (!result) throw linkNotFound();
        if ('expiredUrl' in result)
          throw new AppError(
            409,
            'payment_state',
            'This onboarding link has expired. Start again from TradeNest.',
            {
              refreshUrl: result.expiredUrl,
            },
          );
        return { url: result.url };
      },
    );
  };

export const sandboxRoutes =
  (gateway: SandboxGateway, clock: Clock): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(checkoutPages(gateway, clock));
    await app.register(intentPages(gateway, clock));
    await app.register(onboardingPages(gateway));
  };

function answer(result: {
  outcome: 'succeeded' | 'requires_action' | 'declined' | 'closed';
  redirectUrl: string;
}) {
  if (result.outcome === 'declined') throw new AppError(402, 'card_declined', SANDBOX_CARD_MESSAGES.declined);
  if (result.outcome === 'closed')
    throw new AppError(
      409,
      'payment_state',
      'This checkout has expired. Return to TradeNest and press Pay again.',
    );
  return { outcome: result.outcome, redirectUrl: result.redirectUrl };
}
