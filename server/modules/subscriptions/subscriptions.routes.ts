import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptSubscriptionBody,
  PriceChangeBody,
  ProposeSubscriptionBody,
  ReasonBody,
  RequestSubscriptionBody,
  SkipVisitBody,
  SubscriptionsResponse,
  SubscriptionView,
  VisitChargeResponse,
} from '../../../domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '../../../domain/subscriptions/messages';
import { openApiDoc } from '../../lib/route-docs';
import { type AuthContext, requireUser } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
import { confirmVisit, payVisit } from './charges';
import { listPlans, planView } from './plan-access';
import { cancelPlan, pausePlan, resumePlan, skipVisit } from './plan-changes.service';
import {
  acceptPlan,
  decidePrice,
  declinePlan,
  proposePlan,
  proposePrice,
  requestPlan,
} from './subscriptions.service';

const doc = openApiDoc('subscriptions');

// Repeat service plans and their visits (docs/api/subscriptions.md). Thin: the services own the rules.

const IdParams = z.object({ id: z.uuid(M.notFound) });
const VisitParams = z.object({ id: z.uuid(M.notFound), visitId: z.uuid(M.visitNotFound) });
const view = { 200: SubscriptionView };

/** The steps that take only the plan (and an optional reason) and answer with it. */
const PLAN_STEPS: {
  url: string;
  summary: string;
  step: (deps: PaymentDeps, auth: AuthContext, id: string) => Promise<SubscriptionView>;
}[] = [
  { url: 'decline', summary: 'Either side says no to a plan before it starts', step: declinePlan },
  {
    url: 'pause',
    summary: 'Either side pauses an active plan (visits outside the notice are called off)',
    step: pausePlan,
  },
  {
    url: 'resume',
    summary: 'The side that paused resumes the plan (the customer after a failed charge)',
    step: resumePlan,
  },
  {
    url: 'cancel',
    summary: 'Either side cancels: visits inside the notice go ahead, later ones are called off',
    step: cancelPlan,
  },
  {
    url: 'price/accept',
    summary: 'The customer accepts the new price per visit',
    step: (d, a, id) => decidePrice(d, a, id, true),
  },
  {
    url: 'price/decline',
    summary: 'The customer declines the new price per visit',
    step: (d, a, id) => decidePrice(d, a, id, false),
  },
];
/** Steps whose body is the optional reason; the others take none. */
const WITH_REASON = new Set(['decline', 'pause', 'cancel']);

const planRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/subscriptions',
      doc("The caller's plans, as customer or tradesperson", { response: { 200: SubscriptionsResponse } }),
      async (request) => ({ subscriptions: await listPlans(deps, requireUser(request)) }),
    );
    app.get(
      '/subscriptions/:id',
      doc('One plan with its visits (its two parties only)', { params: IdParams, response: view }),
      async (request) => planView(deps, requireUser(request), request.params.id),
    );
    app.post(
      '/subscriptions',
      doc('The customer asks for a repeat service (after a completed booking, or from a profile)', {
        body: RequestSubscriptionBody,
        response: { 201: SubscriptionView },
      }),
      async (request, reply) =>
        reply.code(201).send(await requestPlan(deps, requireUser(request), request.body)),
    );
    app.post(
      '/subscriptions/:id/propose',
      doc("The tradesperson proposes the plan's terms", {
        params: IdParams,
        body: ProposeSubscriptionBody,
        response: view,
      }),
      async (request) => proposePlan(deps, requireUser(request), request.params.id, request.body),
    );
    app.post(
      '/subscriptions/:id/accept',
      doc('The customer accepts the proposal with a saved card', {
        params: IdParams,
        body: AcceptSubscriptionBody,
        response: view,
      }),
      async (request) => acceptPlan(deps, requireUser(request), request.params.id, request.body ?? {}),
    );
    app.post(
      '/subscriptions/:id/skip',
      doc('Either side skips one visit, outside the notice', {
        params: IdParams,
        body: SkipVisitBody,
        response: view,
      }),
      async (request) => skipVisit(deps, requireUser(request), request.params.id, request.body.date),
    );
    app.post(
      '/subscriptions/:id/price',
      doc('The tradesperson proposes a new price per visit', {
        params: IdParams,
        body: PriceChangeBody,
        response: view,
      }),
      async (request) => proposePrice(deps, requireUser(request), request.params.id, request.body),
    );
    for (const { url, summary, step } of PLAN_STEPS) {
      app.post(
        `/subscriptions/:id/${url}`,
        doc(summary, {
          params: IdParams,
          ...(WITH_REASON.has(url) ? { body: ReasonBody.nullish() } : {}),
          response: view,
        }),
        async (request) => step(deps, requireUser(request), request.params.id),
      );
    }
  };

const visitRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/subscriptions/:id/visits/:visitId/pay',
      doc('The customer pays a visit whose charge failed, or carries on one waiting for the bank', {
        params: VisitParams,
        response: { 200: VisitChargeResponse },
      }),
      async (request) => payVisit(deps, requireUser(request), request.params.id, request.params.visitId),
    );
    app.post(
      '/subscriptions/:id/visits/:visitId/confirm',
      doc("After the bank's authentication: book how the visit's charge ended", {
        params: VisitParams,
        response: { 200: VisitChargeResponse },
      }),
      async (request) => confirmVisit(deps, requireUser(request), request.params.id, request.params.visitId),
    );
  };

/** /subscriptions… for the customer and the tradesperson of a plan. */
export const subscriptionRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(planRoutes(deps));
    await app.register(visitRoutes(deps));
  };
