import { z } from 'zod';

// Response shapes of docs/api/messaging.md.
export const MessageView = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  mine: z.boolean(),
  content: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});

export const ConversationView = z.object({
  id: z.string(),
  other: z.object({
    id: z.string(),
    fullName: z.string().nullable(),
    userType: z.enum(['customer', 'tradesperson']),
    trade: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  lastMessage: z.object({ content: z.string(), mine: z.boolean(), createdAt: z.string() }).nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
});
