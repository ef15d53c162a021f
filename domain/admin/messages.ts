// The admin console's limits and texts, apart from the schemas so that the web's admin pages import
// them without zod (docs/api/admin.md).

export const ADMIN_LIMITS = {
  reasonMax: 500,
  searchMax: 100,
  usersPageSize: 25,
  /** Weeks the dashboard's charts cover, this one included. */
  chartWeeks: 12,
  /** Audit rows a user's page shows. */
  auditRows: 100,
  /** The verification and reported-review queues show at most this many. */
  queueRows: 100,
  /** Latest jobs and bookings a user's page shows. */
  recordRows: 50,
} as const;

export const ADMIN_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonLong: 'Reason must be less than 500 characters',
  decision: 'Please choose approve or reject',
  documentChanged: 'This document changed while you were looking at it. Please check it again.',
  notDecidable: 'This document has already been decided',
  insuranceExpired: 'This insurance has already expired. Reject it and ask for the current certificate.',
  suspendSelf: 'You cannot suspend your own account',
  suspendAdmin: 'Remove admin access before suspending this account',
  alreadySuspended: 'This account is already suspended',
  notSuspended: 'This account is not suspended',
  revokeSelf: 'You cannot remove your own admin access',
  alreadyAdmin: 'This account is already an admin',
  notAdmin: 'This account is not an admin',
  inactiveAccount: 'Suspended or deleted accounts cannot be made admins',
  searchLong: 'Search must be less than 100 characters',
} as const;
