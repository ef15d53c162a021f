// Shapes the messaging API answers with (docs/api/messaging.md), for component tests.
import type { ConversationPersonView, ConversationView, MessageView } from '@domain/messaging/api';
import { CUSTOMER_ID, JOB_ID, TRADESPERSON_ID } from '@/test/fixtures';

export const CONVERSATION_ID = '40000000-0000-4000-8000-000000000001';

let sequence = 0;
const nextId = () => `50000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function makePerson(overrides: Partial<ConversationPersonView> = {}): ConversationPersonView {
  return {
    id: TRADESPERSON_ID,
    fullName: 'Tom Pipes',
    userType: 'tradesperson',
    trade: 'Plumber',
    avatarUrl: null,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: CONVERSATION_ID,
    other: makePerson(),
    job: { id: JOB_ID, title: 'Fix a leaking tap' },
    lastMessage: { content: 'I can come on Monday.', mine: false, createdAt: new Date().toISOString() },
    unreadCount: 0,
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A message in CONVERSATION_ID; by default from the tradesperson to the signed-in customer. */
export function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  const mine = overrides.mine ?? false;
  return {
    id: nextId(),
    conversationId: CONVERSATION_ID,
    senderId: mine ? CUSTOMER_ID : TRADESPERSON_ID,
    mine,
    content: 'Hello',
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
