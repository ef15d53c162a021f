import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import { bookingChanges, payments, profiles, tradespersonProfiles } from '../../db/schema';

// The SQL of changes to a booking (booking_changes), and the few facts of other tables they read.

export type ChangeRow = typeof bookingChanges.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export const { insert: insertChange, find: findChange, update: updateChange } = tableRows(bookingChanges);

/** A change with its proposer's name and role, as the page shows it. */
export interface ChangeWithProposer {
  change: ChangeRow;
  proposerName: string | null;
}

/** A booking's changes, newest first, with their proposers' names. */
export async function changesOfBooking(db: Executor, bookingId: string): Promise<ChangeWithProposer[]> {
  // Built once (prepared()), as the page's other reads: the changes page reads about ten statements.
  return prepared(db, 'changes_of_booking', (d) =>
    d
      .select({ change: bookingChanges, proposerName: profiles.fullName })
      .from(bookingChanges)
      .leftJoin(profiles, eq(profiles.id, bookingChanges.proposedBy))
      .where(eq(bookingChanges.bookingId, sql.placeholder('bookingId')))
      .orderBy(desc(bookingChanges.createdAt), desc(bookingChanges.id))
      .prepare('changes_of_booking'),
  ).execute({ bookingId });
}

/** The change of the booking waiting for an answer, if any. */
export async function proposedChangeOf(db: Executor, bookingId: string): Promise<ChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'proposed')));
  return row;
}

/** The payment standing for each of the given changes (an accepted increase's), by change id. */
export async function latestPaymentsOfChanges(
  db: Executor,
  changeIds: readonly string[],
): Promise<Map<string, PaymentRow>> {
  const latest = new Map<string, PaymentRow>();
  if (changeIds.length === 0) return latest;
  const rows = await prepared(db, 'payments_of_changes', (d) =>
    d
      .select()
      .from(payments)
      .where(sql`${payments.changeId} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(desc(payments.createdAt))
      .prepare('payments_of_changes'),
  ).execute({ ids: [...changeIds] });
  const byChange = new Map<string, PaymentRow[]>();
  for (const row of rows) byChange.set(row.changeId!, [...(byChange.get(row.changeId!) ?? []), row]);
  for (const [changeId, list] of byChange) latest.set(changeId, currentPaymentOf(list)!);
  return latest;
}

/** Whether the user is a VAT-registered tradesperson (a VAT number on their profile). */
export async function isVatRegistered(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ vatNumber: tradespersonProfiles.vatNumber })
    .from(tradespersonProfiles)
    .where(eq(tradespersonProfiles.userId, userId));
  return !!row?.vatNumber?.trim();
}

const LIVE = ['succeeded', 'refunded', 'processing', 'requires_action'];

/**
 * The payment that stands for a change: the one charged or being charged (at most one, by the unique
 * index payments_one_live_per_change), else the newest; from a list newest first.
 */
export function currentPaymentOf(payments: PaymentRow[]): PaymentRow | undefined {
  return payments.find((p) => LIVE.includes(p.status)) ?? payments[0];
}
