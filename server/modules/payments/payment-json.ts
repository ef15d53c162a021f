import { sql } from 'drizzle-orm';
import type { payments } from '../../db/schema';

// A payment as a JSON object inside a one-statement read: the money pages (money-views.ts) and the
// tradesperson's earnings (payouts' earningsOf) gather a page's payments in the same statement as the
// rest of the page, so the payments columns are named here once, in the payments module, and read back
// with paymentFromJson. Only this read-model is shared; the payments rows are written by payments alone.

/** What a payment's view needs of its row (money-views.ts paymentView). */
export type PaymentFigures = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'bookingId'
  | 'milestoneId'
  | 'status'
  | 'amountPence'
  | 'refundedPence'
  | 'releasedPence'
  | 'heldUntil'
  | 'releasedAt'
  | 'paidAt'
  | 'createdAt'
>;

/** A payment as `json_build_object` writes it: timestamps are ISO text, read back into dates here. */
export type PaymentJson = Omit<PaymentFigures, 'heldUntil' | 'releasedAt' | 'paidAt' | 'createdAt'> & {
  heldUntil: string | null;
  releasedAt: string | null;
  paidAt: string | null;
  createdAt: string;
};

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

export function paymentFromJson(p: PaymentJson): PaymentFigures {
  return {
    ...p,
    heldUntil: dateOrNull(p.heldUntil),
    releasedAt: dateOrNull(p.releasedAt),
    paidAt: dateOrNull(p.paidAt),
    createdAt: new Date(p.createdAt),
  };
}

/** The columns of PaymentFigures as a JSON object, for a payments row aliased `alias`. */
export const paymentJson = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'bookingId', ${alias}.booking_id,
    'milestoneId', ${alias}.milestone_id, 'status', ${alias}.status, 'amountPence', ${alias}.amount_pence,
    'refundedPence', ${alias}.refunded_pence, 'releasedPence', ${alias}.released_pence,
    'heldUntil', ${alias}.held_until, 'releasedAt', ${alias}.released_at, 'paidAt', ${alias}.paid_at,
    'createdAt', ${alias}.created_at)`);
