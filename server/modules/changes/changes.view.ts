import type { BookingChangesResponse, ChangeView } from '../../../domain/changes/api';
import { CHANGE_REFUSALS as R } from '../../../domain/changes/messages';
import type { ChangeDirection, ChangeSettlement, ChangeStatus } from '../../../domain/changes/rules';
import { type LineItem, priceLines } from '../../../domain/marketplace/pricing';
import { formatPence } from '../../../domain/payments/money';
import type { PhotoView } from '../../../domain/photos/api';
import type { AuthContext } from '../../plugins/auth-context';
import { type BookingForPayment, bookingForPayment } from '../marketplace';
import {
  bookingLedger,
  frozenByDispute,
  type PaymentDeps,
  type PaymentRow,
  paymentsOfBooking,
} from '../payments';
import { photosOfChanges } from '../photos';
import {
  bookingMoney,
  bookingNotFound,
  changeNotFound,
  type Party,
  partyOf,
  proposeRefusal,
} from './changes.policy';
import {
  type ChangeWithProposer,
  changesOfBooking,
  findChange,
  latestPaymentsOfChanges,
} from './changes.repository';

// The changes page of a booking (GET /bookings/:id/changes) and the one change each step answers with:
// presenters over the rows, so internal columns never leave the server.

type Viewer = Party | 'admin';

/** The booking's parties and admins see its changes; anyone else is told the booking does not exist. */
function viewerOf(found: BookingForPayment | undefined, auth: AuthContext): Viewer {
  const party = partyOf(found, auth.user.id);
  if (party) return party;
  if (found && auth.user.isAdmin) return 'admin';
  throw bookingNotFound();
}

/** A stored line list (domain/marketplace/pricing LineItem[]) as the page shows it, totals included. */
function breakdownOf(lineItems: unknown): ChangeView['breakdown'] {
  if (!Array.isArray(lineItems)) return null;
  const totals = priceLines(lineItems as LineItem[]);
  return {
    lines: totals.lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantityHundredths: l.quantityHundredths,
      unitPricePence: l.unitPricePence,
      vatRate: l.vatRate,
      netPence: l.netPence,
    })),
    subtotalPence: totals.subtotalPence,
    vatByRate: totals.vatByRate,
    vatPence: totals.vatPence,
    totalPence: totals.totalPence,
  };
}

const PAID = ['succeeded', 'refunded'];

function changeView(
  { change: c, proposerName }: ChangeWithProposer,
  ctx: {
    found: BookingForPayment;
    viewer: Viewer;
    viewerId: string;
    photos: PhotoView[];
    payment: PaymentRow | undefined;
  },
): ChangeView {
  const { found, viewer, viewerId, payment } = ctx;
  const frozen = frozenByDispute(found);
  const waiting = c.status === 'proposed';
  const answering = waiting && viewer !== 'admin' && c.proposedBy !== viewerId;
  return {
    id: c.id,
    bookingId: c.bookingId,
    status: c.status as ChangeStatus,
    direction: c.direction as ChangeDirection,
    amountPence: c.amountPence,
    description: c.description,
    breakdown: breakdownOf(c.lineItems),
    proposedBy: {
      id: c.proposedBy,
      name: proposerName?.trim() || 'Deleted user',
      role: c.proposedBy === found.booking.customerId ? 'customer' : 'tradesperson',
    },
    proposedAt: c.createdAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
    declineReason: c.declineReason,
    settlement: (c.settlement as ChangeSettlement | null) ?? null,
    amountBefore: c.amountBefore,
    amountAfter: c.amountAfter,
    photos: ctx.photos,
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          amountPence: payment.amountPence,
          lastError: payment.status === 'failed' ? payment.lastError : null,
        }
      : null,
    viewer: {
      canAccept: answering && !frozen,
      canDecline: answering,
      canWithdraw: waiting && c.proposedBy === viewerId,
      canPay:
        viewer === 'customer' &&
        c.status === 'accepted' &&
        c.settlement === 'payment' &&
        !frozen &&
        !PAID.includes(payment?.status ?? ''),
    },
  };
}

type Timeline = BookingChangesResponse['timeline'];

/** The booking's money, oldest first: the price agreed, each change agreed, and what its ledger moved. */
async function moneyTimeline(
  deps: PaymentDeps,
  found: BookingForPayment,
  changes: ChangeWithProposer[],
): Promise<Timeline> {
  const accepted = changes
    .map((c) => c.change)
    .filter((c) => c.status === 'accepted')
    .sort((a, b) => a.decidedAt!.getTime() - b.decidedAt!.getTime());
  const entries: (Timeline[number] & { order: number })[] = [
    {
      at: found.booking.createdAt.toISOString(),
      kind: 'agreed',
      amountPence: accepted[0]?.amountBefore ?? found.booking.amount,
      description: 'Price agreed when the quote was accepted',
      order: 0,
    },
  ];
  for (const c of accepted)
    entries.push({
      at: c.decidedAt!.toISOString(),
      kind: 'change_agreed',
      amountPence: c.amountPence,
      description: `Change agreed: price ${c.direction === 'increase' ? 'up' : 'down'} by ${formatPence(c.amountPence)}, now ${formatPence(c.amountAfter!)}`,
      order: 1,
    });
  for (const t of await bookingLedger(deps.db, found.booking.id)) {
    if (t.kind !== 'charge' && t.kind !== 'refund' && t.kind !== 'release') continue;
    entries.push({
      at: t.at.toISOString(),
      kind: t.kind,
      amountPence: t.amountPence,
      description: t.description,
      order: 2,
    });
  }
  // The price agreed comes first whatever the clocks say; the rest by time (a change agreed before
  // the money it moved, at the same moment).
  const [first, ...rest] = entries;
  return [first!, ...rest.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order)].map(
    ({ order: _, ...entry }) => entry,
  );
}

/** GET /bookings/:id/changes: its changes newest first, the money timeline, and whether the viewer may propose. */
export async function bookingChangesPage(
  deps: PaymentDeps,
  auth: AuthContext,
  bookingId: string,
): Promise<BookingChangesResponse> {
  const found = await bookingForPayment(deps.db, bookingId);
  const viewer = viewerOf(found, auth);
  const booking = found!;
  const rows = await changesOfBooking(deps.db, bookingId);
  const ids = rows.map((r) => r.change.id);
  const [photos, payments, all] = await Promise.all([
    photosOfChanges(deps.db, ids),
    latestPaymentsOfChanges(deps.db, ids),
    paymentsOfBooking(deps.db, bookingId),
  ]);
  const { money } = await bookingMoney(deps.db, bookingId, all, { lock: false });
  const refusal =
    viewer === 'admin'
      ? R.notParty
      : proposeRefusal(
          booking,
          rows.some((r) => r.change.status === 'proposed'),
          money,
        );
  return {
    agreedAmountPence: booking.booking.amount,
    changes: rows.map((r) =>
      changeView(r, {
        found: booking,
        viewer,
        viewerId: auth.user.id,
        photos: photos.get(r.change.id) ?? [],
        payment: payments.get(r.change.id),
      }),
    ),
    timeline: await moneyTimeline(deps, booking, rows),
    canPropose: refusal === null,
    cannotProposeReason: refusal,
  };
}

/** One change as its booking's parties see it (the answer of each step); anyone else gets a 404. */
export async function changeViewOf(
  deps: PaymentDeps,
  auth: AuthContext,
  changeId: string,
): Promise<ChangeView> {
  const change = await findChange(deps.db, changeId);
  if (!change) throw changeNotFound();
  const page = await bookingChangesPage(deps, auth, change.bookingId).catch((error) => {
    throw error?.statusCode === 404 ? changeNotFound() : error;
  });
  return page.changes.find((c) => c.id === changeId)!;
}
