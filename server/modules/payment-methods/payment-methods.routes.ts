import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmSetupBody,
  ConfirmSetupResponse,
  PaymentMethodsResponse,
  SetupIntentResponse,
} from '../../../domain/milestones/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
import {
  confirmCardSetup,
  listCards,
  removeCard,
  setDefaultCard,
  startCardSetup,
} from './payment-methods.service';

const doc = openApiDoc('milestones');

// Saved cards (docs/api/payment-methods.md). Thin: the services own the rules.

const IdParams = z.object({ id: z.uuid('Not found') });
const cards = { 200: PaymentMethodsResponse };

export const paymentMethodRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/payment-methods', doc("The customer's saved cards", { response: cards }), async (request) =>
      listCards(deps, requireUser(request)),
    );

    app.post(
      '/payment-methods/setup-intent',
      doc("create-setup-intent: start saving a card (the provider's card form confirms it)", {
        response: { 200: SetupIntentResponse },
      }),
      async (request) => startCardSetup(deps, requireUser(request)),
    );

    app.post(
      '/payment-methods/confirm-setup',
      doc('On return to /payment-methods: save the card if its setup succeeded', {
        body: ConfirmSetupBody,
        response: { 200: ConfirmSetupResponse },
      }),
      async (request) => confirmCardSetup(deps, requireUser(request), request.body.setupIntentId),
    );

    // Making a card the default and removing one both answer with the cards as they now are.
    for (const [method, url, summary, step] of [
      [
        'POST',
        '/payment-methods/:id/default',
        'Make a saved card the one milestones are paid with',
        setDefaultCard,
      ],
      ['DELETE', '/payment-methods/:id', 'Remove a saved card (forgotten at the provider too)', removeCard],
    ] as const) {
      app.route({
        method,
        url,
        ...doc(summary, { params: IdParams, response: cards }),
        handler: async (request) => step(deps, requireUser(request), request.params.id),
      });
    }
  };
