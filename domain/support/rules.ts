// Support conversations (chat support, issue 39): the person's side and the support team's side of
// one thread, with internal notes only the team sees. Pure rules shared by the server and the web.

/** open: waiting for support · waiting: support answered, waiting for the person · closed. */
export const SUPPORT_STATUSES = ['open', 'waiting', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Where a conversation started: the chat page, the guest form, or a hand-over from the AI assistant. */
export const SUPPORT_ORIGINS = ['chat', 'guest', 'assistant'] as const;
export type SupportOrigin = (typeof SUPPORT_ORIGINS)[number];

/** A message the person and support both see, or a note only support sees. */
export const SUPPORT_MESSAGE_KINDS = ['message', 'note'] as const;
export type SupportMessageKind = (typeof SUPPORT_MESSAGE_KINDS)[number];

/** Who wrote a message: the person (signed in or a guest) or a member of the support team (an admin). */
export const SUPPORT_AUTHORS = ['user', 'staff'] as const;
export type SupportAuthor = (typeof SUPPORT_AUTHORS)[number];

/** The admin inbox's views. */
export const SUPPORT_INBOX_VIEWS = ['unassigned', 'mine', 'waiting', 'closed'] as const;
export type SupportInboxView = (typeof SUPPORT_INBOX_VIEWS)[number];

export const SUPPORT_LIMITS = {
  subjectMax: 120,
  messageMax: 4000,
  cannedTitleMax: 80,
  /** The assistant transcript handed over: at most this many turns, each cut to messageMax. */
  transcriptTurnsMax: 40,
  /** A guest's messages from one address (and one IP) per hour, besides the route's rate limit. */
  guestPerHour: 3,
  /** A staff reply still unread after this long is emailed to the person (settings honoured). */
  unreadEmailAfterMinutes: 10,
} as const;

/** Which inbox view a conversation belongs to, for an admin (`adminId`). */
export function inboxViewOf(
  c: { status: SupportStatus; assignedAdminId: string | null },
  adminId: string,
): SupportInboxView | null {
  if (c.status === 'closed') return 'closed';
  if (c.status === 'waiting') return 'waiting';
  if (c.assignedAdminId === null) return 'unassigned';
  return c.assignedAdminId === adminId ? 'mine' : null;
}
