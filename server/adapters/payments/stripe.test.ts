import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, WebhookSignatureError } from './gateway';
import { StripeGateway, stripeGateway } from './stripe';

// A local stand-in for Stripe's API (api.stripe.com/v1): it records each request the SDK sends and
// answers with Stripe-shaped JSON from fixtures/stripe, so the adapter is tested against the real SDK
// without a network.
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/stripe/${name}.json`, import.meta.url), 'utf8'));

const SECRET_KEY = 'sk_test_51TradeNestFakeKeyForTheLocalFakeOnly';
const WEBHOOK_SECRET = 'whsec_tradenest_test_signing_secret';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}
interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

let server: Server;
let apiBase: string;
let requests: Recorded[] = [];
/** Answers for the next requests, in order, before the default routes. */
let queued: Reply[] = [];

function defaultReply(method: string, path: string): Reply {
  const route = `${method} ${path}`;
  const ok = (body: unknown): Reply => ({ status: 200, body });
  if (route === 'POST /v1/checkout/sessions') return ok(fixture('checkout_session.open'));
  if (/^GET \/v1\/checkout\/sessions\/cs_test_a1/.test(route))
    return ok(fixture('checkout_session.complete'));
  if (/^POST \/v1\/checkout\/sessions\/[^/]+\/expire$/.test(route))
    return ok(fixture('checkout_session.expired'));
  if (/^GET \/v1\/checkout\/sessions\/cs_test_b2/.test(route)) return ok(fixture('checkout_session.expired'));
  if (route === 'POST /v1/accounts') return ok(fixture('account'));
  if (/^GET \/v1\/accounts\/acct_/.test(route)) return ok(fixture('account.enabled'));
  if (route === 'POST /v1/account_links') return ok(fixture('account_link'));
  if (route === 'POST /v1/transfers') return ok(fixture('transfer'));
  if (route === 'POST /v1/refunds') return ok(fixture('refund'));
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
    },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void buffer(req).then((raw) => {
      const url = new URL(req.url!, 'http://fake');
      requests.push({
        method: req.method!,
        path: url.pathname,
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))),
      });
      const reply = queued.shift() ?? defaultReply(req.method!, url.pathname);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_fake${requests.length}`,
        'stripe-version': '2026-10-28.endive',
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
  queued = [];
});

const gateway = (over: { apiBase?: string; maxNetworkRetries?: number; webhookSecret?: string } = {}) =>
  new StripeGateway({
    secretKey: SECRET_KEY,
    webhookSecret: over.webhookSecret ?? WEBHOOK_SECRET,
    apiBase: over.apiBase ?? apiBase,
    maxNetworkRetries: over.maxNetworkRetries ?? 0,
  });

/** The ProviderError a call fails with (fails the test if it succeeds or throws anything else). */
async function providerError(call: Promise<unknown>): Promise<ProviderError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

const only = () => {
  expect(requests).toHaveLength(1);
  return requests[0]!;
};

/** The one request sent: a POST to `path`, with the idempotency key given. */
const onlyPost = (path: string, idempotencyKey: string) => {
  const req = only();
  expect(req).toMatchObject({ method: 'POST', path });
  expect(req.headers['idempotency-key']).toBe(idempotencyKey);
  return req;
};

describe('Stripe gateway: Checkout', () => {
  const input = {
    paymentId: '0b7c6a52-3d1e-4f8a-9c2b-5e6f7a8b9c0d',
    bookingId: '6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
    amountPence: 12500,
    description: 'Replace kitchen tap',
    customerEmail: 'amelia.hughes@example.com',
    successUrl: 'http://localhost:3000/my-jobs?payment=success&session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://localhost:3000/my-jobs?payment=cancelled',
    transferGroup: 'booking_6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
    idempotencyKey: 'checkout-0b7c6a52-1',
  };

  it('creates a payment-mode session in pounds with the amount, metadata and transfer group', async () => {
    const session = await gateway().createCheckoutSession(input);

    const req = only();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.headers['idempotency-key']).toBe('checkout-0b7c6a52-1');
    expect(req.form).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '12500',
      'line_items[0][price_data][product_data][name]': 'Replace kitchen tap',
      'line_items[0][quantity]': '1',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      customer_email: 'amelia.hughes@example.com',
      client_reference_id: input.paymentId,
      'metadata[paymentId]': input.paymentId,
      'metadata[bookingId]': input.bookingId,
      'payment_intent_data[transfer_group]': input.transferGroup,
      'payment_intent_data[metadata][paymentId]': input.paymentId,
      'payment_intent_data[metadata][bookingId]': input.bookingId,
    });

    expect(session).toEqual({
      id: 'cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi#fidkdWxOYHwnPyd1blpxYHZxWjA0',
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      amountPence: 12500,
      metadata: { paymentId: input.paymentId, bookingId: input.bookingId },
    });
  });

  it('leaves the email out when the customer has none', async () => {
    await gateway().createCheckoutSession({ ...input, customerEmail: null });
    expect(only().form).not.toHaveProperty('customer_email');
  });

  it('reads a paid session, with its PaymentIntent expanded or as an id', async () => {
    const paid = await gateway().retrieveCheckoutSession('cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi');
    expect(only()).toMatchObject({
      method: 'GET',
      path: '/v1/checkout/sessions/cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi',
    });
    expect(paid).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentIntentId: 'pi_3SNq4cFk8wT3vX9y1aBcDeFg',
      url: null,
      amountPence: 12500,
    });

    queued.push({
      status: 200,
      body: { ...fixture('checkout_session.complete'), payment_intent: 'pi_3SNq4cFk8wT3vX9y1aBcDeFg' },
    });
    expect((await gateway().retrieveCheckoutSession('cs_test_a1')).paymentIntentId).toBe(
      'pi_3SNq4cFk8wT3vX9y1aBcDeFg',
    );
  });

  it("counts 'no_payment_required' as unpaid", async () => {
    queued.push({
      status: 200,
      body: { ...fixture('checkout_session.open'), payment_status: 'no_payment_required' },
    });
    expect((await gateway().retrieveCheckoutSession('cs_test_a1')).paymentStatus).toBe('unpaid');
  });

  it('expires an open session', async () => {
    const session = await gateway().expireCheckoutSession('cs_test_b2Ly0wRo3Ms8UnAq5Xd9ZcIe4Gh7Kt1Vf6Wj');
    expect(only()).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions/cs_test_b2Ly0wRo3Ms8UnAq5Xd9ZcIe4Gh7Kt1Vf6Wj/expire',
    });
    expect(session).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', url: null });
  });

  it('expiring a session that is no longer open returns it as it is', async () => {
    queued.push({ status: 400, body: fixture('error.session_not_open') });
    const session = await gateway().expireCheckoutSession('cs_test_b2Ly0wRo3Ms8UnAq5Xd9ZcIe4Gh7Kt1Vf6Wj');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/checkout/sessions/cs_test_b2Ly0wRo3Ms8UnAq5Xd9ZcIe4Gh7Kt1Vf6Wj/expire',
      'GET /v1/checkout/sessions/cs_test_b2Ly0wRo3Ms8UnAq5Xd9ZcIe4Gh7Kt1Vf6Wj',
    ]);
    expect(session.status).toBe('expired');

    // A paid one too: it can no longer be paid twice.
    queued.push({ status: 400, body: fixture('error.session_not_open') });
    expect(
      (await gateway().expireCheckoutSession('cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi')).status,
    ).toBe('complete');
  });

  it('still fails when Stripe refuses to expire a session that is open', async () => {
    queued.push(
      { status: 400, body: fixture('error.invalid_request') },
      { status: 200, body: fixture('checkout_session.open') },
    );
    const err = await providerError(gateway().expireCheckoutSession('cs_test_a1'));
    expect(err.retryable).toBe(false);
  });
});

describe('Stripe gateway: Connect Express accounts', () => {
  it('creates a GB Express account for individuals that can receive transfers', async () => {
    const account = await gateway().createConnectedAccount({
      userId: '3a9e1c7b-5d2f-4e8a-b6c0-1d2e3f4a5b6c',
      email: 'dan.okafor@example.com',
      idempotencyKey: 'connect-3a9e1c7b',
    });
    const req = onlyPost('/v1/accounts', 'connect-3a9e1c7b');
    expect(req.form).toEqual({
      type: 'express',
      country: 'GB',
      email: 'dan.okafor@example.com',
      'capabilities[transfers][requested]': 'true',
      business_type: 'individual',
      'metadata[userId]': '3a9e1c7b-5d2f-4e8a-b6c0-1d2e3f4a5b6c',
    });
    expect(account).toEqual({
      id: 'acct_1SNq6dQ2wE4rT6yU',
      chargesEnabled: false,
      payoutsEnabled: false,
      requirementsCurrentlyDue: [
        'business_profile.mcc',
        'business_profile.url',
        'external_account',
        'individual.dob.day',
        'individual.first_name',
        'individual.last_name',
        'tos_acceptance.date',
        'tos_acceptance.ip',
      ],
    });
  });

  it('reads an onboarded account', async () => {
    expect(await gateway().retrieveConnectedAccount('acct_1SNq6dQ2wE4rT6yU')).toEqual({
      id: 'acct_1SNq6dQ2wE4rT6yU',
      chargesEnabled: true,
      payoutsEnabled: true,
      requirementsCurrentlyDue: [],
    });
    expect(only()).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1SNq6dQ2wE4rT6yU' });
  });

  it('makes an onboarding link', async () => {
    const link = await gateway().createAccountLink({
      accountId: 'acct_1SNq6dQ2wE4rT6yU',
      type: 'account_onboarding',
      refreshUrl: 'http://localhost:3000/tradesperson/setup?step=4&connect=refresh',
      returnUrl: 'http://localhost:3000/tradesperson/setup?step=4&connect=return',
    });
    expect(only()).toMatchObject({
      method: 'POST',
      path: '/v1/account_links',
      form: {
        account: 'acct_1SNq6dQ2wE4rT6yU',
        type: 'account_onboarding',
        refresh_url: 'http://localhost:3000/tradesperson/setup?step=4&connect=refresh',
        return_url: 'http://localhost:3000/tradesperson/setup?step=4&connect=return',
      },
    });
    expect(link).toEqual({
      url: 'https://connect.stripe.com/setup/e/acct_1SNq6dQ2wE4rT6yU/Qm9vdHN0cmFwT25ib2FyZGluZ0xpbms',
    });
  });
});

describe('Stripe gateway: transfers and refunds', () => {
  const transfer = {
    amountPence: 11250,
    destinationAccountId: 'acct_1SNq6dQ2wE4rT6yU',
    transferGroup: 'booking_6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
    idempotencyKey: 'payout-9f8e7d6c',
    metadata: {
      bookingId: '6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
      payoutId: '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
    },
  };

  it('transfers pounds to the connected account in the booking’s transfer group', async () => {
    expect(await gateway().createTransfer(transfer)).toEqual({ id: 'tr_1SNq8fFk8wT3vX9yGhIjKlMn' });
    const req = onlyPost('/v1/transfers', 'payout-9f8e7d6c');
    expect(req.form).toEqual({
      amount: '11250',
      currency: 'gbp',
      destination: 'acct_1SNq6dQ2wE4rT6yU',
      transfer_group: 'booking_6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
      'metadata[bookingId]': '6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
      'metadata[payoutId]': '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a',
    });
  });

  it('refunds part of a PaymentIntent', async () => {
    const refund = await gateway().createRefund({
      paymentIntentId: 'pi_3SNq4cFk8wT3vX9y1aBcDeFg',
      amountPence: 5000,
      idempotencyKey: 'refund-0b7c6a52-1',
      metadata: { paymentId: '0b7c6a52-3d1e-4f8a-9c2b-5e6f7a8b9c0d', reason: 'Work not finished' },
    });
    expect(refund).toEqual({ id: 're_3SNq4cFk8wT3vX9y1QrStUvW' });
    const req = onlyPost('/v1/refunds', 'refund-0b7c6a52-1');
    expect(req.form).toEqual({
      payment_intent: 'pi_3SNq4cFk8wT3vX9y1aBcDeFg',
      amount: '5000',
      'metadata[paymentId]': '0b7c6a52-3d1e-4f8a-9c2b-5e6f7a8b9c0d',
      'metadata[reason]': 'Work not finished',
    });
  });

  it('retries a 500 itself with the same idempotency key', async () => {
    queued.push({ status: 500, body: fixture('error.api_error') });
    expect(await gateway({ maxNetworkRetries: 1 }).createTransfer(transfer)).toEqual({
      id: 'tr_1SNq8fFk8wT3vX9yGhIjKlMn',
    });
    expect(requests.map((r) => r.headers['idempotency-key'])).toEqual(['payout-9f8e7d6c', 'payout-9f8e7d6c']);
  });
});

describe('Stripe gateway: errors', () => {
  const refund = {
    paymentIntentId: 'pi_3SNq4cFk8wT3vX9y1aBcDeFg',
    amountPence: 5000,
    idempotencyKey: 'refund-0b7c6a52-1',
    metadata: {},
  };

  it('a 500 from Stripe is worth retrying', async () => {
    queued.push({ status: 500, body: fixture('error.api_error') });
    const err = await providerError(gateway().createRefund(refund));
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('An unknown error occurred');
    expect(err.message).toContain('req_fake1');
  });

  it('a 500 that Stripe says not to retry is final', async () => {
    queued.push({
      status: 500,
      body: fixture('error.api_error'),
      headers: { 'stripe-should-retry': 'false' },
    });
    expect((await providerError(gateway().createRefund(refund))).retryable).toBe(false);
  });

  it('a rate limit is worth retrying', async () => {
    queued.push({ status: 429, body: fixture('error.rate_limit') });
    expect((await providerError(gateway().createRefund(refund))).retryable).toBe(true);
  });

  it('an invalid request is final', async () => {
    queued.push({ status: 400, body: fixture('error.invalid_request') });
    const err = await providerError(gateway().createRefund(refund));
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(
      'Stripe refunds.create failed: Invalid integer: -5 (parameter_invalid_integer, request req_fake1)',
    );
  });

  it('a transfer before the charge’s funds are available can be tried again later', async () => {
    queued.push({
      status: 400,
      body: {
        error: {
          code: 'balance_insufficient',
          message: 'You have insufficient available funds in your Stripe account.',
          type: 'invalid_request_error',
        },
      },
    });
    const err = await providerError(
      gateway().createTransfer({
        amountPence: 11250,
        destinationAccountId: 'acct_1SNq6dQ2wE4rT6yU',
        transferGroup: 'booking_6d1f0e2a-8b3c-4d5e-9f60-7a8b9c0d1e2f',
        idempotencyKey: 'payout-9f8e7d6c',
        metadata: {},
      }),
    );
    expect(err.retryable).toBe(true);
  });

  it('a card decline is final', async () => {
    queued.push({ status: 402, body: fixture('error.card_declined') });
    expect((await providerError(gateway().createRefund(refund))).retryable).toBe(false);
  });

  it('Stripe out of reach is worth retrying', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const err = await providerError(
      gateway({ apiBase: `http://127.0.0.1:${port}` }).retrieveConnectedAccount('acct_1SNq6dQ2wE4rT6yU'),
    );
    expect(err.retryable).toBe(true);
  });

  it('never repeats the secret key, even when Stripe quotes it', async () => {
    queued.push({
      status: 401,
      body: { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET_KEY}` } },
    });
    const err = await providerError(gateway().retrieveConnectedAccount('acct_1'));
    expect(err.retryable).toBe(false);
    expect(err.message).not.toContain(SECRET_KEY);
    expect(err.message).not.toContain('sk_test_');

    queued.push({ status: 401, body: fixture('error.authentication') });
    expect((await providerError(gateway().retrieveConnectedAccount('acct_1'))).message).not.toContain(
      'sk_test_',
    );
  });
});

describe('Stripe gateway: webhooks', () => {
  const signer = new Stripe('sk_test_signer_only');
  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
    });
  const eventOf = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({
      ...fixture('event.checkout.session.completed'),
      id: `evt_${type}`,
      type,
      data: { object },
    });

  it('accepts a signed event and says which object it is about', () => {
    const body = JSON.stringify(fixture('event.checkout.session.completed'));
    expect(gateway().parseWebhook(Buffer.from(body), sign(body))).toEqual({
      id: 'evt_1SNq4dFk8wT3vX9yAbCdEfGh',
      type: 'checkout.session.completed',
      object: { kind: 'checkout_session', id: 'cs_test_a1Kx9vQn2Lr7TmZp4Wc8YbHd3Fg6Js0Ue5Vi' },
    });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['checkout.session.expired', 'checkout_session', 'checkout_session.expired'],
    ['checkout.session.async_payment_succeeded', 'checkout_session', 'checkout_session.complete'],
    ['checkout.session.async_payment_failed', 'checkout_session', 'checkout_session.open'],
    ['account.updated', 'account', 'account.enabled'],
    ['transfer.created', 'transfer', 'transfer'],
    ['transfer.reversed', 'transfer', 'transfer'],
    ['charge.refund.updated', 'refund', 'refund'],
    ['refund.updated', 'refund', 'refund'],
    ['refund.failed', 'refund', 'refund'],
  ])('maps %s to a %s', (type, kind, objectFixture) => {
    const object = fixture(objectFixture);
    const body = eventOf(type, object);
    expect(gateway().parseWebhook(Buffer.from(body), sign(body))).toEqual({
      id: `evt_${type}`,
      type,
      object: { kind, id: object.id },
    });
  });

  it('maps any other event to other, keeping its object id', () => {
    const charge = {
      id: 'ch_3SNq4cFk8wT3vX9y1hIjKlMn',
      object: 'charge',
      amount_refunded: 5000,
      refunded: false,
    };
    const body = eventOf('charge.refunded', charge);
    expect(gateway().parseWebhook(Buffer.from(body), sign(body)).object).toEqual({
      kind: 'other',
      id: 'ch_3SNq4cFk8wT3vX9y1hIjKlMn',
    });
  });

  it('refuses a tampered body', () => {
    const body = JSON.stringify(fixture('event.checkout.session.completed'));
    const header = sign(body);
    const tampered = body.replace('"paid"', '"unpaid"');
    expect(tampered).not.toBe(body);
    expect(() => gateway().parseWebhook(Buffer.from(tampered), header)).toThrow(WebhookSignatureError);
  });

  it('refuses a signature made with another secret', () => {
    const body = JSON.stringify(fixture('event.checkout.session.completed'));
    expect(() =>
      gateway().parseWebhook(Buffer.from(body), sign(body, { secret: 'whsec_someone_else' })),
    ).toThrow(WebhookSignatureError);
  });

  it('refuses a missing or malformed header', () => {
    const body = Buffer.from(JSON.stringify(fixture('event.checkout.session.completed')));
    expect(() => gateway().parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => gateway().parseWebhook(body, '')).toThrow(WebhookSignatureError);
    expect(() => gateway().parseWebhook(body, 't=abc,v1=def')).toThrow(WebhookSignatureError);
  });

  it('refuses a signature older than five minutes (a replay)', () => {
    const body = JSON.stringify(fixture('event.checkout.session.completed'));
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    expect(() => gateway().parseWebhook(Buffer.from(body), sign(body, { timestamp: sixMinutesAgo }))).toThrow(
      WebhookSignatureError,
    );
    // The same event signed now is fine: only the age was wrong.
    expect(gateway().parseWebhook(Buffer.from(body), sign(body)).type).toBe('checkout.session.completed');
  });

  it('refuses a signed body that is not an event', () => {
    for (const body of ['{"hello":"world"}', 'not json']) {
      expect(() => gateway().parseWebhook(Buffer.from(body), sign(body))).toThrow(WebhookSignatureError);
    }
  });
});

describe('stripeGateway (the factory)', () => {
  it('builds a Stripe gateway from the payments settings', async () => {
    const built = stripeGateway({
      provider: 'stripe',
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      apiBase,
      protectionWindowDays: 7,
      sandboxWebhookSecret: 'whsec_sandbox_tradenest_local_only',
    });
    expect(built.provider).toBe('stripe');
    expect((await built.retrieveConnectedAccount('acct_1SNq6dQ2wE4rT6yU')).payoutsEnabled).toBe(true);
    expect(only().headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });
});

describe('Stripe gateway: saved cards and their charges (milestones)', () => {
  const setupIntent = (over: Record<string, unknown>) => ({
    id: 'seti_1SQm',
    object: 'setup_intent',
    client_secret: 'seti_1SQm_secret_abc',
    customer: 'cus_TdQm1',
    last_setup_error: null,
    ...over,
  });
  const intent = (over: Record<string, unknown>) => ({
    id: 'pi_3SQmA1Fk8wT3vX9y0MiLeStn',
    object: 'payment_intent',
    amount: 20000,
    currency: 'gbp',
    client_secret: 'pi_3SQmA1Fk8wT3vX9y0MiLeStn_secret_x1',
    metadata: { paymentId: 'p-1', milestoneId: 'm-1' },
    next_action: null,
    last_payment_error: null,
    status: 'succeeded',
    ...over,
  });
  const charge = {
    customerId: 'cus_TdQm1',
    paymentMethodId: 'pm_1SQm9',
    amountPence: 20000,
    description: "Milestone payment for 'Refit a bathroom'",
    returnUrl: 'http://localhost:3000/booking-milestones/b-1?milestone=m-1',
    transferGroup: 'booking-b-1',
    metadata: { paymentId: 'p-1', bookingId: 'b-1', milestoneId: 'm-1' },
    idempotencyKey: 'milestone-charge-p-1',
  };

  it('creates the customer once per user and a setup intent for charges with the customer present', async () => {
    queued.push({ status: 200, body: { id: 'cus_TdQm1', object: 'customer' } });
    queued.push({ status: 200, body: setupIntent({ status: 'requires_payment_method' }) });
    const customer = await gateway().createCustomer({
      userId: 'u-1',
      email: 'amelia.hughes@example.com',
      idempotencyKey: 'customer-u-1',
    });
    const setup = await gateway().createSetupIntent({
      customerId: customer.id,
      returnUrl: 'http://localhost:3000/payment-methods',
      idempotencyKey: 'setup-1',
    });
    expect(requests.map((r) => [r.method, r.path, r.headers['idempotency-key']])).toEqual([
      ['POST', '/v1/customers', 'customer-u-1'],
      ['POST', '/v1/setup_intents', 'setup-1'],
    ]);
    expect(requests[0]!.form).toEqual({ email: 'amelia.hughes@example.com', 'metadata[userId]': 'u-1' });
    expect(requests[1]!.form).toEqual({ customer: 'cus_TdQm1', usage: 'on_session' });
    expect(setup).toMatchObject({
      id: 'seti_1SQm',
      clientSecret: 'seti_1SQm_secret_abc',
      status: 'requires_payment_method',
    });
  });

  it('reads a succeeded setup intent with its card', async () => {
    queued.push({
      status: 200,
      body: setupIntent({
        status: 'succeeded',
        payment_method: {
          id: 'pm_1SQm9',
          object: 'payment_method',
          card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 },
        },
      }),
    });
    const setup = await gateway().retrieveSetupIntent('seti_1SQm');
    expect(only()).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_1SQm' });
    expect(setup).toMatchObject({
      status: 'succeeded',
      customerId: 'cus_TdQm1',
      card: { id: 'pm_1SQm9', brand: 'visa', last4: '3184', expMonth: 12, expYear: 2034 },
    });
  });

  it('charges a saved card, confirmed at once with a return URL for the bank', async () => {
    queued.push({ status: 200, body: intent({}) });
    const paid = await gateway().chargeSavedCard(charge);
    const req = onlyPost('/v1/payment_intents', 'milestone-charge-p-1');
    expect(req.form).toMatchObject({
      amount: '20000',
      currency: 'gbp',
      customer: 'cus_TdQm1',
      payment_method: 'pm_1SQm9',
      confirm: 'true',
      return_url: charge.returnUrl,
      transfer_group: 'booking-b-1',
      'metadata[paymentId]': 'p-1',
    });
    expect(paid).toMatchObject({ status: 'succeeded', actionUrl: null, amountPence: 20000 });
  });

  it("says when the bank asks for authentication, with the bank's page", async () => {
    queued.push({
      status: 200,
      body: intent({
        status: 'requires_action',
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/x' },
        },
      }),
    });
    expect(await gateway().chargeSavedCard(charge)).toMatchObject({
      status: 'requires_action',
      actionUrl: 'https://hooks.stripe.com/3d_secure_2/x',
      clientSecret: 'pi_3SQmA1Fk8wT3vX9y0MiLeStn_secret_x1',
    });
    queued.push({
      status: 200,
      body: intent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } }),
    });
    expect(await gateway().retrievePaymentIntent('pi_3SQmA1Fk8wT3vX9y0MiLeStn')).toMatchObject({
      status: 'requires_action',
      actionUrl: null,
    });
  });

  it('answers a decline as a failed intent with the bank’s words, not as an outage', async () => {
    queued.push({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          message: 'Your card was declined.',
          payment_intent: intent({ status: 'requires_payment_method' }),
        },
      },
    });
    expect(await gateway().chargeSavedCard(charge)).toMatchObject({
      id: 'pi_3SQmA1Fk8wT3vX9y0MiLeStn',
      status: 'failed',
      lastError: 'Your card was declined.',
    });
  });

  it('detaching a card Stripe no longer has counts as done', async () => {
    queued.push({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message:
            'The payment method you provided is not attached to a customer so detachment is impossible.',
        },
      },
    });
    await gateway().detachPaymentMethod('pm_1SQm9');
    expect(only()).toMatchObject({ method: 'POST', path: '/v1/payment_methods/pm_1SQm9/detach' });
  });
});
