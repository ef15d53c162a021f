// Shapes the subscriptions API answers with (domain/subscriptions/api.ts), for component tests.
import type { SubscriptionView, VisitView } from '@domain/subscriptions/api';
import { CUSTOMER_ID, TRADESPERSON_ID } from '@/test/fixtures';

export const PLAN_ID = '50000000-0000-4000-8000-000000000001';
export const VISIT_ID = '51000000-0000-4000-8000-000000000001';
export const VISIT_JOB_ID = '52000000-0000-4000-8000-000000000001';
export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
export const CARD_ID = 'a0000000-0000-4000-8000-000000000001';

/** A visit not booked yet, charged three days before its day. */
export function makeVisit(
  overrides: Partial<VisitView> = {},
  money: Partial<VisitView['money']> = {},
): VisitView {
  return {
    id: null,
    nominalDate: '2030-03-14',
    date: '2030-03-14',
    status: null,
    bookingId: null,
    jobId: null,
    bookingStatus: null,
    pricePence: 3_500,
    canSkip: false,
    ...overrides,
    money: {
      state: 'not_due',
      chargeDueOn: '2030-03-11',
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      paidAt: null,
      heldUntil: null,
      releasedAt: null,
      actionUrl: null,
      ...money,
    },
  };
}

/** A booked visit with its job, charged and held in escrow. */
export const bookedVisit = (money: Partial<VisitView['money']> = {}, overrides: Partial<VisitView> = {}) =>
  makeVisit(
    {
      id: VISIT_ID,
      status: 'booked',
      bookingId: BOOKING_ID,
      jobId: VISIT_JOB_ID,
      bookingStatus: 'confirmed',
      ...overrides,
    },
    { state: 'held', paidAt: '2030-03-11T06:00:00.000Z', heldUntil: '2030-03-21T12:00:00.000Z', ...money },
  );

/** Ann's fortnightly gardening with Tom's Gardens, seen by Ann, active. */
export function makePlan(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: PLAN_ID,
    status: 'active',
    pauseReason: null,
    role: 'customer',
    customer: { id: CUSTOMER_ID, name: 'Ann Smith' },
    tradesperson: { id: TRADESPERSON_ID, name: 'Tom Green', businessName: "Tom's Gardens" },
    requestMessage: 'Could you come back every fortnight to keep the garden tidy?',
    category: 'Gardening',
    postcode: 'M1 1AE',
    title: 'Fortnightly garden maintenance',
    description: 'Mow the lawns, trim the edges and weed the beds.',
    pricePerVisitPence: 3_500,
    frequency: 'fortnightly',
    startDate: '2030-03-14',
    pendingPricePence: null,
    card: { brand: 'visa', last4: '4242' },
    nextVisitDate: '2030-03-28',
    lastVisitDate: null,
    sourceBookingId: BOOKING_ID,
    createdAt: '2030-03-01T10:00:00.000Z',
    updatedAt: '2030-03-01T10:00:00.000Z',
    visits: [
      bookedVisit(),
      makeVisit(
        { nominalDate: '2030-03-28', date: '2030-03-28', canSkip: true },
        { chargeDueOn: '2030-03-25' },
      ),
    ],
    ...overrides,
  };
}

/** Ann's request, before Tom has proposed anything. */
export const requestedPlan = (overrides: Partial<SubscriptionView> = {}) =>
  makePlan({
    status: 'requested',
    title: null,
    description: null,
    pricePerVisitPence: null,
    frequency: null,
    startDate: null,
    card: null,
    nextVisitDate: null,
    postcode: 'M1',
    visits: [],
    ...overrides,
  });

/** Tom's proposal, waiting for Ann. */
export const proposedPlan = (overrides: Partial<SubscriptionView> = {}) =>
  makePlan({ status: 'proposed', card: null, nextVisitDate: null, postcode: 'M1', visits: [], ...overrides });

export const plansReply = (subscriptions: SubscriptionView[]) => ({ status: 200, body: { subscriptions } });
export const planReply = (plan: SubscriptionView, status = 200) => ({ status, body: plan });

export const refusal = (status: number, code: string, message: string, details?: unknown) => ({
  status,
  body: { error: { code, message, details } },
});

export const cardsReply = (
  paymentMethods = [
    {
      id: CARD_ID,
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2030,
      isDefault: true,
      expired: false,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
) => ({ status: 200, body: { paymentMethods, provider: 'sandbox', publishableKey: null } });
