// Shapes the changes API answers with (domain/changes/api.ts), for component tests.
import type { BookingChangesResponse, ChangeView } from '@domain/changes/api';
import { CUSTOMER_ID, TRADESPERSON_ID } from '@/test/fixtures';

export const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
export const changeId = (n: number) => `c0000000-0000-4000-8000-00000000000${n}`;
export const CARD_ID = 'a0000000-0000-4000-8000-000000000001';
export const OTHER_CARD_ID = 'a0000000-0000-4000-8000-000000000002';

export const TOM = { id: TRADESPERSON_ID, name: 'Tom Pipes', role: 'tradesperson' as const };
export const ANN = { id: CUSTOMER_ID, name: 'Ann Smith', role: 'customer' as const };

/** Tom's proposal to raise Ann's booking by £40, waiting for Ann (who may accept or decline it). */
export function makeChange(overrides: Partial<ChangeView> = {}): ChangeView {
  return {
    id: changeId(1),
    bookingId: BOOKING_ID,
    status: 'proposed',
    direction: 'increase',
    amountPence: 4_000,
    description: 'Replace a rotten joist found under the kitchen floor',
    breakdown: null,
    proposedBy: TOM,
    proposedAt: '2026-12-03T10:00:00.000Z',
    decidedAt: null,
    declineReason: null,
    settlement: null,
    amountBefore: null,
    amountAfter: null,
    photos: [],
    payment: null,
    viewer: { canAccept: true, canDecline: true, canWithdraw: false, canPay: false },
    ...overrides,
  };
}

/** Ann's booking of Tom for £250 with no change yet. */
export function makeChanges(overrides: Partial<BookingChangesResponse> = {}): BookingChangesResponse {
  return {
    agreedAmountPence: 25_000,
    changes: [],
    timeline: [
      { at: '2026-12-01T09:00:00.000Z', kind: 'agreed', amountPence: 25_000, description: 'Quote accepted' },
    ],
    canPropose: true,
    cannotProposeReason: null,
    ...overrides,
  };
}

export const changesReply = (view: BookingChangesResponse, status = 200) => ({ status, body: view });

export const changeReply = (change: ChangeView) => ({ status: 200, body: { change } });

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
  publishableKey: string | null = null,
) => ({ status: 200, body: { paymentMethods, provider: 'sandbox', publishableKey } });
