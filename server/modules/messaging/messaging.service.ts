import { randomUUID } from 'node:crypto';
import { CONVERSATIONS_PAGE_SIZE } from '../../../domain/messaging/api';
import { MESSAGING_MESSAGES, PREVIEW_LENGTH } from '../../../domain/messaging/schemas';
import type { EventBus } from '../../adapters/event-bus';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { jobForConversation, mayTalkAboutJob } from '../marketplace';
import {
  type ConversationListRow,
  type ConversationRow,
  conversationForSender,
  conversationsOf,
  createConversation,
  findConversation,
  findConversationBetween,
  findMessage,
  findPerson,
  insertRecordedMessage,
  type MessageViewRow,
  markRead,
  messagesPageForMember,
  participantsOf,
  unreadTotal,
} from './messaging.repository';

export interface MessagingDeps {
  db: Database;
  bus: EventBus;
  /** Where use cases record what happened, in their own transaction (decision 0013). */
  events: EventOutbox;
}

const notFound = () => AppError.notFound(MESSAGING_MESSAGES.notFound);

/** A message as each of the given users sees it, for their live streams; none if it is not in that conversation. */
export async function messageForStreams(db: Database, conversationId: string, messageId: string) {
  const message = await findMessage(db, messageId);
  if (!message || message.conversationId !== conversationId) return null;
  return (viewerId: string) => messageView(message, viewerId);
}

export function messageView(m: MessageViewRow, viewerId: string) {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    mine: m.senderId === viewerId,
    content: m.content,
    read: m.read,
    createdAt: m.createdAt.toISOString(),
  };
}

function summaryView(row: ConversationListRow, viewerId: string) {
  return {
    id: row.id,
    other: row.other,
    job: row.jobId && row.jobTitle ? { id: row.jobId, title: row.jobTitle } : null,
    lastMessage: row.last
      ? {
          content:
            row.last.content.length > PREVIEW_LENGTH
              ? `${row.last.content.slice(0, PREVIEW_LENGTH - 1)}…`
              : row.last.content,
          mine: row.last.senderId === viewerId,
          createdAt: row.last.createdAt.toISOString(),
        }
      : null,
    unreadCount: row.unreadCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The conversation if this user takes part in it; anyone else gets the same 404 as for no conversation. */
async function ownConversation(deps: MessagingDeps, auth: AuthContext, id: string): Promise<ConversationRow> {
  const conversation = await findConversation(deps.db, id);
  if (!conversation || !participantsOf(conversation).includes(auth.user.id)) throw notFound();
  return conversation;
}

async function summaryOf(deps: MessagingDeps, auth: AuthContext, id: string) {
  const [row] = await conversationsOf(deps.db, auth.user.id, { ids: [id], limit: 1 });
  if (!row) throw notFound();
  return summaryView(row, auth.user.id);
}

/** Finds the conversation of the two users, or creates it about a job that allows it. */
export async function startConversation(
  deps: MessagingDeps,
  auth: AuthContext,
  input: { userId: string; jobId?: string | undefined },
) {
  const me = auth.user.id;
  if (input.userId === me) throw AppError.validation(MESSAGING_MESSAGES.self);
  // Every refusal below is the same 404 as for an unknown id: a different answer for a real person one
  // may not write to would tell anyone with an account which user ids exist (DOMAIN-RULES 2).
  const other = await findPerson(deps.db, input.userId);
  if (!other?.active) throw notFound();

  const existing = await findConversationBetween(deps.db, me, other.id);
  if (existing) return { conversation: await summaryOf(deps, auth, existing.id), created: false };

  let jobId = input.jobId ?? null;
  if (jobId) {
    if (!(await mayTalkAboutJob(deps.db, auth, jobId, other.id))) throw notFound();
  } else {
    jobId = await jobForConversation(deps.db, auth, other);
  }
  if (!jobId) throw notFound();

  const { conversation, created } = await createConversation(deps.db, {
    participantOneId: me,
    participantTwoId: other.id,
    jobId,
  });
  return { conversation: await summaryOf(deps, auth, conversation.id), created };
}

const CONVERSATIONS_PAGE = CONVERSATIONS_PAGE_SIZE;

export async function listConversations(deps: MessagingDeps, auth: AuthContext, cursor?: string) {
  const after = decodeCursor(cursor);
  const rows = await conversationsOf(deps.db, auth.user.id, {
    cursor: after ? { updatedAt: after.at, id: after.id } : null,
    limit: CONVERSATIONS_PAGE + 1,
  });
  const page = rows.slice(0, CONVERSATIONS_PAGE);
  const last = page.at(-1);
  return {
    conversations: page.map((r) => summaryView(r, auth.user.id)),
    nextCursor: rows.length > CONVERSATIONS_PAGE && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}

export async function getConversation(deps: MessagingDeps, auth: AuthContext, id: string) {
  await ownConversation(deps, auth, id);
  return summaryOf(deps, auth, id);
}

export async function countUnread(deps: MessagingDeps, auth: AuthContext) {
  return unreadTotal(deps.db, auth.user.id);
}

export async function listMessages(
  deps: MessagingDeps,
  auth: AuthContext,
  id: string,
  query: { before?: string | undefined; limit: number },
) {
  const before = decodeCursor(query.before);
  // The membership check is part of the page's statement: anyone who takes no part in the
  // conversation gets the same 404 as for no conversation (ownConversation).
  const rows = await messagesPageForMember(deps.db, id, auth.user.id, {
    before: before ? { createdAt: before.at, id: before.id } : null,
    limit: query.limit + 1,
  });
  if (!rows) throw notFound();
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1);
  return {
    messages: page.map((m) => messageView(m, auth.user.id)),
    nextCursor: rows.length > query.limit && oldest ? encodeCursor(oldest.createdAt, oldest.id) : null,
  };
}

export async function sendMessage(deps: MessagingDeps, auth: AuthContext, id: string, content: string) {
  // The hot path of real time (bench/README.md): one lookup, then one statement that writes the
  // message, its conversation's order and its event together.
  const conversation = await conversationForSender(deps.db, id, auth.user.id);
  if (!conversation) throw notFound();
  // The conversation stays readable after the other person's account is deleted or suspended, but
  // nothing more can be sent to someone who will never read it.
  if (!conversation.otherActive) throw AppError.conflict('recipient_inactive', MESSAGING_MESSAGES.otherLeft);
  const otherId = participantsOf(conversation).find((p) => p !== auth.user.id)!;
  // Chosen here so that the event, written in the same statement, can name the message.
  const messageId = randomUUID();
  const message = await insertRecordedMessage(
    deps.db,
    { id: messageId, conversationId: conversation.id, senderId: auth.user.id, content },
    deps.events.recordInStatement({
      type: 'message.sent',
      actorId: auth.user.id,
      payload: { conversationId: conversation.id, messageId, senderId: auth.user.id, recipientId: otherId },
    }),
  );
  // The event is recorded, not dispatched (no consumer reacts to it: server/queue/outbox.ts), so there
  // is no dispatcher to wake. The bubble goes out straight away, never waited for (decision 0011).
  deps.bus.publish({
    type: 'message',
    conversationId: conversation.id,
    messageId: message.id,
    userIds: participantsOf(conversation),
  });
  return messageView(message, auth.user.id);
}

/** Opening a conversation marks the other side's messages read (DOMAIN-RULES 7). */
export async function readConversation(deps: MessagingDeps, auth: AuthContext, id: string) {
  const conversation = await ownConversation(deps, auth, id);
  const read = await markRead(deps.db, conversation.id, auth.user.id);
  if (read > 0) {
    deps.bus.publish({
      type: 'read',
      conversationId: conversation.id,
      readerId: auth.user.id,
      userIds: participantsOf(conversation),
    });
  }
  return read;
}
