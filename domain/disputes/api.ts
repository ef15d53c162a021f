import { z } from 'zod';
import { LIMITS } from '../catalog/catalog';
import { BOOKING_STATUSES, DISPUTE_RESOLUTIONS, DISPUTE_STATUSES } from '../catalog/statuses';
import { MoneyEvent } from '../payments/api';
import { DISPUTE_MESSAGES as M, DISPUTE_RULES as R } from './messages';

export {
  CUSTOMER_DISPUTE_REASONS,
  DISPUTE_MESSAGES,
  DISPUTE_RESOLUTION_LABELS,
  DISPUTE_RULES,
  DISPUTE_STATUS_LABELS,
  disputeReasonsFor,
  TRADESPERSON_DISPUTE_REASONS,
} from './messages';

import {
  CalendarDate,
  Id,
  JobTitle,
  MessageContent,
  PersonName,
  Text,
  Timestamp,
  unbounded,
} from '../fields';

// The disputes API contract (docs/api/disputes.md, DOMAIN-RULES 6 and 9). The server validates and
// serializes with these schemas; the web imports their types and uses the bodies for its forms.

const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);

// ---- Raising (spec section 5: Dispute) ----

export const RaiseDisputeBody = z.object({
  bookingId: z.uuid(),
  /** One of the raiser's reasons (customer or tradesperson list); checked against the role on the server. */
  reason: z
    .string({ error: M.reasonRequired })
    .max(LIMITS.formValueMax, M.reasonNotYours)
    .trim()
    .min(1, M.reasonRequired),
  description: text(R.descriptionMin, R.descriptionMax, M.descriptionTooShort, M.descriptionTooLong),
});
export type RaiseDisputeBody = z.input<typeof RaiseDisputeBody>;

export const RespondBody = z.object({
  response: text(R.responseMin, R.responseMax, M.responseTooShort, M.responseTooLong),
});
export type RespondBody = z.input<typeof RespondBody>;

export const DisputeMessageBody = z.object({
  body: text(1, R.messageMax, M.messageRequired, M.messageTooLong),
});
export type DisputeMessageBody = z.input<typeof DisputeMessageBody>;

export const EvidenceTextBody = z.object({
  text: text(1, R.evidenceTextMax, M.evidenceTextRequired, M.evidenceTextTooLong),
});
export type EvidenceTextBody = z.input<typeof EvidenceTextBody>;

const pence = z.number().int().min(0).max(100_000_000);

export const ResolveDisputeBody = z.object({
  resolution: z.enum(DISPUTE_RESOLUTIONS, { error: M.resolutionRequired }),
  /** For a split: the part of the held money refunded to the customer. */
  refundPence: pence.optional(),
  /** For a split: the part released to the tradesperson (the 15% fee is taken from it). */
  releasePence: pence.optional(),
  note: text(R.noteMin, R.noteMax, M.noteRequired, M.noteTooLong),
});
export type ResolveDisputeBody = z.input<typeof ResolveDisputeBody>;

// ---- What a booking shows about disputes (BookingView.dispute) ----

export const BookingDispute = z.object({
  /** The booking's latest dispute (open or resolved), for a link to its page; null when none. */
  id: Id.nullable(),
  status: z.enum(DISPUTE_STATUSES).nullable(),
  /** A party may raise one now: none is open, and the work is in progress or money is still held. */
  canRaise: z.boolean(),
});
export type BookingDispute = z.infer<typeof BookingDispute>;

// ---- Views ----

const PARTY_ROLES = ['customer', 'tradesperson'] as const;
const AUTHOR_ROLES = ['customer', 'tradesperson', 'admin'] as const;

const Party = z.object({
  id: Id,
  /** Null for a deleted account. */
  name: PersonName.nullable(),
  role: z.enum(PARTY_ROLES),
});
export type DisputeParty = z.infer<typeof Party>;

const Author = z.object({
  id: Id,
  name: PersonName.nullable(),
  /** admin: TradeNest's support team, shown as such. */
  role: z.enum(AUTHOR_ROLES),
});

export const DisputeSummary = z.object({
  id: Id,
  bookingId: Id,
  job: z.object({ id: Id, title: JobTitle }),
  status: z.enum(DISPUTE_STATUSES),
  reason: Text,
  raisedBy: Party,
  /** The booking's other party from the raiser's point of view: the one asked to respond. */
  respondent: Party,
  createdAt: Timestamp,
  /** While awaiting a response: the deadline, after which the dispute goes to review regardless. */
  responseDueAt: Timestamp.nullable(),
  /** What is frozen in escrow for the booking now, in pence. */
  heldPence: z.number().int(),
  resolution: z.enum(DISPUTE_RESOLUTIONS).nullable(),
  resolvedAt: Timestamp.nullable(),
});
export type DisputeSummary = z.infer<typeof DisputeSummary>;

export const DisputeEvidenceView = z.object({
  id: Id,
  kind: z.enum(['text', 'photo']),
  /** The statement (text), or the photo's caption (null without one). */
  text: z.string().max(R.evidenceTextMax).nullable(),
  /** For a photo: where its re-encoded image is served to the parties and admins. */
  photoUrl: Text.nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  author: Author,
  createdAt: Timestamp,
});
export type DisputeEvidenceView = z.infer<typeof DisputeEvidenceView>;

export const DisputeMessageView = z.object({
  id: Id,
  author: Author,
  body: z.string().max(R.messageMax),
  createdAt: Timestamp,
});
export type DisputeMessageView = z.infer<typeof DisputeMessageView>;

export const DisputeDetail = DisputeSummary.extend({
  description: z.string().max(R.descriptionMax),
  /** The viewer's part in it. */
  viewerRole: z.enum(AUTHOR_ROLES),
  /** When the respondent was told (the 7 days run from here). */
  notifiedAt: Timestamp.nullable(),
  response: z.string().max(R.responseMax).nullable(),
  respondedAt: Timestamp.nullable(),
  /** When it went to review: at the response, or when the deadline passed. */
  reviewStartedAt: Timestamp.nullable(),
  resolutionNote: z.string().max(R.noteMax).nullable(),
  /** After a resolution: what went back to the customer and what was released to the tradesperson. */
  refundPence: z.number().int().nullable(),
  releasePence: z.number().int().nullable(),
  /** The viewer is the respondent and the dispute still waits for their response. */
  canRespond: z.boolean(),
  /** Evidence and messages can be added until it is resolved. */
  canAdd: z.boolean(),
  evidence: unbounded(DisputeEvidenceView, 'every piece of evidence either party added'),
  messages: unbounded(DisputeMessageView, 'the whole thread of the dispute'),
});
export type DisputeDetail = z.infer<typeof DisputeDetail>;

export const DisputeResponse = z.object({ dispute: DisputeDetail });
export type DisputeResponse = z.infer<typeof DisputeResponse>;
export const DisputeListResponse = z.object({ disputes: z.array(DisputeSummary).max(R.listMax) });
export type DisputeListResponse = z.infer<typeof DisputeListResponse>;

// ---- The admin's queue and case file (/admin/disputes) ----

export const AdminDisputesQuery = z.object({
  status: z.enum(['active', 'resolved']).default('active'),
});

export const AdminDisputeSummary = DisputeSummary.extend({
  customer: Party,
  tradesperson: Party,
  bookingAmountPence: z.number().int(),
});
export type AdminDisputeSummary = z.infer<typeof AdminDisputeSummary>;
export const AdminDisputeListResponse = z.object({
  disputes: z.array(AdminDisputeSummary).max(R.adminQueueMax),
});
export type AdminDisputeListResponse = z.infer<typeof AdminDisputeListResponse>;

export const AdminDisputePayment = z.object({
  id: Id,
  status: Text,
  amountPence: z.number().int(),
  refundedPence: z.number().int(),
  releasedPence: z.number().int(),
  heldPence: z.number().int(),
  paidAt: Timestamp.nullable(),
});

export const AdminDisputeDetail = DisputeDetail.extend({
  customer: Party,
  tradesperson: Party,
  booking: z.object({
    id: Id,
    status: z.enum(BOOKING_STATUSES),
    amountPence: z.number().int(),
    depositPaid: z.boolean(),
    scheduledDate: CalendarDate.nullable(),
    completedAt: Timestamp.nullable(),
    createdAt: Timestamp,
  }),
  /** The booking's conversation between the two parties, oldest first. */
  conversation: z
    .array(
      z.object({
        id: Id,
        senderId: Id,
        senderName: PersonName.nullable(),
        content: MessageContent,
        createdAt: Timestamp,
      }),
    )
    .max(R.conversationMax),
  payments: unbounded(AdminDisputePayment, 'every payment of the booking (deposit, milestones)'),
  /** The admin who resolved it (the parties see TradeNest support; the console sees who). */
  resolvedBy: z.object({ id: Id, name: PersonName.nullable() }).nullable(),
  /** The booking's money, step by step, as the parties see it. */
  moneyTimeline: unbounded(MoneyEvent, 'every money event of the booking'),
});
export type AdminDisputeDetail = z.infer<typeof AdminDisputeDetail>;
export const AdminDisputeResponse = z.object({ dispute: AdminDisputeDetail });
export type AdminDisputeResponse = z.infer<typeof AdminDisputeResponse>;
