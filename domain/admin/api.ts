import { z } from 'zod';
import { USER_TYPES } from '../catalog/catalog';
import { DOCUMENT_STATUSES } from '../catalog/statuses';
import { DocumentView } from '../profiles/api';
import { ADMIN_LIMITS, ADMIN_MESSAGES } from './messages';

export { ADMIN_LIMITS, ADMIN_MESSAGES };

// The admin console's API contract (docs/api/admin.md, DOMAIN-RULES 1 and 10). Every route is under
// /api/v1/admin and answers 404 to anyone who is not an admin, signed out included. The server
// validates and serializes with these schemas; the web imports their types only.

// ---- Dashboard (/admin) ----

export const AdminWeek = z.object({
  /** Monday of the week, 'YYYY-MM-DD' (UK calendar). */
  weekStart: z.string(),
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
  weeks: z.array(AdminWeek),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

// ---- Verification queue (/admin/verifications) ----

export const AdminDocumentView = DocumentView.extend({
  /** Sent back with a decision: a document that changed since it was read is not overwritten. */
  version: z.number().int(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** GET it (admins and the owner only): the re-encoded file, never the bytes that were uploaded. */
  fileUrl: z.string(),
  reviewedAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
  /** The document this one replaces, when the tradesperson uploaded it as a replacement. */
  replaces: z
    .object({
      id: z.string(),
      title: z.string(),
      status: z.enum(DOCUMENT_STATUSES),
      expiresOn: z.string().nullable(),
    })
    .nullable(),
  tradesperson: z.object({
    id: z.string(),
    fullName: z.string().nullable(),
    email: z.string(),
    trade: z.string().nullable(),
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
  documents: z.array(AdminDocumentView),
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
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  isAdmin: z.boolean(),
  /** Tradespeople only. */
  verified: z.boolean().nullable(),
  suspendedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;
export const AdminUsersResponse = z.object({
  users: z.array(AdminUserSummary),
  nextCursor: z.string().nullable(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponse>;

export const AdminAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What the action changed, and anything it was given (a reason). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminUserDetail = z.object({
  user: AdminUserSummary.extend({
    trade: z.string().nullable(),
    postcode: z.string().nullable(),
    suspensionReason: z.string().nullable(),
  }),
  jobs: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), createdAt: z.string() })),
  bookings: z.array(
    z.object({
      id: z.string(),
      jobId: z.string(),
      jobTitle: z.string(),
      status: z.string(),
      /** The other party's name. */
      otherParty: z.string().nullable(),
      amountPence: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  documents: z.array(AdminDocumentView),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  audit: z.array(AdminAuditEntry),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const SuspendBody = z.object({ reason });
export type SuspendBody = z.infer<typeof SuspendBody>;
