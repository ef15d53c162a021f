// Real ids from the demo data (and a fresh checkout and payout set-up) for the layout checks that open
// every route: the phone-fit and layout-shift journeys.

import type { BrowserTestContext } from './browser';
import { completedJobThroughApi, ok, signUpThroughApi } from './journeys';

/** The roles a screen is opened as; 'disputer' is a seeded customer who raised a dispute. */
export type Who = 'visitor' | 'customer' | 'tradesperson' | 'admin' | 'disputer';

const DEMO_PASSWORD = 'tradenest-demo';

export async function demoIds(ctx: BrowserTestContext) {
  const customer = await ctx.newPage();
  await ok(
    await customer.request.post('/api/v1/auth/sign-in', {
      data: { email: 'customer@tradenest.demo', password: DEMO_PASSWORD },
    }),
    200,
  );
  const { jobs } = await ok<{ jobs: { id: string; booking: { id: string } | null }[] }>(
    await customer.request.get('/api/v1/jobs/mine?tab=all'),
    200,
  );
  const booked = jobs.find((job) => job.booking) ?? jobs[0]!;
  const { conversations } = await ok<{ conversations: { id: string }[] }>(
    await customer.request.get('/api/v1/conversations'),
    200,
  );
  const { tradespeople } = await ok<{ tradespeople: { id: string }[] }>(
    await customer.request.get('/api/v1/tradespeople/featured'),
    200,
  );

  const admin = await ctx.newPage();
  await ok(
    await admin.request.post('/api/v1/auth/sign-in', {
      data: { email: 'admin@tradenest.demo', password: DEMO_PASSWORD },
    }),
    200,
  );
  const { users } = await ok<{ users: { id: string }[] }>(
    await admin.request.get('/api/v1/admin/users'),
    200,
  );
  const { disputes } = await ok<{ disputes: { id: string; raisedBy: { id: string } }[] }>(
    await admin.request.get('/api/v1/admin/disputes'),
    200,
  );
  const dispute = disputes[0]!;
  const { user: disputer } = await ok<{ user: { email: string } }>(
    await admin.request.get(`/api/v1/admin/users/${dispute.raisedBy.id}`),
    200,
  );

  // The sandbox's hosted pages need a checkout and a payout set-up of their own: made for new accounts,
  // so the demo accounts' data stays as the other journeys expect it.
  const { customer: payer, bookingId } = await completedJobThroughApi(() => ctx.newPage(), {
    title: `Layout check ${Date.now()}`,
    description: 'The bathroom extractor fan rattles and needs replacing with a quieter one.',
    price: '150.00',
    customerName: 'Pat Payer',
  });
  const { sessionId } = await ok<{ sessionId: string }>(
    await payer.request.post('/api/v1/payments/create-payment', { data: { bookingId } }),
    200,
  );
  const trades = await ctx.newPage();
  await signUpThroughApi(trades, { fullName: 'Lou Layout', userType: 'tradesperson' });
  await ok(await trades.request.post('/api/v1/payments/connect/account'), 200);
  const { url } = await ok<{ url: string }>(
    await trades.request.post('/api/v1/payments/connect/onboarding-link', {
      data: { type: 'account_onboarding' },
    }),
    200,
  );

  return {
    jobId: booked.id,
    bookingId: booked.booking?.id ?? '',
    conversationId: conversations[0]!.id,
    tradespersonId: tradespeople[0]!.id,
    userId: users[0]!.id,
    disputeId: dispute.id,
    disputerEmail: disputer.email,
    checkoutId: sessionId,
    onboardingId: new URL(url).pathname.split('/').pop()!,
  };
}
