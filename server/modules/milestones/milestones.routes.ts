import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingMilestonesResponse,
  type BookingMilestonesView,
  ChargeMilestoneBody,
  ChargeMilestoneResponse,
  ConfirmMilestoneResponse,
  DecidePlanBody,
  ProposePlanBody,
} from '../../../domain/milestones/api';
import { openApiDoc } from '../../lib/route-docs';
import { type AuthContext, requireUser } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
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

const doc = openApiDoc('milestones');

// Milestone plans and milestone payments (docs/api/milestones.md). Thin: the services own the rules.

const IdParams = z.object({ id: z.uuid('Not found') });
const page = { 200: BookingMilestonesResponse };

/** The steps that take a booking's or a milestone's id and answer with the booking's milestones page. */
const PAGE_STEPS: {
  method: 'get' | 'post';
  url: string;
  summary: string;
  step: (deps: PaymentDeps, auth: AuthContext, id: string) => Promise<BookingMilestonesView>;
}[] = [
  {
    method: 'get',
    url: '/bookings/:id/milestones',
    summary: "A booking's milestone plan and milestone payments (its parties and admins)",
    step: milestonesView,
  },
  {
    method: 'post',
    url: '/bookings/:id/milestone-plan/withdraw',
    summary: 'The tradesperson withdraws the plan waiting for the customer',
    step: withdrawPlan,
  },
  {
    method: 'post',
    url: '/milestones/:id/done',
    summary: "The tradesperson marks a paid milestone's work done",
    step: markMilestoneDone,
  },
  {
    method: 'post',
    url: '/milestones/:id/approve',
    summary: 'The customer approves a milestone marked done: its money is released',
    step: approveMilestone,
  },
];

/** The plan: proposed by the tradesperson, accepted or declined by the customer. */
const planRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/bookings/:id/milestone-plan',
      doc('The tradesperson proposes a milestone plan adding up to the booking amount', {
        params: IdParams,
        body: ProposePlanBody,
        response: page,
      }),
      async (request) => ({
        milestones: await proposePlan(deps, requireUser(request), request.params.id, request.body.milestones),
      }),
    );

    for (const decision of ['accept', 'decline'] as const) {
      app.post(
        `/bookings/:id/milestone-plan/${decision}`,
        doc(`The customer ${decision}s the milestone plan waiting for them`, {
          params: IdParams,
          body: DecidePlanBody,
          response: page,
        }),
        async (request) => ({
          milestones: await decidePlan(deps, requireUser(request), request.params.id, {
            planId: request.body.planId,
            accept: decision === 'accept',
            reason: request.body.reason,
          }),
        }),
      );
    }
  };

/** Paying a milestone from a saved card, and booking how it ended after the bank's authentication. */
const chargeRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/milestones/charge',
      doc('charge-milestone: pay a milestone from a saved card (success, or requiresAction)', {
        body: ChargeMilestoneBody,
        response: { 200: ChargeMilestoneResponse },
      }),
      async (request) => chargeMilestone(deps, requireUser(request), request.body),
    );

    app.post(
      '/milestones/:id/confirm',
      doc("After the bank's authentication: book how the milestone's charge ended", {
        params: IdParams,
        response: { 200: ConfirmMilestoneResponse },
      }),
      async (request) => confirmMilestone(deps, requireUser(request), request.params.id),
    );
  };

export const milestoneRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const { method, url, summary, step } of PAGE_STEPS) {
      app.route({
        method: method.toUpperCase() as 'GET' | 'POST',
        url,
        ...doc(summary, { params: IdParams, response: page }),
        handler: async (request) => ({
          milestones: await step(deps, requireUser(request), request.params.id),
        }),
      });
    }
    await app.register(planRoutes(deps));
    await app.register(chargeRoutes(deps));
  };
