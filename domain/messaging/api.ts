import { z } from 'zod';

// The messaging API contract (docs/api/messaging.md): the server validates and serializes with these
// schemas, and the web imports their types only. Request bodies are in ./schemas.

export const MessageView = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** Sent by the signed-in user. */
  mine: z.boolean(),
  /** Plain text: render as text, never as HTML. */
  content: z.string(),
  /** The recipient has opened the conversation since it arrived. */
  read: z.boolean(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof MessageView>;

/** The other side of a conversation. */
export const ConversationPersonView = z.object({
  id: z.string(),
  fullName: z.string().nullable(),
  userType: z.enum(['customer', 'tradesperson']),
  /** Tradespeople only. */
  trade: z.string().nullable(),
  /** Uploaded picture; null means the generated one at /api/v1/avatars/{id}.svg. */
  avatarUrl: z.string().nullable(),
});
export type ConversationPersonView = z.infer<typeof ConversationPersonView>;

export const ConversationView = z.object({
  id: z.string(),
  other: ConversationPersonView,
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** `content` is cut to 140 characters. */
  lastMessage: z.object({ content: z.string(), mine: z.boolean(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
export type ConversationView = z.infer<typeof ConversationView>;

export const ConversationResponse = z.object({ conversation: ConversationView });
export type ConversationResponse = z.infer<typeof ConversationResponse>;

export const ConversationsQuery = z.object({ cursor: z.string().max(200).optional() });
export const ConversationsPage = z.object({
  conversations: z.array(ConversationView),
  nextCursor: z.string().nullable(),
});
export type ConversationsPage = z.infer<typeof ConversationsPage>;

export const UnreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MessagesQuery = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
/** Newest first; `nextCursor` fetches older messages. */
export const MessagesPage = z.object({ messages: z.array(MessageView), nextCursor: z.string().nullable() });
export type MessagesPage = z.infer<typeof MessagesPage>;

export const MessageResponse = z.object({ message: MessageView });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const ReadCount = z.object({ read: z.number().int() });
export type ReadCount = z.infer<typeof ReadCount>;

/** Server-Sent Events on GET /api/v1/events: `message` and `read` carry these. */
export type MessageEventData = MessageResponse;
export type ReadEventData = { conversationId: string; readerId: string };
