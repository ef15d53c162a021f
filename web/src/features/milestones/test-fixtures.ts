// Shapes the milestones API answers with (domain/milestones/api.ts), for component tests.
import type {
  BookingMilestonesView,
  MilestoneView,
  PaymentMethodView,
  PlanView,
} from '@domain/milestones/api';
import { JOB_ID } from '@/test/fixtures';

export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
export const PLAN_ID = '90000000-0000-4000-8000-000000000001';
export const milestoneId = (n: number) => `80000000-0000-4000-8000-00000000000${n}`;
export const CARD_ID = 'a0000000-0000-4000-8000-000000000001';
export const OTHER_CARD_ID = 'a0000000-0000-4000-8000-000000000002';

export function makeMilestone(overrides: Partial<MilestoneView> = {}): MilestoneView {
  return {
    id: milestoneId(1),
    index: 0,
    title: 'First fix',
    description: 'Pipes and cables in place',
    amountPence: 40_000,
    platformFeePence: 6_000,
    dueDate: '2030-06-20',
    status: 'pending',
    paidAt: null,
    doneAt: null,
    releaseDueAt: null,
    releasedAt: null,
    lastError: null,
    awaitingAuthentication: false,
    canPay: true,
    canMarkDone: false,
    canApprove: false,
    ...overrides,
  };
}

export function makePlan(overrides: Partial<PlanView> = {}): PlanView {
  return {
    id: PLAN_ID,
    status: 'proposed',
    proposedAt: '2026-12-01T10:00:00.000Z',
    decidedAt: null,
    declineReason: null,
    revision: false,
    milestones: [
      {
        index: 0,
        title: 'First fix',
        description: null,
        amountPence: 40_000,
        platformFeePence: 6_000,
        dueDate: '2030-06-20',
      },
      {
        index: 1,
        title: 'Second fix',
        description: null,
        amountPence: 83_450,
        platformFeePence: 12_518,
        dueDate: '2030-07-20',
      },
    ],
    ...overrides,
  };
}

/** Ann's booking of Tom for £1,234.50, as Ann sees it, with no plan yet. */
export function makeView(overrides: Partial<BookingMilestonesView> = {}): BookingMilestonesView {
  return {
    bookingId: BOOKING_ID,
    jobId: JOB_ID,
    jobTitle: 'Rewire the kitchen',
    bookingStatus: 'confirmed',
    bookingAmountPence: 123_450,
    viewer: 'customer',
    customerName: 'Ann Smith',
    tradespersonName: 'Tom Pipes',
    plan: null,
    proposal: null,
    declined: null,
    milestones: [],
    totals: { totalPence: 0, paidPence: 0, remainingPence: 0 },
    frozen: false,
    canPropose: false,
    proposeBlockedReason: null,
    ...overrides,
  };
}

export function makeCard(overrides: Partial<PaymentMethodView> = {}): PaymentMethodView {
  return {
    id: CARD_ID,
    brand: 'visa',
    last4: '4242',
    expMonth: 4,
    expYear: 2030,
    isDefault: true,
    expired: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export const cardsReply = (paymentMethods: PaymentMethodView[] = [makeCard()]) => ({
  status: 200,
  body: { paymentMethods, provider: 'sandbox', publishableKey: null },
});

export const viewReply = (milestones: BookingMilestonesView, status = 200) => ({
  status,
  body: { milestones },
});
