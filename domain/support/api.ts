import { z } from 'zod';
import { Cursor, Email, Id, PersonName, Text, Timestamp } from '../fields';
import { SUPPORT_MESSAGES as M } from './messages';
import {
  SUPPORT_LIMITS as L,
  SUPPORT_AUTHORS,
  SUPPORT_INBOX_VIEWS,
  SUPPORT_MESSAGE_KINDS,
  SUPPORT_ORIGINS,
  SUPPORT_STATUSES,
} from './rules';

// The support API contract (docs/api/support.md). The person's routes never carry internal notes;
// the admin routes (under /admin/support) do. The server validates and serializes with these.

const messageText = z
  .string({ error: M.messageEmpty })
  .trim()
  .min(1, M.messageEmpty)
  .max(L.messageMax, M.messageLong);

// ---- The person's side ----

/** Open a conversation (or write into the one already open: a person has at most one open). */
export const OpenSupportBody = z.object({
  message: messageText,
  subject: z.string().trim().max(L.subjectMax, M.subjectLong).optional(),
  /** A booking the question is about (one of the person's own; anything else is ignored). */
  bookingId: z.uuid().optional(),
});

export const SupportMessageBody = z.object({ message: messageText });

/** One turn of the assistant conversation handed over. */
export const TranscriptTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(L.messageMax),
});

/** 'Talk to support' from the assistant: the transcript goes with the person's explicit consent. */
export const HandoverBody = z.object({
  transcript: z.array(TranscriptTurn).min(1).max(L.transcriptTurnsMax),
  consent: z.literal(true, { error: M.consentRequired }),
  message: messageText.optional(),
});

/** A guest's message: no session. `website` is a honeypot field people never see or fill. */
export const GuestSupportBody = z.object({
  email: z.email(M.emailInvalid).max(254, M.emailInvalid),
  name: z.string().trim().max(100).optional(),
  message: messageText,
  website: z.string().max(200).optional(),
});
export const GuestSupportResponse = z.object({ message: z.string().max(200) });

export const SupportMessageView = z.object({
  id: Id,
  author: z.enum(SUPPORT_AUTHORS),
  /** The staff member's first name for support's messages; the person's name for theirs. */
  authorName: PersonName.nullable(),
  body: z.string().max(L.messageMax),
  createdAt: Timestamp,
  /** For the person's view: support's message was read by them. For staff: the person's was read by staff. */
  readAt: Timestamp.nullable(),
});
export type SupportMessageView = z.infer<typeof SupportMessageView>;

export const SupportConversationSummary = z.object({
  id: Id,
  subject: z.string().max(L.subjectMax),
  status: z.enum(SUPPORT_STATUSES),
  origin: z.enum(SUPPORT_ORIGINS),
  lastMessage: z.string().max(L.messageMax).nullable(),
  unread: z.number().int(),
  updatedAt: Timestamp,
  createdAt: Timestamp,
});
export type SupportConversationSummary = z.infer<typeof SupportConversationSummary>;

/** The person's view of one conversation: messages only, never notes, never who is assigned. */
export const SupportConversationView = SupportConversationSummary.extend({
  messages: z.array(SupportMessageView).max(2000),
  /** The assistant transcript they agreed to share, as it was handed over. */
  transcript: z.array(TranscriptTurn).max(L.transcriptTurnsMax).nullable(),
  disputeId: Id.nullable(),
});
export type SupportConversationView = z.infer<typeof SupportConversationView>;

export const SupportConversationsResponse = z.object({
  conversations: z.array(SupportConversationSummary).max(200),
});

// ---- The support team's side (admins) ----

export const InboxQuery = z.object({
  view: z.enum(SUPPORT_INBOX_VIEWS).default('unassigned'),
  cursor: Cursor.optional(),
});

export const StaffMessageBody = z.object({
  body: messageText,
  /** A note is internal: the person never sees it, in any route or event. */
  kind: z.enum(SUPPORT_MESSAGE_KINDS).default('message'),
});

/** Assign to an admin (by default the one asking); null leaves it unassigned. */
export const AssignBody = z.object({ adminId: z.uuid().nullable().optional() });

export const CannedReplyBody = z.object({
  title: z
    .string({ error: M.cannedTitleEmpty })
    .trim()
    .min(1, M.cannedTitleEmpty)
    .max(L.cannedTitleMax, M.cannedTitleLong),
  body: messageText,
});
export const CannedReplyView = z.object({
  id: Id,
  title: z.string().max(L.cannedTitleMax),
  body: z.string().max(L.messageMax),
});
export const CannedRepliesResponse = z.object({ replies: z.array(CannedReplyView).max(500) });

/** Turn a conversation into a dispute the person raises about one of their bookings. */
export const ConvertToDisputeBody = z.object({
  bookingId: z.uuid(M.noBooking),
  reason: z.string().trim().min(1).max(100),
  description: z.string().trim().min(1).max(2000),
});
export const ConvertToDisputeResponse = z.object({ disputeId: Id });

export const StaffMessageView = SupportMessageView.extend({ kind: z.enum(SUPPORT_MESSAGE_KINDS) });

export const InboxItem = SupportConversationSummary.extend({
  person: z.object({ userId: Id.nullable(), name: PersonName.nullable(), email: Email.nullable() }),
  assignedAdmin: z.object({ id: Id, name: PersonName }).nullable(),
  /** Minutes the person has waited for a first answer (open and never answered), else null. */
  waitingMinutes: z.number().int().nullable(),
});
export type InboxItem = z.infer<typeof InboxItem>;

export const InboxResponse = z.object({
  conversations: z.array(InboxItem).max(100),
  nextCursor: Cursor.nullable(),
  counts: z.object({
    unassigned: z.number().int(),
    mine: z.number().int(),
    waiting: z.number().int(),
    closed: z.number().int(),
  }),
});

/** What the admin may open from a conversation: the person's account and their money and disputes. */
export const PersonLinks = z.object({
  bookings: z
    .array(
      z.object({
        id: Id,
        jobId: Id,
        jobTitle: Text,
        status: Text,
        amountPence: z.number().int(),
      }),
    )
    .max(50),
  payments: z
    .array(
      z.object({
        id: Id,
        bookingId: Id,
        status: Text,
        amountPence: z.number().int(),
        createdAt: Timestamp,
      }),
    )
    .max(50),
  disputes: z.array(z.object({ id: Id, bookingId: Id, status: Text, reason: Text })).max(50),
});

export const AdminSupportConversationView = InboxItem.extend({
  messages: z.array(StaffMessageView).max(2000),
  transcript: z.array(TranscriptTurn).max(L.transcriptTurnsMax).nullable(),
  transcriptConsentedAt: Timestamp.nullable(),
  disputeId: Id.nullable(),
  firstResponseAt: Timestamp.nullable(),
  closedAt: Timestamp.nullable(),
  links: PersonLinks.nullable(),
});
export type AdminSupportConversationView = z.infer<typeof AdminSupportConversationView>;

/** First response and resolution times per week (UK weeks, Monday first), for the admin overview. */
export const SupportMetricsResponse = z.object({
  weeks: z
    .array(
      z.object({
        weekStart: z.iso.date(),
        opened: z.number().int(),
        /** Median minutes from opening to support's first message; null when none was answered. */
        medianFirstResponseMinutes: z.number().nullable(),
        closed: z.number().int(),
        /** Median hours from opening to closing of the conversations closed that week. */
        medianResolutionHours: z.number().nullable(),
      }),
    )
    .max(53),
});
export type SupportMetricsResponse = z.infer<typeof SupportMetricsResponse>;

export type StaffMessageView = z.infer<typeof StaffMessageView>;
export type CannedReplyView = z.infer<typeof CannedReplyView>;
export type PersonLinks = z.infer<typeof PersonLinks>;
export type InboxResponse = z.infer<typeof InboxResponse>;
