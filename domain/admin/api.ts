import { z } from 'zod';
import { TRADES, USER_TYPES } from '../catalog/catalog';
import { BOOKING_STATUSES, DOCUMENT_STATUSES, JOB_STATUSES } from '../catalog/statuses';
import {
  CalendarDate,
  Cursor,
  catalogString,
  Email,
  Id,
  IpAddress,
  JobTitle,
  PersonName,
  Postcode,
  Text,
  Timestamp,
  unbounded,
} from '../fields';
import { DocumentView } from '../profiles/api';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from './messages';

export { ADMIN_LIMITS, ADMIN_MESSAGES };

// The admin console's API contract (docs/api/admin.md, DOMAIN-RULES 1 and 10). Every route is under
// /api/v1/admin and answers 404 to anyone who is not an admin, signed out included. The server
// validates and serializes with these schemas; the web imports their types only.

// ---- Dashboard (/admin) ----

export const AdminWeek = z.object({
  /** Monday of the week, 'YYYY-MM-DD' (UK calendar). */
  weekStart: CalendarDate,
  signUps: z.number().int(),
  jobsPosted: z.number().int(),
  /** Money customers paid that week (payments confirmed), in pence. */
  paidPence: z.number().int(),
});
export type AdminWeek = z.infer<typeof AdminWeek>;

export const AdminOverview = z.object({
  counts: z.object({
    pendingVerifications: z.number().int(),
    openDisputes: z.number().int(),
    /** Reviews with a report no admin has decided yet. */
    reportedReviews: z.number().int(),
    users: z.number().int(),
    /** Money held in escrow right now, and on how many payments. */
    heldPence: z.number().int(),
    heldPayments: z.number().int(),
  }),
  weeks: z.array(AdminWeek).max(ADMIN_LIMITS.chartWeeks),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

// ---- Verification queue (/admin/verifications) ----

export const AdminDocumentView = DocumentView.extend({
  /** Sent back with a decision: a document that changed since it was read is not overwritten. */
  version: z.number().int(),
  mimeType: Text,
  sizeBytes: z.number().int(),
  /** GET it (admins and the owner only): the re-encoded file, never the bytes that were uploaded. */
  fileUrl: Text,
  reviewedAt: Timestamp.nullable(),
  reviewerName: PersonName.nullable(),
  /** The document this one replaces, when the tradesperson uploaded it as a replacement. */
  replaces: z
    .object({
      id: Id,
      title: JobTitle,
      status: z.enum(DOCUMENT_STATUSES),
      expiresOn: CalendarDate.nullable(),
    })
    .nullable(),
  tradesperson: z.object({
    id: Id,
    fullName: PersonName.nullable(),
    email: Email,
    trade: catalogString(TRADES).nullable(),
    verified: z.boolean(),
  }),
});
export type AdminDocumentView = z.infer<typeof AdminDocumentView>;

export const VERIFICATION_FILTERS = ['pending', 'decided'] as const;
export const VerificationQueueQuery = z.object({
  /** pending: the queue, oldest first; decided: the latest decisions, newest first. */
  status: z.enum(VERIFICATION_FILTERS).default('pending'),
});
export const VerificationQueueResponse = z.object({
  documents: z.array(AdminDocumentView).max(ADMIN_LIMITS.queueRows),
  /** Pending documents in all (the list shows the oldest 100). */
  pendingCount: z.number().int(),
});
export type VerificationQueueResponse = z.infer<typeof VerificationQueueResponse>;

const reason = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(1, ADMIN_MESSAGES.reasonRequired)
  .max(ADMIN_LIMITS.reasonMax, ADMIN_MESSAGES.reasonLong);

export const DocumentDecisionBody = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), version: z.number().int().nonnegative() }),
    z.object({ decision: z.literal('reject'), version: z.number().int().nonnegative(), reason }),
  ],
  { error: ADMIN_MESSAGES.decision },
);
export type DocumentDecisionBody = z.infer<typeof DocumentDecisionBody>;
export const DocumentDecisionResponse = z.object({
  document: AdminDocumentView,
  /** The tradesperson's verified status after the decision. */
  verified: z.boolean(),
});
export type DocumentDecisionResponse = z.infer<typeof DocumentDecisionResponse>;

// ---- Users (/admin/users) ----

export const ADMIN_USER_FILTERS = ['all', 'customer', 'tradesperson', 'admin', 'suspended'] as const;
export const AdminUsersQuery = z.object({
  q: z.string().trim().max(ADMIN_LIMITS.searchMax, ADMIN_MESSAGES.searchLong).optional(),
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
  cursor: z.string().max(200).optional(),
});

export const AdminUserSummary = z.object({
  id: Id,
  email: Email,
  fullName: PersonName.nullable(),
  userType: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  /** Tradespeople only. */
  verified: z.boolean().nullable(),
  suspendedAt: Timestamp.nullable(),
  deletedAt: Timestamp.nullable(),
  createdAt: Timestamp,
  lastSignInAt: Timestamp.nullable(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;
export const AdminUsersResponse = z.object({
  users: z.array(AdminUserSummary).max(ADMIN_LIMITS.usersPageSize),
  nextCursor: Cursor.nullable(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  at: Timestamp,
  action: Text,
  actorId: Id.nullable(),
  actorName: PersonName.nullable(),
  entityType: Text,
  entityId: Text.nullable(),
  /** What the action changed, and anything it was given (a reason). */
  before: z.record(Text, z.unknown()).nullable(),
  after: z.record(Text, z.unknown()).nullable(),
  reason: Text.nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminUserDetail = z.object({
  user: AdminUserSummary.extend({
    trade: catalogString(TRADES).nullable(),
    postcode: Postcode.nullable(),
    suspensionReason: z.string().max(ADMIN_LIMITS.reasonMax).nullable(),
  }),
  jobs: z
    .array(z.object({ id: Id, title: JobTitle, status: z.enum(JOB_STATUSES), createdAt: Timestamp }))
    .max(ADMIN_LIMITS.recordRows),
  bookings: z
    .array(
      z.object({
        id: Id,
        jobId: Id,
        jobTitle: JobTitle,
        status: z.enum(BOOKING_STATUSES),
        /** The other party's name. */
        otherParty: PersonName.nullable(),
        amountPence: z.number().int(),
        createdAt: Timestamp,
      }),
    )
    .max(ADMIN_LIMITS.recordRows),
  documents: unbounded(AdminDocumentView, "every version of the user's documents"),
  sessions: unbounded(
    z.object({
      createdAt: Timestamp,
      lastSeenAt: Timestamp,
      ip: IpAddress.nullable(),
      userAgent: Text.nullable(),
    }),
    "the user's live sessions, one per signed-in device",
  ),
  audit: z.array(AdminAuditEntry).max(ADMIN_LIMITS.auditRows),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const SuspendBody = z.object({ reason });
export type SuspendBody = z.infer<typeof SuspendBody>;
