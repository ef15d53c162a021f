// Shapes the admin disputes API answers with (domain/disputes/api.ts), for component tests.
import type { AdminDisputeDetail, AdminDisputeSummary } from '@domain/disputes/api';
import { TRADESPERSON_ID } from './test-fixtures';

export const DISPUTE_ID = '80000000-0000-4000-8000-000000000001';
export const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';

/** The clock the tests set: 12:00 on 20 Nov 2026 (UK time is UTC then). */
export const NOW = new Date('2026-11-20T12:00:00Z');

const customer = { id: CUSTOMER_ID, name: 'Ann Smith', role: 'customer' as const };
const tradesperson = { id: TRADESPERSON_ID, name: 'Tom Pipes', role: 'tradesperson' as const };

export function makeDisputeSummary(overrides: Partial<AdminDisputeSummary> = {}): AdminDisputeSummary {
  return {
    id: DISPUTE_ID,
    bookingId: '30000000-0000-4000-8000-000000000001',
    job: { id: '10000000-0000-4000-8000-000000000001', title: 'Fix a leaking tap' },
    status: 'awaiting_response',
    reason: 'Poor quality of work',
    raisedBy: customer,
    respondent: tradesperson,
    createdAt: '2026-11-17T09:00:00Z',
    responseDueAt: '2026-11-24T09:00:00Z',
    heldPence: 40_000,
    resolution: null,
    resolvedAt: null,
    customer,
    tradesperson,
    bookingAmountPence: 40_000,
    ...overrides,
  };
}

export function makeDisputeDetail(overrides: Partial<AdminDisputeDetail> = {}): AdminDisputeDetail {
  return {
    ...makeDisputeSummary(),
    status: 'under_review',
    responseDueAt: '2026-11-24T09:00:00Z',
    description: 'The tap still leaks and the cupboard under the sink is soaked.',
    viewerRole: 'admin',
    notifiedAt: '2026-11-17T09:00:00Z',
    response: 'I replaced the washer; the leak is from a different pipe.',
    respondedAt: '2026-11-18T15:30:00Z',
    reviewStartedAt: '2026-11-18T15:30:00Z',
    resolutionNote: null,
    refundPence: null,
    releasePence: null,
    canRespond: false,
    canAdd: true,
    evidence: [
      {
        id: '90000000-0000-4000-8000-000000000001',
        kind: 'photo',
        text: 'Water under the sink',
        photoUrl: '/api/v1/files/disputes/leak.jpg',
        width: 1600,
        height: 1200,
        author: { id: CUSTOMER_ID, name: 'Ann Smith', role: 'customer' },
        createdAt: '2026-11-17T09:05:00Z',
      },
      {
        id: '90000000-0000-4000-8000-000000000002',
        kind: 'text',
        text: 'The new washer is the right size; see the invoice.',
        photoUrl: null,
        width: null,
        height: null,
        author: { id: TRADESPERSON_ID, name: 'Tom Pipes', role: 'tradesperson' },
        createdAt: '2026-11-18T15:40:00Z',
      },
    ],
    messages: [
      {
        id: 'a0000000-0000-4000-8000-000000000001',
        author: { id: CUSTOMER_ID, name: 'Ann Smith', role: 'customer' },
        body: 'Can someone look at this soon?',
        createdAt: '2026-11-19T08:00:00Z',
      },
    ],
    booking: {
      id: '30000000-0000-4000-8000-000000000001',
      status: 'disputed',
      amountPence: 40_000,
      depositPaid: true,
      scheduledDate: '2026-11-10',
      completedAt: '2026-11-12T17:00:00Z',
      createdAt: '2026-11-01T10:00:00Z',
    },
    conversation: [
      {
        id: 'b0000000-0000-4000-8000-000000000001',
        senderId: CUSTOMER_ID,
        senderName: 'Ann Smith',
        content: 'Could you come on Tuesday?',
        createdAt: '2026-11-05T10:00:00Z',
      },
      {
        id: 'b0000000-0000-4000-8000-000000000002',
        senderId: TRADESPERSON_ID,
        senderName: 'Tom Pipes',
        content: 'Tuesday at 9 works.',
        createdAt: '2026-11-05T11:00:00Z',
      },
    ],
    payments: [
      {
        id: '50000000-0000-4000-8000-000000000001',
        status: 'succeeded',
        amountPence: 40_000,
        refundedPence: 0,
        releasedPence: 0,
        heldPence: 40_000,
        paidAt: '2026-11-13T09:00:00Z',
      },
    ],
    resolvedBy: null,
    moneyTimeline: [
      { kind: 'paid', at: '2026-11-13T09:00:00Z', amountPence: 40_000, label: 'Paid £400.00' },
      { kind: 'held', at: '2026-11-13T09:00:00Z', amountPence: 40_000, label: 'Held until 20 Nov 2026' },
    ],
    ...overrides,
  };
}
