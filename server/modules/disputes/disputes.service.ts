import { randomUUID } from 'node:crypto';
import type { UserType } from '../../../domain/catalog/catalog';
import {
  bookingStatus,
  DISPUTE_RESOLUTIONS,
  disputeStatus,
  statusOf,
} from '../../../domain/catalog/statuses';
import type {
  DisputeDetail,
  DisputeEvidenceView,
  DisputeMessageView,
  DisputeParty,
  DisputeSummary,
} from '../../../domain/disputes/api';
import { DISPUTE_MESSAGES, DISPUTE_RULES, disputeReasonsFor } from '../../../domain/disputes/messages';
import { canRaiseDispute, canRespond, responseDueAt } from '../../../domain/disputes/rules';
import { formatPence } from '../../../domain/payments/money';
import type { FileStorage } from '../../adapters/storage';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import type { EventOutbox } from '../../queue/outbox';
import { type Queue, send } from '../../queue/queue';
import { type BookingForPayment, bookingEventIds, bookingForPayment, disputeBooking } from '../marketplace';
import { enqueueEmail } from '../notifications';
import {
  activeDisputeOfBooking,
  countPhotos,
  type DisputeRow,
  type DisputeWithBooking,
  type DisputeWithThread,
  disputesOfUser,
  disputesPastDeadline,
  disputeWithBooking,
  disputeWithThread,
  findDispute,
  findEvidence,
  heldPenceByBooking,
  insertDispute,
  insertDisputeMessage,
  insertEvidence,
  type JsonEvidence,
  updateDispute,
  userEmails,
} from './disputes.repository';
import { toEvidencePhoto } from './evidence-photo';

export interface DisputeDeps {
  db: Database;
  events: EventOutbox;
  queue: Pick<Queue, 'wake'>;
  clock: Clock;
  storage: FileStorage;
  config: { appUrl: string; support: { email: string } };
}

export const disputeNotFound = () => AppError.notFound(DISPUTE_MESSAGES.disputeNotFound);
const bookingNotFound = () => AppError.notFound(DISPUTE_MESSAGES.bookingNotFound);
const disputeState = (message: string) => AppError.conflict('dispute_state', message);
const iso = (d: Date | null) => d?.toISOString() ?? null;

type Viewer = 'customer' | 'tradesperson' | 'admin';

/** The viewer's part in a dispute: a party, an admin, or nobody (who is told there is nothing there). */
export function viewerRole(
  auth: AuthContext,
  parties: { customerId: string; tradespersonId: string },
): Viewer | null {
  if (auth.user.id === parties.customerId) return 'customer';
  if (auth.user.id === parties.tradespersonId) return 'tradesperson';
  return auth.user.isAdmin ? 'admin' : null;
}

/** The party asked to respond: the booking's other side from the raiser. */
export const respondentOf = (d: DisputeRow, parties: { customerId: string; tradespersonId: string }) =>
  d.raisedBy === parties.customerId ? parties.tradespersonId : parties.customerId;

function disputeRef(found: BookingForPayment, dispute: DisputeRow) {
  return {
    ...bookingEventIds(found.booking),
    disputeId: dispute.id,
    raisedBy: dispute.raisedBy,
    respondentId: respondentOf(dispute, found.booking),
  };
}

// ---- Views ----

/** The dispute as a list shows it; the parties' names and the money held come with the row. */
export function summaryOf(row: DisputeWithBooking): DisputeSummary {
  const d = row.dispute;
  const party = (id: string): DisputeParty => ({
    id,
    name: nameIn(row, id),
    role: id === row.customerId ? 'customer' : 'tradesperson',
  });
  return {
    id: d.id,
    bookingId: d.bookingId,
    job: { id: row.jobId, title: row.jobTitle },
    status: disputeStatus(d.status),
    reason: d.reason,
    raisedBy: party(d.raisedBy),
    respondent: party(respondentOf(d, row)),
    createdAt: d.createdAt.toISOString(),
    responseDueAt: d.status === 'awaiting_response' ? iso(d.responseDueAt) : null,
    heldPence: d.status === 'resolved' ? 0 : row.heldPence,
    resolution: d.resolution ? statusOf(DISPUTE_RESOLUTIONS, d.resolution) : null,
    resolvedAt: iso(d.resolvedAt),
  };
}

/** A party's name (null for a deleted account); only the parties are ever named. */
const nameIn = (row: DisputeWithBooking, id: string) =>
  id === row.customerId ? row.customerName : id === row.tradespersonId ? row.tradespersonName : null;

function authorOf(id: string, row: DisputeWithBooking) {
  const role = id === row.customerId ? 'customer' : id === row.tradespersonId ? 'tradesperson' : 'admin';
  // Admins speak for TradeNest: the parties see the team, not a member's name.
  return { id, name: role === 'admin' ? 'TradeNest support' : nameIn(row, id), role } as const;
}

export const photoUrl = (disputeId: string, evidenceId: string) =>
  `/api/v1/disputes/${disputeId}/evidence/${evidenceId}/photo`;

function evidenceView(e: JsonEvidence, row: DisputeWithBooking) {
  return {
    id: e.id,
    kind: e.kind as DisputeEvidenceView['kind'],
    text: e.text,
    photoUrl: e.kind === 'photo' ? photoUrl(e.disputeId, e.id) : null,
    width: e.width,
    height: e.height,
    author: authorOf(e.authorId, row),
    createdAt: isoText(e.createdAt),
  } satisfies DisputeEvidenceView;
}

/** A timestamp from `json_build_object` (ISO text with an offset) as the API writes it. */
export const isoText = (value: string) => new Date(value).toISOString();

/** The whole dispute as one viewer sees it (docs/api/disputes.md). */
export function detailOf(row: DisputeWithThread, viewer: { role: Viewer; id: string }): DisputeDetail {
  const d = row.dispute;
  const summary = summaryOf(row);
  const status = disputeStatus(d.status);
  return {
    ...summary,
    description: d.description,
    viewerRole: viewer.role,
    notifiedAt: iso(d.notifiedAt),
    response: d.response,
    respondedAt: iso(d.respondedAt),
    reviewStartedAt: iso(d.reviewStartedAt),
    resolutionNote: d.resolutionNote,
    refundPence: d.refundPence,
    releasePence: d.releasePence,
    canRespond: summary.respondent.id === viewer.id && canRespond(status),
    canAdd: status !== 'resolved',
    evidence: row.evidence.map((e) => evidenceView(e, row)),
    messages: row.thread.map(
      (m): DisputeMessageView => ({
        id: m.id,
        author: authorOf(m.authorId, row),
        body: m.body,
        createdAt: isoText(m.createdAt),
      }),
    ),
  };
}

/** The dispute if the caller is one of its parties or an admin; 404 for everyone else. */
async function visibleDispute(db: Executor, auth: AuthContext, id: string) {
  const row = await disputeWithBooking(db, id);
  const viewer = row && viewerRole(auth, row);
  if (!row || !viewer) throw disputeNotFound();
  return { row, viewer };
}

export async function getDispute(deps: DisputeDeps, auth: AuthContext, id: string): Promise<DisputeDetail> {
  // Read whole in one statement; what a viewer may not see is dropped unread by them (404).
  const row = await disputeWithThread(deps.db, id);
  const viewer = row && viewerRole(auth, row);
  if (!row || !viewer) throw disputeNotFound();
  return detailOf(row, { role: viewer, id: auth.user.id });
}

export async function myDisputes(deps: DisputeDeps, auth: AuthContext): Promise<DisputeSummary[]> {
  return (await disputesOfUser(deps.db, auth.user.id)).map(summaryOf);
}

// ---- Raising ----

/**
 * A party raises a dispute (DOMAIN-RULES 9): under the booking's lock (job first, as the marketplace
 * takes them) the booking becomes `disputed`, which freezes whatever it still holds (the release job
 * and early release both refuse a disputed booking), and send-dispute-email is queued in the same
 * transaction. One unresolved dispute per booking: the lock, and the partial unique index behind it.
 */
export async function raiseDispute(
  deps: DisputeDeps,
  auth: AuthContext,
  body: { bookingId: string; reason: string; description: string },
): Promise<DisputeDetail> {
  const now = deps.clock.now();
  const id = await deps.db.transaction((tx) => raiseDisputeWithin(tx, deps, auth.user.id, body, now));
  deps.events.committed();
  deps.queue.wake('disputes.send-email');
  return getDispute(deps, auth, id);
}

/**
 * Raising a dispute as `me`, in the caller's transaction (the support inbox raises one on the
 * person's behalf with the same rules, event and email); the caller then calls
 * `events.committed()` and wakes `disputes.send-email`. Returns the dispute's id.
 */
export async function raiseDisputeWithin(
  tx: Executor,
  deps: Pick<DisputeDeps, 'events'>,
  me: string,
  body: { bookingId: string; reason: string; description: string },
  now: Date,
): Promise<string> {
  const found = await bookingForPayment(tx, body.bookingId, { forUpdate: true });
  const b = found?.booking;
  if (!found || !b || (b.customerId !== me && b.tradespersonId !== me)) throw bookingNotFound();
  const role: UserType = b.customerId === me ? 'customer' : 'tradesperson';
  if (!disputeReasonsFor(role).includes(body.reason)) {
    throw AppError.validation(DISPUTE_MESSAGES.reasonNotYours, [
      { field: 'reason', message: DISPUTE_MESSAGES.reasonNotYours },
    ]);
  }
  if (await activeDisputeOfBooking(tx, b.id)) {
    throw AppError.conflict('dispute_open', DISPUTE_MESSAGES.alreadyOpen);
  }
  const held = (await heldPenceByBooking(tx, [b.id])).get(b.id) ?? 0;
  const disputable = canRaiseDispute({
    status: bookingStatus(b.status),
    depositPaid: b.depositPaid,
    moneyHeld: held > 0,
  });
  if (!disputable || !(await disputeBooking(tx, b, role, now))) {
    throw AppError.conflict('not_disputable', DISPUTE_MESSAGES.notDisputable);
  }
  const dispute = await insertDispute(tx, {
    bookingId: b.id,
    raisedBy: me,
    raisedByType: role,
    reason: body.reason,
    description: body.description,
    status: 'open',
    bookingStatusBefore: b.status,
    createdAt: now,
    updatedAt: now,
  });
  await deps.events.record(tx, {
    type: 'dispute.raised',
    actorId: me,
    payload: { ...disputeRef(found, dispute), reason: dispute.reason },
  });
  await send(tx, 'disputes.send-email', { disputeId: dispute.id });
  return dispute.id;
}

/**
 * send-dispute-email (spec section 7): support gets the case (booking, reason, description, who raised
 * it) and the respondent is asked to respond; from this moment they have 7 days. Idempotent: the
 * emails are keyed by the dispute, and `notified_at` is set once.
 */
export async function sendDisputeEmail(deps: DisputeDeps, disputeId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const peek = await findDispute(tx, disputeId);
    if (!peek) return;
    const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
    const dispute = (await findDispute(tx, disputeId, { forUpdate: true }))!;
    if (dispute.notifiedAt) return;
    const b = found.booking;
    const respondentId = respondentOf(dispute, b);
    const people = new Map((await userEmails(tx, [dispute.raisedBy, respondentId])).map((u) => [u.id, u]));
    const raiser = people.get(dispute.raisedBy);
    const respondent = people.get(respondentId);
    const raiserName = (raiser && !raiser.deletedAt && raiser.fullName) || 'A user';
    const held = (await heldPenceByBooking(tx, [b.id])).get(b.id) ?? 0;
    const due = responseDueAt(now);
    const dueText = due.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    });
    const base = deps.config.appUrl;
    const title = `'${found.job.title}'`;
    await enqueueEmail(tx, {
      to: deps.config.support.email,
      kind: 'dispute.raised',
      dedupeKey: `dispute:${dispute.id}:support`,
      subject: `New dispute: ${found.job.title}`,
      text: [
        `A ${dispute.raisedByType} raised a dispute.`,
        '',
        `Booking: ${b.id}`,
        `Job: ${found.job.title}`,
        `Raised by: ${raiserName} (${dispute.raisedByType}, ${dispute.raisedBy})`,
        `Reason: ${dispute.reason}`,
        `Money held: ${formatPence(held)}`,
        '',
        dispute.description,
        '',
        `The other party has until ${dueText} to respond.`,
        `Case file: ${base}/admin/disputes/${dispute.id}`,
      ].join('\n'),
    });
    if (respondent && !respondent.deletedAt && !respondent.suspendedAt && dispute.respondedAt === null) {
      const greeting = respondent.fullName ? `Hello ${respondent.fullName},` : 'Hello,';
      await enqueueEmail(tx, {
        to: respondent.email,
        kind: 'dispute.raised',
        dedupeKey: `dispute:${dispute.id}:respondent`,
        subject: `A dispute was raised about ${title}`,
        text: [
          greeting,
          '',
          `${raiserName} raised a dispute about ${title}.`,
          `Reason: ${dispute.reason}`,
          '',
          dispute.description,
          '',
          held > 0
            ? `The ${formatPence(held)} held for this job is frozen until our team resolves the dispute.`
            : 'Our team will look into it with both of you.',
          `Please respond by ${dueText}: after that, our team reviews the dispute without your response.`,
          '',
          `Respond: ${base}/disputes/${dispute.id}`,
          '',
          'You get this email because it concerns a dispute about one of your bookings.',
          '',
          'TradeNest',
        ].join('\n'),
      });
    }
    await updateDispute(tx, dispute.id, {
      notifiedAt: now,
      responseDueAt: due,
      // A respondent who answered before this ran (from the in-app notice) has moved it to review.
      ...(dispute.status === 'open' ? { status: 'awaiting_response' } : {}),
      updatedAt: now,
    });
  });
}

/** The deadline job: disputes whose respondent let the 7 days pass go to review. Returns how many. */
export async function passDeadlines(deps: DisputeDeps): Promise<number> {
  const now = deps.clock.now();
  let moved = 0;
  for (;;) {
    const due = await disputesPastDeadline(deps.db, now, 100);
    for (const { id, bookingId } of due) {
      moved += await deps.db.transaction(async (tx) => {
        const found = (await bookingForPayment(tx, bookingId, { forUpdate: true }))!;
        const dispute = (await findDispute(tx, id, { forUpdate: true }))!;
        if (dispute.status !== 'awaiting_response' || !dispute.responseDueAt || dispute.responseDueAt > now)
          return 0;
        const updated = await updateDispute(tx, id, {
          status: 'under_review',
          reviewStartedAt: now,
          updatedAt: now,
        });
        await deps.events.record(tx, {
          type: 'dispute.deadline_passed',
          actorId: null,
          payload: disputeRef(found, updated),
        });
        return 1;
      });
    }
    if (due.length > 0) deps.events.committed();
    if (due.length < 100) return moved;
  }
}

// ---- The parties' side: response, thread, evidence ----

/**
 * Locks the dispute (after its booking, in the marketplace's order) for a change by `auth`, who must
 * be a party or an admin; a resolved dispute takes nothing more.
 */
async function lockForChange(tx: Executor, auth: AuthContext, id: string) {
  const peek = await findDispute(tx, id);
  if (!peek) throw disputeNotFound();
  const found = (await bookingForPayment(tx, peek.bookingId, { forUpdate: true }))!;
  const viewer = viewerRole(auth, found.booking);
  if (!viewer) throw disputeNotFound();
  const dispute = (await findDispute(tx, id, { forUpdate: true }))!;
  return { found, dispute, viewer };
}

/** The respondent's one response, until the dispute goes to review; it sends the dispute to review. */
export async function respondToDispute(
  deps: DisputeDeps,
  auth: AuthContext,
  id: string,
  body: { response: string },
): Promise<DisputeDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { found, dispute } = await lockForChange(tx, auth, id);
    if (respondentOf(dispute, found.booking) !== auth.user.id) {
      throw new AppError(403, 'not_allowed', DISPUTE_MESSAGES.responseNotYours);
    }
    if (!canRespond(disputeStatus(dispute.status))) throw disputeState(DISPUTE_MESSAGES.responseClosed);
    const updated = await updateDispute(tx, id, {
      response: body.response,
      respondedAt: now,
      status: 'under_review',
      reviewStartedAt: now,
      updatedAt: now,
    });
    await deps.events.record(tx, {
      type: 'dispute.responded',
      actorId: auth.user.id,
      payload: disputeRef(found, updated),
    });
  });
  deps.events.committed();
  return getDispute(deps, auth, id);
}

export async function postDisputeMessage(
  deps: DisputeDeps,
  auth: AuthContext,
  id: string,
  body: { body: string },
): Promise<DisputeDetail> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { found, dispute } = await lockForChange(tx, auth, id);
    if (dispute.status === 'resolved') throw disputeState(DISPUTE_MESSAGES.closed);
    const message = await insertDisputeMessage(tx, {
      disputeId: id,
      authorId: auth.user.id,
      body: body.body,
      createdAt: now,
    });
    await deps.events.record(tx, {
      type: 'dispute.message_posted',
      actorId: auth.user.id,
      payload: { ...disputeRef(found, dispute), messageId: message.id, authorId: auth.user.id },
    });
  });
  deps.events.committed();
  return getDispute(deps, auth, id);
}

async function addEvidence(
  deps: DisputeDeps,
  auth: AuthContext,
  id: string,
  values: {
    kind: 'text' | 'photo';
    text: string | null;
    storageKey?: string;
    width?: number;
    height?: number;
  },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { found, dispute } = await lockForChange(tx, auth, id);
    if (dispute.status === 'resolved') throw disputeState(DISPUTE_MESSAGES.closed);
    if (values.kind === 'photo' && (await countPhotos(tx, id)) >= DISPUTE_RULES.evidencePhotosMax) {
      throw disputeState(DISPUTE_MESSAGES.tooManyPhotos);
    }
    const evidence = await insertEvidence(tx, {
      disputeId: id,
      authorId: auth.user.id,
      ...values,
      createdAt: now,
    });
    await deps.events.record(tx, {
      type: 'dispute.evidence_added',
      actorId: auth.user.id,
      payload: { ...disputeRef(found, dispute), evidenceId: evidence.id, authorId: auth.user.id },
    });
  });
  deps.events.committed();
  return getDispute(deps, auth, id);
}

export const addTextEvidence = (deps: DisputeDeps, auth: AuthContext, id: string, body: { text: string }) =>
  addEvidence(deps, auth, id, { kind: 'text', text: body.text });

/**
 * A photo as evidence: checked to be an image, re-encoded like profile pictures (upright, metadata
 * stripped, at most 1600 px on its longer side), stored, then recorded. A refusal after the file was
 * stored removes it again.
 */
export async function addPhotoEvidence(
  deps: DisputeDeps,
  auth: AuthContext,
  id: string,
  upload: { bytes: Buffer; caption: string | undefined },
): Promise<DisputeDetail> {
  const caption = upload.caption?.trim() || null;
  if (caption && caption.length > DISPUTE_RULES.evidenceTextMax) {
    throw AppError.validation(DISPUTE_MESSAGES.evidenceTextTooLong, [
      { field: 'caption', message: DISPUTE_MESSAGES.evidenceTextTooLong },
    ]);
  }
  // Who may add is checked before any work on the file, and again under the lock.
  await visibleDispute(deps.db, auth, id);
  const photo = await toEvidencePhoto(upload.bytes);
  const key = `disputes/${id}/${randomUUID()}.webp`;
  await deps.storage.put(key, photo.bytes, 'image/webp');
  try {
    return await addEvidence(deps, auth, id, {
      kind: 'photo',
      text: caption,
      storageKey: key,
      width: photo.width,
      height: photo.height,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** An evidence photo's bytes, for the dispute's parties and admins only. */
export async function evidencePhoto(deps: DisputeDeps, auth: AuthContext, id: string, evidenceId: string) {
  await visibleDispute(deps.db, auth, id);
  const evidence = await findEvidence(deps.db, id, evidenceId);
  const file = evidence?.storageKey ? await deps.storage.get(evidence.storageKey) : null;
  if (!file) throw AppError.notFound();
  return file;
}
