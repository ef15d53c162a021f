import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminPaymentsResponse,
  BookingMoneyResponse,
  CreatePaymentBody,
  CreatePaymentResponse,
  RefundBody,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '../../../domain/payments/api';
import { openApiDoc } from '../../lib/route-docs';
import { adminOnly, requireAdmin, requireUser } from '../../plugins/auth-context';
import { WEBHOOK_SIGNATURE } from '../../plugins/openapi';
import { adminPayments, bookingMoney } from './money-views';
import {
  createPayment,
  findPaymentForRelease,
  type PaymentDeps,
  refundPayment,
  releasePayment,
  verifyPayment,
} from './payments.service';
import { receiveWebhook } from './webhooks.service';

const doc = openApiDoc('payments');
const adminDoc = openApiDoc('admin');

// Paying into escrow, the money a booking holds, the admin's payments and the provider's webhooks
// (docs/api/payments.md). Thin: the services own the rules.

const IdParams = z.object({ id: z.uuid('Not found') });

/** Checkout: open the provider's page, and confirm the payment on return. */
const checkoutRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payments/create-payment',
      doc("Open the provider's checkout for a completed, unpaid booking (its amount, never the browser's)", {
        body: CreatePaymentBody,
        response: { 200: CreatePaymentResponse },
      }),
      async (request) =>
        createPayment(deps, requireUser(request), request.body.bookingId, request.headers.origin),
    );

    app.post(
      '/payments/verify-payment',
      doc('On return from checkout: confirm the payment with the provider and book it if paid', {
        body: VerifyPaymentBody,
        response: { 200: VerifyPaymentResponse },
      }),
      async (request) => verifyPayment(deps, requireUser(request), request.body.sessionId),
    );
  };

/** A booking's money, and the customer's early release of it. */
const escrowRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/bookings/:id/money',
      doc("A booking's payments and money timeline (its parties and admins)", {
        params: IdParams,
        response: { 200: BookingMoneyResponse },
      }),
      async (request) => ({ money: await bookingMoney(deps, requireUser(request), request.params.id) }),
    );

    app.post(
      '/payments/:id/release',
      doc('The customer releases held money before the protection window ends', {
        params: IdParams,
        response: { 200: BookingMoneyResponse },
      }),
      async (request) => {
        const auth = requireUser(request);
        const payment = await findPaymentForRelease(deps, auth, request.params.id);
        await releasePayment(deps, payment.id, { by: 'customer', userId: auth.user.id });
        return { money: await bookingMoney(deps, auth, payment.bookingId) };
      },
    );
  };

/** The admin's latest payments and refunds. */
const adminPaymentRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/payments',
      adminDoc(
        'The latest payments (admins)',
        { response: { 200: AdminPaymentsResponse } },
        { preValidation: adminOnly },
      ),
      // A page of 100 payments with their jobs and parties, the same for every admin: shared like the
      // overview for ADMIN_SHARED_MS (an admin's refund clears it before its response leaves, app.ts).
      async () => ({
        payments: await (deps.adminReads
          ? (deps.adminReads.get('payments', () => adminPayments(deps.db)) as ReturnType<
              typeof adminPayments
            >)
          : adminPayments(deps.db)),
      }),
    );

    app.post(
      '/admin/payments/:id/refund',
      adminDoc(
        'Refund all or part of what a payment still holds (admins)',
        { params: IdParams, body: RefundBody, response: { 200: BookingMoneyResponse } },
        { preValidation: adminOnly },
      ),
      async (request) => {
        const auth = requireAdmin(request);
        const refunded = await refundPayment(deps, request.params.id, {
          amountPence: request.body.amountPence,
          reason: request.body.reason,
          actorId: auth.user.id,
        });
        return { money: await bookingMoney(deps, auth, refunded.bookingId) };
      },
    );
  };

/**
 * Webhooks: the raw body, so the signature is checked over exactly the bytes the provider signed.
 * Not rate-limited per address: the provider sends bursts from a few addresses.
 */
const webhookRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/payments/webhooks/:provider',
      doc(
        "The payment provider's signed webhooks (sandbox or stripe)",
        {
          security: WEBHOOK_SIGNATURE,
          params: z.object({ provider: z.enum(['sandbox', 'stripe']) }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
        { config: { rateLimit: false } },
      ),
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers[`${request.params.provider}-signature`];
        await receiveWebhook(
          deps,
          request.params.provider,
          raw,
          typeof header === 'string' ? header : undefined,
        );
        return { received: true as const };
      },
    );
  };

export const paymentRoutes =
  (deps: PaymentDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(checkoutRoutes(deps));
    await app.register(escrowRoutes(deps));
    await app.register(adminPaymentRoutes(deps));
    await app.register(webhookRoutes(deps));
  };
