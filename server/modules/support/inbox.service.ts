import type { z } from 'zod';
import type {
  AdminSupportConversationView,
  AssignBody,
  CannedReplyBody,
  CannedReplyView,
  ConvertToDisputeBody,
  InboxQuery,
  InboxResponse,
  StaffMessageBody,
  StaffMessageView,
  SupportMetricsResponse,
} from '../../../domain/support/api';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import { AppError } from '../../lib/app-error';
import { violates } from '../../lib/db-errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import { raiseDisputeWithin } from '../disputes';
import { enqueueEmail } from '../notifications';
import { guestReplyEmail } from './emails';
import { adminConversationView, inboxItemView, linksView, staffMessageView } from './support.presenters';
import {
  cannedReplies,
  deleteCanned,
  findCanned,
  findConversation,
  inboxPage,
  inboxRow,
  insertCanned,
  insertMessage,
  isLiveAdmin,
  isPartyOfBooking,
  markRead,
  messagesOf,
  personLinks,
  staffFirstName,
  updateCanned,
  updateConversation,
  weeklyMetrics,
} from './support.repository';
import { announce, conversationNotFound, type SupportDeps, setClosed, supportState } from './support.service';

// The support team's side (/admin/support, admins only: the routes answer everyone else 404).

const INBOX_PAGE = 50;
const TITLE_UNIQUE = 'support_canned_replies_title_unique';

export async function inbox(
  deps: SupportDeps,
  auth: AuthContext,
  query: z.infer<typeof InboxQuery>,
): Promise<z.infer<typeof InboxResponse>> {
  const adminId = auth.user.id;
  const { rows, counts } = await inboxPage(deps.db, {
    view: query.view,
    adminId,
    after: decodeCursor(query.cursor),
    limit: INBOX_PAGE + 1,
  });
  const page = rows.slice(0, INBOX_PAGE);
  const last = page.at(-1)?.conversation;
  const now = deps.clock.now();
  return {
    conversations: page.map((row) => inboxItemView(row, now)),
    nextCursor: rows.length > INBOX_PAGE && last ? encodeCursor(last.updatedAt, last.id) : null,
    counts,
  };
}

export async function adminConversation(
  deps: SupportDeps,
  id: string,
): Promise<AdminSupportConversationView> {
  const row = await inboxRow(deps.db, id);
  if (!row) throw conversationNotFound();
  const userId = row.conversation.userId;
  const [messages, links] = await Promise.all([
    messagesOf(deps.db, id, { withNotes: true }),
    userId ? personLinks(deps.db, userId).then(linksView) : null,
  ]);
  return adminConversationView(row, messages, links, deps.clock.now());
}

/**
 * A staff message or an internal note. A message records `support.replied` (the person is notified,
 * and emailed if it stays unread; a guest is emailed now), sets the first-response time once and
 * leaves the conversation waiting for the person. A note records nothing the person could ever hear
 * of: no event, no email, no change of status.
 */
export async function staffMessage(
  deps: SupportDeps,
  auth: AuthContext,
  id: string,
  body: z.infer<typeof StaffMessageBody>,
): Promise<StaffMessageView> {
  const now = deps.clock.now();
  const { message, conversation } = await deps.db.transaction(async (tx) => {
    const conversation = await findConversation(tx, id, { forUpdate: true });
    if (!conversation) throw conversationNotFound();
    // A note may still be added to a closed conversation (what was found out later); a reply may not.
    if (conversation.status === 'closed' && body.kind === 'message') throw supportState(M.closed);
    const message = await insertMessage(tx, {
      conversationId: id,
      authorId: auth.user.id,
      author: 'staff',
      kind: body.kind,
      body: body.body,
      createdAt: now,
    });
    if (body.kind === 'note') {
      await updateConversation(tx, id, { updatedAt: now });
      return { message, conversation };
    }
    await updateConversation(tx, id, {
      status: 'waiting',
      firstResponseAt: conversation.firstResponseAt ?? now,
      updatedAt: now,
    });
    await deps.events.record(tx, {
      type: 'support.replied',
      actorId: auth.user.id,
      payload: { conversationId: id, userId: conversation.userId, messageId: message.id },
    });
    if (conversation.guestEmail && !conversation.userId) {
      await enqueueEmail(
        tx,
        guestReplyEmail({
          to: conversation.guestEmail,
          guestName: conversation.guestName,
          staffName: await staffFirstName(tx, auth.user.id),
          subject: conversation.subject,
          body: body.body,
          dedupeKey: `support-guest-reply:${message.id}`,
        }),
      );
    }
    return { message, conversation };
  });
  if (body.kind === 'message') {
    deps.events.committed();
    if (conversation.guestEmail && !conversation.userId) deps.queue.wake('email.deliver');
  }
  await announce(deps, conversation, { staffOnly: body.kind === 'note' });
  return staffMessageView({ ...message, authorName: auth.user.fullName });
}

export async function staffRead(deps: SupportDeps, id: string): Promise<void> {
  const conversation = await findConversation(deps.db, id);
  if (!conversation) throw conversationNotFound();
  if ((await markRead(deps.db, id, 'staff', deps.clock.now())) > 0) await announce(deps, conversation);
}

/** Assigns to the admin named, to the one asking when none is named, or to nobody (null). */
export async function assign(
  deps: SupportDeps,
  auth: AuthContext,
  id: string,
  body: z.infer<typeof AssignBody>,
): Promise<AdminSupportConversationView> {
  const adminId = body.adminId === undefined ? auth.user.id : body.adminId;
  if (adminId !== null && !(await isLiveAdmin(deps.db, adminId))) {
    throw new AppError(422, 'not_an_admin', M.notAdmin, [{ field: 'adminId', message: M.notAdmin }]);
  }
  const conversation = await deps.db.transaction(async (tx) => {
    const found = await findConversation(tx, id, { forUpdate: true });
    if (!found) throw conversationNotFound();
    return updateConversation(tx, id, { assignedAdminId: adminId, updatedAt: deps.clock.now() });
  });
  await announce(deps, conversation);
  return adminConversation(deps, id);
}

export async function adminCloseOrReopen(
  deps: SupportDeps,
  auth: AuthContext,
  id: string,
  closed: boolean,
): Promise<AdminSupportConversationView> {
  const conversation = await deps.db.transaction(async (tx) => {
    const found = await findConversation(tx, id, { forUpdate: true });
    if (!found) throw conversationNotFound();
    await setClosed(deps, tx, found, closed, auth.user.id);
    return found;
  });
  deps.events.committed();
  await announce(deps, conversation);
  return adminConversation(deps, id);
}

/**
 * Turns the conversation into a dispute the person raises about one of their bookings: raised on
 * their behalf through the disputes module's own rules (its event, emails and money freeze), in the
 * same transaction that links the conversation to it, so a second attempt finds it linked.
 */
export async function convertToDispute(
  deps: SupportDeps,
  id: string,
  body: z.infer<typeof ConvertToDisputeBody>,
): Promise<{ disputeId: string }> {
  const now = deps.clock.now();
  const { disputeId, conversation } = await deps.db.transaction(async (tx) => {
    const conversation = await findConversation(tx, id, { forUpdate: true });
    if (!conversation) throw conversationNotFound();
    if (conversation.disputeId) throw supportState(M.alreadyDisputed);
    const personId = conversation.userId;
    if (!personId || !(await isPartyOfBooking(tx, body.bookingId, personId))) {
      throw AppError.validation(M.noBooking, [{ field: 'bookingId', message: M.noBooking }]);
    }
    const disputeId = await raiseDisputeWithin(tx, deps, personId, body, now);
    await updateConversation(tx, id, { disputeId, updatedAt: now });
    return { disputeId, conversation };
  });
  deps.events.committed();
  deps.queue.wake('disputes.send-email');
  await announce(deps, conversation);
  return { disputeId };
}

// ---- Canned replies ----

const cannedView = (row: { id: string; title: string; body: string }): CannedReplyView => ({
  id: row.id,
  title: row.title,
  body: row.body,
});

const titleTaken = () => AppError.conflict('canned_title_taken', M.cannedTitleTaken);
const cannedNotFound = () => AppError.notFound(M.cannedNotFound);

export async function listCanned(deps: SupportDeps): Promise<CannedReplyView[]> {
  return (await cannedReplies(deps.db)).map(cannedView);
}

export async function createCanned(
  deps: SupportDeps,
  auth: AuthContext,
  body: z.infer<typeof CannedReplyBody>,
): Promise<CannedReplyView> {
  const now = deps.clock.now();
  try {
    return cannedView(
      await insertCanned(deps.db, { ...body, createdBy: auth.user.id, createdAt: now, updatedAt: now }),
    );
  } catch (error) {
    if (violates(error, TITLE_UNIQUE)) throw titleTaken();
    throw error;
  }
}

export async function editCanned(
  deps: SupportDeps,
  id: string,
  body: z.infer<typeof CannedReplyBody>,
): Promise<CannedReplyView> {
  if (!(await findCanned(deps.db, id))) throw cannedNotFound();
  try {
    return cannedView(await updateCanned(deps.db, id, { ...body, updatedAt: deps.clock.now() }));
  } catch (error) {
    if (violates(error, TITLE_UNIQUE)) throw titleTaken();
    throw error;
  }
}

export async function removeCanned(deps: SupportDeps, id: string): Promise<void> {
  if (!(await deleteCanned(deps.db, id))) throw cannedNotFound();
}

// ---- Metrics ----

const oneDecimal = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 10) / 10;

export async function metrics(deps: SupportDeps, weeks: number): Promise<SupportMetricsResponse> {
  const rows = await weeklyMetrics(deps.db, deps.clock.now(), weeks);
  return {
    weeks: rows.map((r) => ({
      weekStart: String(r.week_start).slice(0, 10),
      opened: Number(r.opened),
      medianFirstResponseMinutes: oneDecimal(r.median_first_response_minutes),
      closed: Number(r.closed),
      medianResolutionHours: oneDecimal(r.median_resolution_hours),
    })),
  };
}
