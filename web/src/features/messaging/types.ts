// Shapes of docs/api/messaging.md. The server is their source of truth; these only describe the JSON.

export type Person = {
  id: string;
  fullName: string | null;
  userType: 'customer' | 'tradesperson';
  /** Tradespeople only. */
  trade: string | null;
  /** Uploaded picture; null means the generated one at /api/v1/avatars/{id}.svg. */
  avatarUrl: string | null;
};

export type Message = {
  id: string;
  conversationId: string;
  senderId: string;
  /** Sent by the signed-in user. */
  mine: boolean;
  /** Plain text: render as text, never as HTML. */
  content: string;
  /** The recipient has opened the conversation since it arrived. */
  read: boolean;
  createdAt: string;
};

export type ConversationSummary = {
  id: string;
  other: Person;
  job: { id: string; title: string } | null;
  /** `content` is cut to 140 characters by the server. */
  lastMessage: { content: string; mine: boolean; createdAt: string } | null;
  unreadCount: number;
  updatedAt: string;
};

export type ConversationsPage = { conversations: ConversationSummary[]; nextCursor: string | null };

/** Newest first; `nextCursor` fetches older messages. */
export type MessagesPage = { messages: Message[]; nextCursor: string | null };

/** Server-Sent Events payloads on /api/v1/events. */
export type MessageEventData = { message: Message };
export type ReadEventData = { conversationId: string; readerId: string };
