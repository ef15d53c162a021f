// Shapes the support API answers with (docs/api/support.md), for component tests.
import type { AdminSupportConversationView, InboxItem, SupportConversationView } from '@domain/support/api';
import type { SupportMessageView } from './api';

export const SUPPORT_ID = '50000000-0000-4000-8000-000000000001';
export const ADMIN_ID = '00000000-0000-4000-8000-000000000009';
export const PERSON_ID = '00000000-0000-4000-8000-000000000001';

let next = 0;
export function makeSupportMessage(overrides: Partial<SupportMessageView> = {}): SupportMessageView {
  next += 1;
  return {
    id: `60000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    author: 'user',
    authorName: 'Ann Smith',
    body: 'My payment has not arrived',
    createdAt: '2026-11-20T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

export function makeSupportConversation(
  overrides: Partial<SupportConversationView> = {},
): SupportConversationView {
  return {
    id: SUPPORT_ID,
    subject: 'Payment question',
    status: 'open',
    origin: 'chat',
    lastMessage: 'My payment has not arrived',
    unread: 0,
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    messages: [makeSupportMessage()],
    transcript: null,
    disputeId: null,
    ...overrides,
  };
}

export function makeInboxItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: SUPPORT_ID,
    subject: 'Payment question',
    status: 'open',
    origin: 'chat',
    lastMessage: 'My payment has not arrived',
    unread: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    person: { userId: PERSON_ID, name: 'Ann Smith', email: 'ann@example.com' },
    assignedAdmin: null,
    waitingMinutes: 25,
    ...overrides,
  };
}

export function makeAdminConversation(
  overrides: Partial<AdminSupportConversationView> = {},
): AdminSupportConversationView {
  return {
    ...makeInboxItem(),
    messages: [
      { ...makeSupportMessage(), kind: 'message' },
      {
        ...makeSupportMessage({
          author: 'staff',
          authorName: 'Ada',
          body: 'Checked the ledger: it is held.',
        }),
        kind: 'note',
      },
    ],
    transcript: null,
    transcriptConsentedAt: null,
    disputeId: null,
    firstResponseAt: null,
    closedAt: null,
    links: {
      bookings: [
        {
          id: '30000000-0000-4000-8000-000000000001',
          jobId: '10000000-0000-4000-8000-000000000001',
          jobTitle: 'Fix the boiler',
          status: 'completed',
          amountPence: 25_000,
        },
      ],
      payments: [
        {
          id: '70000000-0000-4000-8000-000000000001',
          bookingId: '30000000-0000-4000-8000-000000000001',
          status: 'held',
          amountPence: 25_000,
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
      disputes: [],
    },
    ...overrides,
  };
}
