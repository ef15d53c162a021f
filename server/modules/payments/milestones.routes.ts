import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingMilestonesResponse,
  ChargeMilestoneBody,
  ChargeMilestoneResponse,
  ConfirmMilestoneResponse,
  ConfirmSetupBody,
  ConfirmSetupResponse,
  DecidePlanBody,
  PaymentMethodsResponse,
  ProposePlanBody,
  SetupIntentResponse,
} from '../../../domain/milestones/api';
import { requireUser } from '../../plugins/auth-context';
import {
  approveMilestone,
  chargeMilestone,
  confirmMilestone,
  decidePlan,
  markMilestoneDone,
  milestonesView,
  proposePlan,
  withdrawPlan,
} from './milestones.service';
import {
  confirmCardSetup,
  listCards,
  removeCard,
  setDefaultCard,
  startCardSetup,
} from './payment-methods.service';
import type { PaymentDeps } from './payments.service';

// Milestone payments and saved cards (docs/api/milestones.md). Thin: the services own the rules.

const IdParams = z.object({ id: z.uuid('Not found') });

export const milestoneRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const page = { 200: BookingMilestonesResponse };

    app.get(
      '/bookings/:id/milestones',
      {
        schema: {
          tags: ['milestones'],
          summary: "A booking's milestone plan and milestone payments (its parties and admins)",
          params: IdParams,
          response: page,
        },
      },
      async (request) => ({
        milestones: await milestonesView(deps, requireUser(request), request.params.id),
      }),
    );

    app.post(
      '/bookings/:id/milestone-plan',
      {
        schema: {
          tags: ['milestones'],
          summary: 'The tradesperson proposes a milestone plan adding up to the booking amount',
          params: IdParams,
          body: ProposePlanBody,
          response: page,
        },
      },
      async (request) => ({
        milestones: await proposePlan(deps, requireUser(request), request.params.id, request.body.milestones),
      }),
    );

    app.post(
      '/bookings/:id/milestone-plan/withdraw',
      {
        schema: {
          tags: ['milestones'],
          summary: 'The tradesperson withdraws the plan waiting for the customer',
          params: IdParams,
          response: page,
        },
      },
      async (request) => ({ milestones: await withdrawPlan(deps, requireUser(request), request.params.id) }),
    );

    for (const decision of ['accept', 'decline'] as const) {
      app.post(
        `/bookings/:id/milestone-plan/${decision}`,
        {
          schema: {
            tags: ['milestones'],
            summary: `The customer ${decision}s the milestone plan waiting for them`,
            params: IdParams,
            body: DecidePlanBody,
            response: page,
          },
        },
        async (request) => ({
          milestones: await decidePlan(deps, requireUser(request), request.params.id, {
            planId: request.body.planId,
            accept: decision === 'accept',
            reason: request.body.reason,
          }),
        }),
      );
    }

    app.post(
      '/milestones/charge',
      {
        schema: {
          tags: ['milestones'],
          summary: 'charge-milestone: pay a milestone from a saved card (success, or requiresAction)',
          body: ChargeMilestoneBody,
          response: { 200: ChargeMilestoneResponse },
        },
      },
      async (request) => chargeMilestone(deps, requireUser(request), request.body),
    );

    app.post(
      '/milestones/:id/confirm',
      {
        schema: {
          tags: ['milestones'],
          summary: "After the bank's authentication: book how the milestone's charge ended",
          params: IdParams,
          response: { 200: ConfirmMilestoneResponse },
        },
      },
      async (request) => confirmMilestone(deps, requireUser(request), request.params.id),
    );

    app.post(
      '/milestones/:id/done',
      {
        schema: {
          tags: ['milestones'],
          summary: "The tradesperson marks a paid milestone's work done",
          params: IdParams,
          response: page,
        },
      },
      async (request) => ({
        milestones: await markMilestoneDone(deps, requireUser(request), request.params.id),
      }),
    );

    app.post(
      '/milestones/:id/approve',
      {
        schema: {
          tags: ['milestones'],
          summary: 'The customer approves a milestone marked done: its money is released',
          params: IdParams,
          response: page,
        },
      },
      async (request) => ({
        milestones: await approveMilestone(deps, requireUser(request), request.params.id),
      }),
    );

    // ---- Saved cards ----

    const cards = { 200: PaymentMethodsResponse };

    app.get(
      '/payment-methods',
      {
        schema: { tags: ['milestones'], summary: "The customer's saved cards", response: cards },
      },
      async (request) => listCards(deps, requireUser(request)),
    );

    app.post(
      '/payment-methods/setup-intent',
      {
        schema: {
          tags: ['milestones'],
          summary: "create-setup-intent: start saving a card (the provider's card form confirms it)",
          response: { 200: SetupIntentResponse },
        },
      },
      async (request) => startCardSetup(deps, requireUser(request)),
    );

    app.post(
      '/payment-methods/confirm-setup',
      {
        schema: {
          tags: ['milestones'],
          summary: 'On return to /payment-methods: save the card if its setup succeeded',
          body: ConfirmSetupBody,
          response: { 200: ConfirmSetupResponse },
        },
      },
      async (request) => confirmCardSetup(deps, requireUser(request), request.body.setupIntentId),
    );

    app.post(
      '/payment-methods/:id/default',
      {
        schema: {
          tags: ['milestones'],
          summary: 'Make a saved card the one milestones are paid with',
          params: IdParams,
          response: cards,
        },
      },
      async (request) => setDefaultCard(deps, requireUser(request), request.params.id),
    );

    app.delete(
      '/payment-methods/:id',
      {
        schema: {
          tags: ['milestones'],
          summary: 'Remove a saved card (forgotten at the provider too)',
          params: IdParams,
          response: cards,
        },
      },
      async (request) => removeCard(deps, requireUser(request), request.params.id),
    );
  };
