import { z } from 'zod';
import { TRADES } from '../catalog/catalog';
import { Cursor, catalogString, Id, JobTitle, MessageContent, PersonName, Text, Timestamp } from '../fields';

// The messaging API contract (docs/api/messaging.md): the server validates and serializes with these
// schemas, and the web imports their types only. Request bodies are in ./schemas.

export const MessageView = z.object({
  id: Id,
  conversationId: Id,
  senderId: Id,
  /** Sent by the signed-in user. */
  mine: z.boolean(),
  /** Plain text: render as text, never as HTML. */
  content: MessageContent,
  /** The recipient has opened the conversation since it arrived. */
  read: z.boolean(),
  createdAt: Timestamp,
});
export type MessageView = z.infer<typeof MessageView>;

/** The other side of a conversation. */
export const ConversationPersonView = z.object({
  id: Id,
  fullName: PersonName.nullable(),
  userType: z.enum(['customer', 'tradesperson']),
  /** Tradespeople only. */
  trade: catalogString(TRADES).nullable(),
  /** Uploaded picture; null means the generated one at /api/v1/avatars/{id}.svg. */
  avatarUrl: Text.nullable(),
});
export type ConversationPersonView = z.infer<typeof ConversationPersonView>;

export const ConversationView = z.object({
  id: Id,
  other: ConversationPersonView,
  job: z.object({ id: Id, title: JobTitle }).nullable(),
  /** `content` is cut to 140 characters. */
  lastMessage: z.object({ content: MessageContent, mine: z.boolean(), createdAt: Timestamp }).nullable(),
  unreadCount: z.number().int(),
  updatedAt: Timestamp,
});
export type ConversationView = z.infer<typeof ConversationView>;

export const ConversationResponse = z.object({ conversation: ConversationView });
export type ConversationResponse = z.infer<typeof ConversationResponse>;

export const ConversationsQuery = z.object({ cursor: z.string().max(200).optional() });
/** Conversations a page holds, and the most messages a page may ask for. */
export const CONVERSATIONS_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;

export const ConversationsPage = z.object({
  conversations: z.array(ConversationView).max(CONVERSATIONS_PAGE_SIZE),
  nextCursor: Cursor.nullable(),
});
export type ConversationsPage = z.infer<typeof ConversationsPage>;

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MessagesQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(30),
});
/** Newest first; `nextCursor` fetches older messages. */
export const MessagesPage = z.object({
  messages: z.array(MessageView).max(MESSAGES_PAGE_MAX),
  nextCursor: Cursor.nullable(),
});
export type MessagesPage = z.infer<typeof MessagesPage>;

export const MessageResponse = z.object({ message: MessageView });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ReadCount = z.object({ read: z.number().int() });
export type ReadCount = z.infer<typeof ReadCount>;

/** Server-Sent Events on GET /api/v1/events: `message` and `read` carry these. */
export type MessageEventData = MessageResponse;
export type ReadEventData = { conversationId: string; readerId: string };
