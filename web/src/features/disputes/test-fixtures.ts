// Shapes the disputes API answers with (domain/disputes/api.ts), for component tests.
import type { DisputeDetail, DisputeSummary } from '@domain/disputes/api';
import { CUSTOMER_ID, JOB_ID, TRADESPERSON_ID } from '@/test/fixtures';

export const DISPUTE_ID = '70000000-0000-4000-8000-000000000001';
export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
export const ADMIN_ID = '00000000-0000-4000-8000-000000000009';

export const ann = { id: CUSTOMER_ID, name: 'Ann Smith', role: 'customer' as const };
export const tom = { id: TRADESPERSON_ID, name: 'Tom Pipes', role: 'tradesperson' as const };

/** Ann's dispute about Tom's work, waiting for his response (due 8 Dec 2026, 10:00 London time). */
export function makeDisputeSummary(overrides: Partial<DisputeSummary> = {}): DisputeSummary {
  return {
    id: DISPUTE_ID,
    bookingId: BOOKING_ID,
    job: { id: JOB_ID, title: 'Fix a leaking tap' },
    status: 'awaiting_response',
    reason: 'Poor quality of work',
    raisedBy: ann,
    respondent: tom,
    createdAt: '2026-12-01T10:00:00.000Z',
    responseDueAt: '2026-12-08T10:00:00.000Z',
    heldPence: 123_450,
    resolution: null,
    resolvedAt: null,
    ...overrides,
  };
}

export function makeDispute(overrides: Partial<DisputeDetail> = {}): DisputeDetail {
  return {
    ...makeDisputeSummary(),
    description: 'The tap still drips after the repair and the cabinet underneath is soaked.',
    viewerRole: 'customer',
    notifiedAt: '2026-12-01T10:00:00.000Z',
    response: null,
    respondedAt: null,
    reviewStartedAt: null,
    resolutionNote: null,
    refundPence: null,
    releasePence: null,
    canRespond: false,
    canAdd: true,
    evidence: [],
    messages: [],
    ...overrides,
  };
}

export const disputeReply = (dispute: DisputeDetail, status = 200) => ({ status, body: { dispute } });
