import type {
  AdminSupportConversationView,
  InboxItem,
  PersonLinks,
  StaffMessageView,
  SupportConversationSummary,
  SupportConversationView,
  SupportMessageView,
} from '../../../domain/support/api';
import type {
  SupportAuthor,
  SupportMessageKind,
  SupportOrigin,
  SupportStatus,
} from '../../../domain/support/rules';
import type {
  InboxListRow,
  InboxRow,
  MessageWithName,
  SummaryListRow,
  SummaryRow,
} from './support.repository';

// Rows into the API's shapes. The person's presenters have no field for notes, the assigned admin or
// the person links, so nothing internal can reach them even from a row that carries it.

const iso = (d: Date | null) => d?.toISOString() ?? null;
const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

export function summaryView(row: SummaryListRow): SupportConversationSummary {
  const c = row.conversation;
  return {
    id: c.id,
    subject: c.subject,
    status: c.status as SupportStatus,
    origin: c.origin as SupportOrigin,
    lastMessage: row.lastMessage,
    unread: row.unread,
    updatedAt: c.updatedAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

/** A message as the person sees it: never a note (the caller reads none), staff by first name. */
export function personMessageView(msg: MessageWithName): SupportMessageView {
  if (msg.kind !== 'message') throw new Error('a note must never be presented to the person');
  return {
    id: msg.id,
    author: msg.author as SupportAuthor,
    authorName: msg.author === 'staff' ? firstName(msg.authorName) : msg.authorName,
    body: msg.body,
    createdAt: msg.createdAt.toISOString(),
    readAt: iso(msg.readAt),
  };
}

export function personConversationView(
  row: SummaryRow,
  messages: MessageWithName[],
): SupportConversationView {
  return {
    ...summaryView(row),
    messages: messages.filter((msg) => msg.kind === 'message').map(personMessageView),
    transcript: row.conversation.transcript ?? null,
    disputeId: row.conversation.disputeId,
  };
}

export function staffMessageView(msg: MessageWithName): StaffMessageView {
  return {
    id: msg.id,
    author: msg.author as SupportAuthor,
    authorName: msg.author === 'staff' ? firstName(msg.authorName) : msg.authorName,
    body: msg.body,
    createdAt: msg.createdAt.toISOString(),
    readAt: iso(msg.readAt),
    kind: msg.kind as SupportMessageKind,
  };
}

/** Minutes the person has waited for a first answer: open and never answered, else null. */
function waitingMinutes(c: InboxListRow['conversation'], now: Date): number | null {
  if (c.status !== 'open' || c.firstResponseAt) return null;
  return Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / 60_000));
}

export function inboxItemView(row: InboxListRow, now: Date): InboxItem {
  const c = row.conversation;
  return {
    ...summaryView(row),
    person: { userId: c.userId, name: row.personName, email: row.personEmail },
    assignedAdmin:
      c.assignedAdminId === null
        ? null
        : { id: c.assignedAdminId, name: row.adminName?.trim() || 'An admin' },
    waitingMinutes: waitingMinutes(c, now),
  };
}

export function adminConversationView(
  row: InboxRow,
  messages: MessageWithName[],
  links: PersonLinks | null,
  now: Date,
): AdminSupportConversationView {
  const c = row.conversation;
  return {
    ...inboxItemView(row, now),
    messages: messages.map(staffMessageView),
    transcript: c.transcript ?? null,
    transcriptConsentedAt: iso(c.transcriptConsentedAt),
    disputeId: c.disputeId,
    firstResponseAt: iso(c.firstResponseAt),
    closedAt: iso(c.closedAt),
    links,
  };
}

/** The repository's link rows, with their timestamps as the API writes them. */
export function linksView(links: {
  bookings: PersonLinks['bookings'];
  payments: (Omit<PersonLinks['payments'][number], 'createdAt'> & { createdAt: Date })[];
  disputes: PersonLinks['disputes'];
}): PersonLinks {
  return {
    bookings: links.bookings.map((b) => ({ ...b, amountPence: Number(b.amountPence ?? 0) })),
    payments: links.payments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    disputes: links.disputes,
  };
}
