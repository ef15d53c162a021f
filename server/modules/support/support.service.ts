import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  GuestSupportBody,
  HandoverBody,
  OpenSupportBody,
  SupportConversationSummary,
  SupportConversationView,
  SupportMessageView,
} from '../../../domain/support/api';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import { SUPPORT_LIMITS, type SupportOrigin } from '../../../domain/support/rules';
import { spamReason } from '../../../domain/support/spam';
import type { EventBus } from '../../adapters/event-bus';
import type { FileStorage } from '../../adapters/storage';
import type { Config } from '../../config/config';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { violates } from '../../lib/db-errors';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import type { Queue } from '../../queue/queue';
import { personConversationView, personMessageView, summaryView } from './support.presenters';
import {
  adminIds,
  type ConversationRow,
  conversationsOfUser,
  findConversation,
  guestConversationsSince,
  insertConversation,
  insertMessage,
  isPartyOfBooking,
  markRead,
  messagesOf,
  openConversationOf,
  summaryOfConversation,
  updateConversation,
} from './support.repository';

export interface SupportDeps {
  db: Database;
  config: Config;
  clock: Clock;
  bus: EventBus;
  events: EventOutbox;
  /** For raising a dispute on the person's behalf (the disputes module's own deps). */
  queue: Queue;
  storage: FileStorage;
}

export const conversationNotFound = () => AppError.notFound(M.notFound);
export const supportState = (message: string) => AppError.conflict('support_state', message);
const ONE_OPEN = 'support_conversations_one_open_per_user';
const HOUR_MS = 3_600_000;

/**
 * Tells the open event streams of the person and of every admin that the conversation changed: ids
 * only, so the browsers refetch with their own permissions and a note never travels on the stream.
 * Called after the change committed.
 */
export async function announce(
  deps: SupportDeps,
  conversation: Pick<ConversationRow, 'id' | 'userId'>,
  { staffOnly = false } = {},
) {
  const admins = await adminIds(deps.db);
  // A note is support's alone: the person's streams are not even told that something changed.
  const person = conversation.userId && !staffOnly ? [conversation.userId] : [];
  const userIds = [...new Set([...person, ...admins])];
  if (userIds.length > 0) deps.bus.publish({ type: 'support', conversationId: conversation.id, userIds });
}

/** A subject from the first message when the person gave none: its first line, cut to fit. */
export function subjectFrom(subject: string | undefined, message: string): string {
  const given = subject?.trim();
  if (given) return given;
  const line = message.trim().split('\n')[0]!.trim();
  return line.length > SUPPORT_LIMITS.subjectMax ? `${line.slice(0, SUPPORT_LIMITS.subjectMax - 1)}…` : line;
}

/** The person's own conversation; anyone else (admins included, on this side) is told there is none. */
async function ownConversation(db: Executor, auth: AuthContext, id: string, { forUpdate = false } = {}) {
  const row = await findConversation(db, id, { forUpdate });
  if (!row || row.userId !== auth.user.id) throw conversationNotFound();
  return row;
}

async function personView(db: Executor, id: string): Promise<SupportConversationView> {
  const [row, messages] = await Promise.all([
    summaryOfConversation(db, id, 'user'),
    messagesOf(db, id, { withNotes: false }),
  ]);
  return personConversationView(row!, messages);
}

export async function listConversations(
  deps: SupportDeps,
  auth: AuthContext,
): Promise<SupportConversationSummary[]> {
  return (await conversationsOfUser(deps.db, auth.user.id)).map(summaryView);
}

export async function getConversation(deps: SupportDeps, auth: AuthContext, id: string) {
  await ownConversation(deps.db, auth, id);
  return personView(deps.db, id);
}

interface Opening {
  message: string;
  subject?: string | undefined;
  bookingId?: string | undefined;
  origin: SupportOrigin;
  transcript?: z.infer<typeof HandoverBody>['transcript'];
}

/**
 * Writes into the person's open conversation, or opens one. Two opens at once both try to insert;
 * the unique index lets one win, and the other, refused, runs again and finds it (so it writes into
 * the same conversation rather than failing).
 */
async function openOrWrite(deps: SupportDeps, auth: AuthContext, input: Opening): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction((tx) => openOrWriteIn(tx, deps, auth, input));
    } catch (error) {
      if (attempt === 0 && violates(error, ONE_OPEN)) continue;
      throw error;
    }
  }
}

async function openOrWriteIn(tx: Executor, deps: SupportDeps, auth: AuthContext, input: Opening) {
  const now = deps.clock.now();
  const me = auth.user.id;
  const transcript = input.transcript
    ? { transcript: input.transcript, transcriptConsentedAt: now, origin: input.origin }
    : {};
  let conversation = await openConversationOf(tx, me, { forUpdate: true });
  if (conversation) {
    // Written into again: it waits for support once more, with the hand-over's transcript if any.
    conversation = await updateConversation(tx, conversation.id, {
      ...transcript,
      status: 'open',
      updatedAt: now,
    });
  } else {
    const bookingId =
      input.bookingId && (await isPartyOfBooking(tx, input.bookingId, me)) ? input.bookingId : null;
    conversation = await insertConversation(tx, {
      userId: me,
      subject: subjectFrom(input.subject, input.message),
      origin: input.origin,
      status: 'open',
      bookingId,
      ...transcript,
      createdAt: now,
      updatedAt: now,
    });
  }
  await insertMessage(tx, {
    conversationId: conversation.id,
    authorId: me,
    author: 'user',
    kind: 'message',
    body: input.message,
    createdAt: now,
  });
  return conversation.id;
}

export async function openConversation(
  deps: SupportDeps,
  auth: AuthContext,
  body: z.infer<typeof OpenSupportBody>,
): Promise<SupportConversationView> {
  const id = await openOrWrite(deps, auth, { ...body, origin: 'chat' });
  await announce(deps, { id, userId: auth.user.id });
  return personView(deps.db, id);
}

/** 'Talk to support' from the assistant: the transcript goes with the consent the body carries. */
export async function handOver(
  deps: SupportDeps,
  auth: AuthContext,
  body: z.infer<typeof HandoverBody>,
): Promise<SupportConversationView> {
  const asked = body.transcript.find((turn) => turn.role === 'user')?.content;
  const id = await openOrWrite(deps, auth, {
    message: body.message ?? M.handoverMessage,
    subject: asked ? subjectFrom(undefined, `Assistant: ${asked}`) : 'From the assistant',
    origin: 'assistant',
    transcript: body.transcript,
  });
  await announce(deps, { id, userId: auth.user.id });
  return personView(deps.db, id);
}

export async function postMessage(
  deps: SupportDeps,
  auth: AuthContext,
  id: string,
  body: { message: string },
): Promise<SupportMessageView> {
  const now = deps.clock.now();
  const message = await deps.db.transaction(async (tx) => {
    const conversation = await ownConversation(tx, auth, id, { forUpdate: true });
    if (conversation.status === 'closed') throw supportState(M.closed);
    // The person wrote back: it waits for support again.
    await updateConversation(tx, id, { status: 'open', updatedAt: now });
    return insertMessage(tx, {
      conversationId: id,
      authorId: auth.user.id,
      author: 'user',
      kind: 'message',
      body: body.message,
      createdAt: now,
    });
  });
  await announce(deps, { id, userId: auth.user.id });
  return personMessageView({ ...message, authorName: auth.user.fullName });
}

export async function readConversation(deps: SupportDeps, auth: AuthContext, id: string): Promise<void> {
  await ownConversation(deps.db, auth, id);
  if ((await markRead(deps.db, id, 'user', deps.clock.now())) > 0)
    await announce(deps, { id, userId: auth.user.id });
}

/**
 * Closes or reopens a conversation, by the person or an admin (`actorId`), recording `support.closed`
 * or `support.reopened` in the same transaction: the dispatcher keeps both in the audit log.
 */
export async function setClosed(
  deps: SupportDeps,
  tx: Executor,
  conversation: ConversationRow,
  closed: boolean,
  actorId: string,
): Promise<void> {
  const now = deps.clock.now();
  if (closed && conversation.status === 'closed') throw supportState(M.alreadyClosed);
  if (!closed && conversation.status !== 'closed') throw supportState(M.notClosed);
  try {
    // A savepoint: reopening beside another open conversation is refused by the unique index.
    await tx.transaction((sp) =>
      updateConversation(sp, conversation.id, {
        status: closed ? 'closed' : 'open',
        closedAt: closed ? now : null,
        updatedAt: now,
      }),
    );
  } catch (error) {
    if (violates(error, ONE_OPEN)) throw supportState(M.anotherOpen);
    throw error;
  }
  await deps.events.record(tx, {
    type: closed ? 'support.closed' : 'support.reopened',
    actorId,
    payload: { conversationId: conversation.id, userId: conversation.userId },
  });
}

export async function closeOrReopen(
  deps: SupportDeps,
  auth: AuthContext,
  id: string,
  closed: boolean,
): Promise<SupportConversationView> {
  await deps.db.transaction(async (tx) => {
    const conversation = await ownConversation(tx, auth, id, { forUpdate: true });
    await setClosed(deps, tx, conversation, closed, auth.user.id);
  });
  deps.events.committed();
  await announce(deps, { id, userId: auth.user.id });
  return personView(deps.db, id);
}

/**
 * A guest's message: a filled honeypot is answered as if sent and stores nothing; the simple spam
 * rules refuse with 422; an address opens at most `guestPerHour` conversations an hour.
 */
export async function guestMessage(deps: SupportDeps, body: z.infer<typeof GuestSupportBody>): Promise<void> {
  if (body.website?.trim()) return;
  if (spamReason(body.message)) throw new AppError(422, 'looks_like_spam', M.spam);
  const now = deps.clock.now();
  const email = body.email.trim().toLowerCase();
  const conversation = await deps.db.transaction(async (tx) => {
    // Serialises one address's messages, so the per-hour count cannot be raced past.
    await tx.execute(sqlLock(email));
    const recent = await guestConversationsSince(tx, email, new Date(now.getTime() - HOUR_MS));
    if (recent >= SUPPORT_LIMITS.guestPerHour) throw new AppError(429, 'rate_limited', M.guestTooMany);
    const created = await insertConversation(tx, {
      guestEmail: email,
      guestName: body.name?.trim() || null,
      subject: subjectFrom(undefined, body.message),
      origin: 'guest',
      status: 'open',
      createdAt: now,
      updatedAt: now,
    });
    await insertMessage(tx, {
      conversationId: created.id,
      authorId: null,
      author: 'user',
      kind: 'message',
      body: body.message,
      createdAt: now,
    });
    return created;
  });
  await announce(deps, conversation);
}

const sqlLock = (email: string) => sql`select pg_advisory_xact_lock(hashtext(${`support-guest:${email}`}))`;
