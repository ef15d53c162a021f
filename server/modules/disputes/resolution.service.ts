import { type BookingStatus, bookingStatus as toBookingStatus } from '../../../domain/catalog/statuses';
import type {
  AdminDisputeDetail,
  AdminDisputeSummary,
  DisputeParty,
  ResolveDisputeBody,
} from '../../../domain/disputes/api';
import { DISPUTE_MESSAGES } from '../../../domain/disputes/messages';
import { decideSplit, splitRefusal } from '../../../domain/disputes/rules';
import { heldPence } from '../../../domain/payments/ledger';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { recordAudit } from '../audit';
import {
  type BookingForPayment,
  bookingEventIds,
  bookingForPayment,
  returnFromDispute,
} from '../marketplace';
import {
  afterRefund,
  afterRelease,
  bookingMoneyCase,
  lockPaymentsOfBooking,
  type PaymentDeps,
  type PaymentFigures,
  type PaymentRow,
  postRefund,
  postRelease,
} from '../payments';
import { disputeCaseFile, disputeQueue, findDispute, updateDispute } from './disputes.repository';
import {
  type DisputeDeps,
  detailOf,
  disputeNotFound,
  isoText,
  respondentOf,
  summaryOf,
} from './disputes.service';

export interface ResolutionDeps extends DisputeDeps {
  payments: PaymentDeps;
}

// The admin's side of disputes (/admin/disputes, DOMAIN-RULES 9): the queue, the case file, and the
// resolution, which moves the frozen money through the payments module's own refund and release.

export async function adminDisputeQueue(
  deps: DisputeDeps,
  status: 'active' | 'resolved',
): Promise<AdminDisputeSummary[]> {
  const rows = await disputeQueue(deps.db, status);
  return rows.map((row) => {
    const s = summaryOf(row);
    return { ...s, ...partiesOf(s), bookingAmountPence: row.bookingAmount };
  });
}

/** The case file: the dispute with its booking, the parties' conversation, its payments and money. */
export async function adminDispute(
  deps: DisputeDeps,
  auth: AuthContext,
  id: string,
): Promise<AdminDisputeDetail> {
  const row = await disputeCaseFile(deps.db, id);
  if (!row) throw disputeNotFound();
  const { payments, timeline } = await bookingMoneyCase(deps.db, row.dispute.bookingId);
  const detail = detailOf(row, { role: 'admin', id: auth.user.id });
  const resolverId = row.dispute.resolvedBy;
  return {
    ...detail,
    ...partiesOf(detail),
    booking: {
      id: row.dispute.bookingId,
      status: toBookingStatus(row.bookingStatus),
      amountPence: row.bookingAmount,
      depositPaid: row.depositPaid,
      scheduledDate: row.scheduledDate,
      completedAt: row.completedAt?.toISOString() ?? null,
      createdAt: row.bookingCreatedAt.toISOString(),
    },
    conversation: row.conversation.map((m) => ({
      id: m.id,
      senderId: m.senderId,
      senderName: m.senderName,
      content: m.content,
      createdAt: isoText(m.createdAt),
    })),
    payments: payments
      .filter((p) => p.status === 'succeeded' || p.status === 'refunded')
      .map((p) => ({
        id: p.id,
        status: p.status,
        amountPence: p.amountPence,
        refundedPence: p.refundedPence,
        releasedPence: p.releasedPence,
        heldPence: heldOf(p),
        paidAt: p.paidAt?.toISOString() ?? null,
      })),
    resolvedBy: resolverId ? { id: resolverId, name: row.resolverName } : null,
    moneyTimeline: timeline,
  };
}

/** The raiser and the respondent as the booking's customer and tradesperson. */
const partiesOf = (s: { raisedBy: DisputeParty; respondent: DisputeParty }) =>
  s.raisedBy.role === 'customer'
    ? { customer: s.raisedBy, tradesperson: s.respondent }
    : { customer: s.respondent, tradesperson: s.raisedBy };

/** What a payment still holds in escrow. */
const heldOf = (p: PaymentFigures) => (p.status === 'succeeded' && p.releasedAt === null ? heldPence(p) : 0);

// Which of the resolution form's fields each refusal of decideSplit is about; the words are the
// domain's (splitRefusal), the same the admin's form shows before sending.
const SPLIT_REFUSAL_FIELDS = {
  must_add_up: ['refundPence', 'releasePence'],
  needs_both: ['refundPence', 'releasePence'],
  nothing_held: ['resolution'],
  money_held: ['resolution'],
} as const;

/**
 * An admin resolves a dispute: the refund to the customer and the release to the tradesperson are
 * booked through the payments module's own postings, all in one transaction under the booking's and
 * payments' locks, so two admins resolving at once give one resolution and the money moves once. The
 * booking returns to where the work had got to; the decision is audited with the states before and
 * after. The provider's refund and the payout follow the commit.
 */
export async function resolveDispute(
  deps: ResolutionDeps,
  auth: AuthContext,
  id: string,
  body: ResolveDisputeBody & { note: string },
  ip: string | null,
): Promise<AdminDisputeDetail> {
  const now = deps.clock.now();
  const adminId = auth.user.id;
  const moved = await deps.db.transaction(async (tx) => {
    const { found, dispute, locked, held } = await lockCase(tx, id);
    const split = decideOrRefuse(body, held);
    const money = await moveHeldMoney(deps, tx, { found, locked, split, adminId, disputeId: id });
    const bookingStatus = statusBefore(dispute.bookingStatusBefore ?? null, found.booking.completedAt);
    await returnFromDispute(tx, found.booking.id, bookingStatus, now);
    const updated = await updateDispute(tx, id, {
      status: 'resolved',
      resolution: body.resolution,
      resolutionNote: body.note,
      refundPence: split.refundPence,
      releasePence: split.releasePence,
      resolvedBy: adminId,
      resolvedAt: now,
      updatedAt: now,
    });
    const b = found.booking;
    const eventId = await deps.events.record(tx, {
      type: 'dispute.resolved',
      actorId: adminId,
      payload: {
        ...bookingEventIds(b),
        disputeId: id,
        raisedBy: dispute.raisedBy,
        respondentId: respondentOf(dispute, b),
        resolution: body.resolution,
        refundPence: split.refundPence,
        releasePence: split.releasePence,
      },
    });
    // Written here, with the states, under the event's id: the dispatcher's own row for it is skipped.
    await recordAudit(tx, {
      actorUserId: adminId,
      action: 'dispute.resolved',
      entityType: 'dispute',
      entityId: id,
      details: {
        bookingId: b.id,
        before: { status: dispute.status, bookingStatus: b.status, heldPence: held },
        after: {
          status: updated.status,
          bookingStatus,
          refundPence: split.refundPence,
          releasePence: split.releasePence,
        },
        resolution: body.resolution,
        note: body.note,
      },
      ip,
      eventId,
    });
    return money;
  });

  if (moved.released > 0) afterRelease(deps.payments);
  else deps.events.committed();
  for (const paymentId of moved.refunded) await afterRefund(deps.payments, paymentId);
  return adminDispute(deps, auth, id);
}

/** The status the booking returns to: the one recorded when the dispute was raised, else what its dates say. */
const statusBefore = (recorded: string | null, completedAt: Date | null): BookingStatus =>
  toBookingStatus(recorded ?? (completedAt ? 'completed' : 'confirmed'));

/** The booking, the dispute (not yet resolved) and the payments that still hold money, all locked. */
async function lockCase(tx: Executor, id: string) {
  const peek = await findDispute(tx, id);
  if (!peek) throw disputeNotFound();
  const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
  const dispute = (await findDispute(tx, id, { forUpdate: true }))!;
  if (dispute.status === 'resolved')
    throw AppError.conflict('dispute_state', DISPUTE_MESSAGES.resolvedAlready);

  const locked = (await lockPaymentsOfBooking(tx, found.booking.id)).filter((p) => heldOf(p) > 0);
  const held = locked.reduce((sum, p) => sum + heldOf(p), 0);
  return { found, dispute, locked, held };
}

/** The admin's split of what is held, or the validation error that refuses it. */
function decideOrRefuse(body: ResolveDisputeBody, held: number) {
  const split = decideSplit(body, held);
  if (split.ok) return split;
  const message = splitRefusal(body, held) as string; // decideSplit refused, so this is never null
  throw AppError.validation(
    message,
    SPLIT_REFUSAL_FIELDS[split.reason].map((field) => ({ field, message })),
  );
}

/** Books the refund and the release through the payments module's postings; both must add up exactly. */
async function moveHeldMoney(
  deps: ResolutionDeps,
  tx: Executor,
  {
    found,
    locked,
    split,
    adminId,
    disputeId,
  }: {
    found: BookingForPayment;
    locked: PaymentRow[];
    split: { refundPence: number; releasePence: number };
    adminId: string;
    disputeId: string;
  },
): Promise<{ refunded: string[]; released: number }> {
  // Refunds first: a release takes everything a payment still holds.
  let toRefund = split.refundPence;
  const refunded: string[] = [];
  for (const p of locked) {
    if (toRefund === 0) break;
    const amount = Math.min(toRefund, heldOf(p));
    const after = await postRefund(deps.payments, tx, found, p, {
      amountPence: amount,
      reason: 'Dispute resolved by TradeNest',
      actorId: adminId,
      // This is the dispute's own resolution: the one move of frozen money there is.
      frozen: false,
    });
    locked[locked.indexOf(p)] = after;
    refunded.push(p.id);
    toRefund -= amount;
  }
  let released = 0;
  for (const p of locked) {
    if (heldOf(p) === 0) continue;
    const posted = await postRelease(deps.payments, tx, found, p, {
      actorId: adminId,
      early: true,
      frozen: false,
    });
    if (posted.ok) released += posted.releasedPence;
  }
  if (toRefund !== 0 || released !== split.releasePence) {
    // The decision and the postings disagree: nothing may commit.
    throw new Error(
      `dispute ${disputeId}: refund left ${toRefund}, released ${released} of ${split.releasePence}`,
    );
  }
  return { refunded, released };
}
