// Shapes the admin API answers with (docs/api/admin.md, domain/admin/api.ts), for component tests.
import type { AdminOverview, AdminUserDetail, AdminUserSummary } from '@domain/admin/api';
import type { AdminPaymentView } from '@domain/payments/api';
import type { AdminReportedReview, ReviewReportsResponse } from '@domain/reviews/api';
import { makeAdminDocument } from '@/features/verification/test-fixtures';

export const TRADESPERSON_ID = '00000000-0000-4000-8000-000000000002';
export const ADMIN_ID = '00000000-0000-4000-8000-000000000009';

export function makeOverview(overrides: Partial<AdminOverview['counts']> = {}): AdminOverview {
  const weeks = Array.from({ length: 12 }, (_, i) => {
    const monday = new Date(Date.UTC(2026, 8, 7 + i * 7));
    return {
      weekStart: monday.toISOString().slice(0, 10),
      signUps: i + 1,
      jobsPosted: i * 2,
      paidPence: i * 10_000,
    };
  });
  return {
    counts: {
      pendingVerifications: 3,
      openDisputes: 1,
      reportedReviews: 2,
      users: 1234,
      heldPence: 123_450,
      heldPayments: 4,
      ...overrides,
    },
    weeks,
  };
}

export function makeUserSummary(overrides: Partial<AdminUserSummary> = {}): AdminUserSummary {
  return {
    id: TRADESPERSON_ID,
    email: 'tom@example.com',
    fullName: 'Tom Pipes',
    userType: 'tradesperson',
    isAdmin: false,
    verified: true,
    suspendedAt: null,
    deletedAt: null,
    createdAt: '2026-01-10T10:00:00Z',
    lastSignInAt: '2026-11-20T18:30:00Z',
    ...overrides,
  };
}

export function makeUserDetail(
  user: Partial<AdminUserDetail['user']> = {},
  rest: Partial<Omit<AdminUserDetail, 'user'>> = {},
): AdminUserDetail {
  return {
    user: {
      ...makeUserSummary(),
      trade: 'Plumber',
      postcode: 'M1 1AE',
      suspensionReason: null,
      ...user,
    },
    jobs: [],
    bookings: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        jobId: '10000000-0000-4000-8000-000000000001',
        jobTitle: 'Fix a leaking tap',
        status: 'completed',
        otherParty: 'Ann Smith',
        amountPence: 24_999,
        createdAt: '2026-10-01T12:00:00Z',
      },
    ],
    documents: [makeAdminDocument({ status: 'approved', reviewedAt: '2026-11-03T10:00:00Z' })],
    sessions: [
      {
        createdAt: '2026-11-20T18:30:00Z',
        lastSeenAt: '2026-11-21T08:00:00Z',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (iPhone)',
      },
    ],
    audit: [
      {
        id: 1,
        at: '2026-11-03T10:00:00Z',
        action: 'document.approved',
        actorId: ADMIN_ID,
        actorName: 'Ada Admin',
        entityType: 'document',
        entityId: '40000000-0000-4000-8000-000000000001',
        before: { status: 'pending', version: 3, verified: false },
        after: { status: 'approved', version: 4, verified: false },
        reason: null,
      },
    ],
    ...rest,
  };
}

export function makeAdminPayment(overrides: Partial<AdminPaymentView> = {}): AdminPaymentView {
  return {
    id: '50000000-0000-4000-8000-000000000001',
    bookingId: '30000000-0000-4000-8000-000000000001',
    status: 'succeeded',
    amountPence: 40_000,
    feePence: 6_000,
    refundedPence: 0,
    releasedPence: 0,
    heldPence: 40_000,
    heldUntil: '2026-12-01T00:00:00Z',
    releasedAt: null,
    paidAt: '2026-11-17T09:00:00Z',
    frozen: false,
    canRelease: false,
    jobId: '10000000-0000-4000-8000-000000000001',
    jobTitle: 'Fix a leaking tap',
    customerId: '00000000-0000-4000-8000-000000000001',
    customerName: 'Ann Smith',
    tradespersonId: TRADESPERSON_ID,
    tradespersonName: 'Tom Pipes',
    createdAt: '2026-11-17T08:55:00Z',
    ...overrides,
  };
}

export const REVIEW_ID = '60000000-0000-4000-8000-000000000001';

export function makeReportedReview(overrides: Partial<AdminReportedReview> = {}): AdminReportedReview {
  return {
    id: REVIEW_ID,
    bookingId: '30000000-0000-4000-8000-000000000001',
    job: { id: '10000000-0000-4000-8000-000000000001', title: 'Fix a leaking tap' },
    rating: 1,
    comment: 'Useless, and rude with it.',
    reply: 'I was never rude.',
    createdAt: '2026-11-10T09:00:00Z',
    status: 'published',
    hiddenReason: null,
    reviewer: { id: '00000000-0000-4000-8000-000000000001', name: 'Ann Smith', userType: 'customer' },
    reviewee: { id: TRADESPERSON_ID, name: 'Tom Pipes', userType: 'tradesperson' },
    reports: [
      {
        id: '70000000-0000-4000-8000-000000000001',
        reason: 'abusive',
        details: 'Calls me names.',
        createdAt: '2026-11-12T10:30:00Z',
        reporter: { id: TRADESPERSON_ID, name: 'Tom Pipes' },
        outcome: null,
        decidedAt: null,
      },
    ],
    ...overrides,
  };
}

export function makeReviewReports(
  reviews: AdminReportedReview[],
  openCount = reviews.length,
): ReviewReportsResponse {
  return { reviews, openCount };
}
