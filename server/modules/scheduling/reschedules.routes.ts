import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeclineRescheduleBody,
  ProposeRescheduleBody,
  RescheduleParams,
  RescheduleResponse,
  ReschedulesResponse,
} from '../../../domain/scheduling/reschedules';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { SchedulingDeps } from './deps';
import { answerReschedule, bookingReschedules, proposeReschedule } from './reschedules.service';

const doc = openApiDoc('scheduling');

// Proposals to move a booking to another date, and their answers (docs/api/scheduling.md). Thin: the services own the rules.

export const rescheduleRoutes =
  (deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/bookings/:id/reschedules',
      doc('Propose a new date for a booking (the other party accepts or declines it)', {
        params: RescheduleParams,
        body: ProposeRescheduleBody,
        response: { 201: RescheduleResponse },
      }),
      async (request, reply) =>
        reply.status(201).send({
          reschedule: await proposeReschedule(deps, requireUser(request), request.params.id, request.body),
        }),
    );

    app.get(
      '/bookings/:id/reschedules',
      doc("A booking's proposed dates, newest first (its history of dates)", {
        params: RescheduleParams,
        response: { 200: ReschedulesResponse },
      }),
      async (request) => ({
        reschedules: await bookingReschedules(deps, requireUser(request), request.params.id),
      }),
    );

    app.post(
      '/reschedules/:id/accept',
      doc('Accept the proposed date: the booking moves to it', {
        params: RescheduleParams,
        response: { 200: RescheduleResponse },
      }),
      async (request) => ({
        reschedule: await answerReschedule(deps, requireUser(request), request.params.id, 'accept'),
      }),
    );

    app.post(
      '/reschedules/:id/decline',
      doc('Decline the proposed date, with a reason if given: the booking keeps its date', {
        params: RescheduleParams,
        // No body at all, or {}: declined without a reason.
        body: DeclineRescheduleBody.nullish(),
        response: { 200: RescheduleResponse },
      }),
      async (request) => ({
        reschedule: await answerReschedule(
          deps,
          requireUser(request),
          request.params.id,
          'decline',
          request.body?.note ?? null,
        ),
      }),
    );

    app.post(
      '/reschedules/:id/withdraw',
      doc('Withdraw your own proposal before it is answered', {
        params: RescheduleParams,
        response: { 200: RescheduleResponse },
      }),
      async (request) => ({
        reschedule: await answerReschedule(deps, requireUser(request), request.params.id, 'withdraw'),
      }),
    );
  };
