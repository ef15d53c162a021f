import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingChangesResponse,
  ChangeResponse,
  DeclineChangeBody,
  PayChangeBody,
  PayChangeResponse,
  ProposeChangeBody,
} from '../../../domain/changes/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { PaymentDeps } from '../payments';
import { payChange } from './change-payments.service';
import { acceptChange, declineChange, proposeChange, withdrawChange } from './changes.service';
import { bookingChangesPage } from './changes.view';

const doc = openApiDoc('changes');
const IdParams = z.object({ id: z.uuid('Not found') });

// Propose, accept, decline, withdraw and pay changes (docs/api/changes.md). Thin: the service owns the rules.
export const changeRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bookings/:id/changes',
      doc("A booking's changes, newest first, and its money timeline (its parties and admins)", {
        params: IdParams,
        response: { 200: BookingChangesResponse },
      }),
      async (request) => bookingChangesPage(deps, requireUser(request), request.params.id),
    );

    app.post(
      '/bookings/:id/changes',
      doc('Either party proposes a change to the agreed work and price (one figure, or itemised)', {
        params: IdParams,
        body: ProposeChangeBody,
        response: { 200: ChangeResponse },
      }),
      async (request) => ({
        change: await proposeChange(deps, requireUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/changes/:id/accept',
      doc('The other party accepts a waiting change: its money moves at once', {
        params: IdParams,
        response: { 200: ChangeResponse },
      }),
      async (request) => ({ change: await acceptChange(deps, requireUser(request), request.params.id) }),
    );

    app.post(
      '/changes/:id/decline',
      doc('The other party declines a waiting change, with a reason if they like', {
        params: IdParams,
        body: DeclineChangeBody,
        response: { 200: ChangeResponse },
      }),
      async (request) => ({
        change: await declineChange(deps, requireUser(request), request.params.id, request.body.reason),
      }),
    );

    app.post(
      '/changes/:id/withdraw',
      doc('The proposer withdraws a change still waiting for an answer', {
        params: IdParams,
        response: { 200: ChangeResponse },
      }),
      async (request) => ({ change: await withdrawChange(deps, requireUser(request), request.params.id) }),
    );

    app.post(
      '/changes/:id/pay',
      doc("The customer pays an accepted increase into escrow: the provider's checkout, or a saved card", {
        params: IdParams,
        body: PayChangeBody,
        response: { 200: PayChangeResponse },
      }),
      async (request) =>
        payChange(deps, requireUser(request), request.params.id, request.body, request.headers.origin),
    );
  };
