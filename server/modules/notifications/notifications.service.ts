import type { DomainEvent } from '../../../domain/events/catalog';
import type { EmailSwitch } from '../../../domain/notifications/schemas';
import { NOTIFICATION_MESSAGES, type NotificationView } from '../../../domain/notifications/schemas';
import { DOCUMENT_KIND_LABELS } from '../../../domain/profiles/documents';
import type { EventBus } from '../../adapters/event-bus';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { AuthContext } from '../../plugins/auth-context';
import { enqueueEmail } from './email-outbox';
import { accountEmail, notificationEmail } from './emails';
import { type NotificationPlan, planDocumentNotification, planNotifications } from './notification-rules';
import {
  documentFacts,
  eventFacts,
  findUnsubscribeToken,
  insertNotifications,
  markAllRead,
  markRead,
  type NotificationRow,
  notificationsPage,
  recipients,
  switchOff,
  unreadCount,
  unsubscribeTokenFor,
} from './notifications.repository';
import { planSubscriptionNotifications } from './subscription-notifications';
import { planSupportNotifications } from './support-notifications';

export interface NotificationDeps {
  db: Database;
  bus: EventBus;
}

/**
 * The notifications consumer of domain events: tells the people concerned in-app and, when their
 * settings allow, by email, inside the caller's transaction. Returns the users who got a new in-app
 * notification, for the caller to announce on the bus once the transaction has committed. Handling
 * the same event again adds nothing: rows are unique per (event, user) and emails per dedupe key.
 */
export async function notifyForEvent(
  tx: Executor,
  event: DomainEvent,
  { appUrl }: { appUrl: string },
): Promise<string[]> {
  if ('documentId' in event.payload) return notifyAboutDocument(tx, event, appUrl);
  const plans = (await plansOf(tx, event)).filter((p) => p.evenIfActor || p.userId !== event.actorId);
  if (plans.length === 0) return [];
  const people = new Map(
    (
      await recipients(
        tx,
        plans.map((p) => p.userId),
      )
    ).map((r) => [r.id, r]),
  );
  // An erased account is never told anything again.
  const told = plans.filter((p) => people.get(p.userId)?.deleted === false);

  const notified = await insertNotifications(
    tx,
    told.map((p) => inAppRow(event, p)),
  );

  for (const plan of told) {
    const person = people.get(plan.userId)!;
    if (!person.active || plan.email === null) continue;
    if (plan.email === 'always') {
      await enqueueEmail(tx, accountEmail({ ...emailOf(event, person, plan, appUrl), about: 'dispute' }));
      continue;
    }
    if (!person.emailNotifications || !person[plan.email]) continue;
    const token = await unsubscribeTokenFor(tx, person.id, plan.email);
    await enqueueEmail(
      tx,
      notificationEmail({
        ...emailOf(event, person, plan, appUrl),
        emailSwitch: plan.email,
        unsubscribeLink: unsubscribeUrl(appUrl, token),
      }),
    );
  }
  return notified;
}

/** Who is told of an event and what: job events from the job's facts; support and plans from their own. */
async function plansOf(tx: Executor, event: DomainEvent): Promise<NotificationPlan[]> {
  if ('subscriptionId' in event.payload) return planSubscriptionNotifications(tx, event);
  if ('conversationId' in event.payload && event.type !== 'message.sent')
    return planSupportNotifications(tx, event);
  if (!('jobId' in event.payload)) return [];
  const facts = await eventFacts(tx, event.payload);
  return facts ? planNotifications(event, facts) : [];
}

/**
 * Verification news (DOMAIN-RULES 10): in-app, and by email whatever the switches say, since it
 * decides whether the tradesperson is listed at all. A suspended or erased account is not emailed.
 */
async function notifyAboutDocument(tx: Executor, event: DomainEvent, appUrl: string): Promise<string[]> {
  if (!('documentId' in event.payload)) return [];
  const document = await documentFacts(tx, event.payload.documentId);
  if (!document) return [];
  const plan = planDocumentNotification(event, {
    title: document.title,
    label: DOCUMENT_KIND_LABELS[event.payload.kind],
  });
  if (!plan || plan.userId === event.actorId) return [];
  const [person] = await recipients(tx, [plan.userId]);
  if (!person || person.deleted) return [];
  const notified = await insertNotifications(tx, [inAppRow(event, plan)]);
  if (person.active) await enqueueEmail(tx, accountEmail(emailOf(event, person, plan, appUrl)));
  return notified;
}

type Planned = { userId: string; title: string; body: string; link: string };

/** The in-app notification of a planned one, stamped with its event. */
const inAppRow = (event: DomainEvent, plan: Planned) => ({
  userId: plan.userId,
  eventId: event.id,
  kind: event.type,
  title: plan.title,
  body: plan.body,
  link: plan.link,
  createdAt: new Date(event.occurredAt),
});

/** What every email of a planned notification says, whichever kind it is; one per event and person. */
const emailOf = (
  event: DomainEvent,
  person: { id: string; email: string; fullName: string | null },
  plan: Planned,
  appUrl: string,
) => ({
  to: person.email,
  recipientName: person.fullName,
  kind: event.type,
  title: plan.title,
  body: plan.body,
  link: `${appUrl}${plan.link}`,
  dedupeKey: `event:${event.id}:${person.id}`,
});

function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    kind: row.kind as NotificationView['kind'],
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(
  deps: NotificationDeps,
  auth: AuthContext,
  query: { cursor?: string | undefined; limit: number },
) {
  const rows = await notificationsPage(deps.db, auth.user.id, {
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    notifications: page.map(notificationView),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export function countUnread(deps: NotificationDeps, auth: AuthContext) {
  return unreadCount(deps.db, auth.user.id);
}

/** The user's other tabs refresh their bell and list. */
const announce = (deps: NotificationDeps, userId: string) =>
  deps.bus.publish({ type: 'notification', userIds: [userId] });

/** Another user's notification is the same 404 as none at all. */
export async function readNotification(deps: NotificationDeps, auth: AuthContext, id: string) {
  const row = await markRead(deps.db, auth.user.id, id);
  if (!row) throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  announce(deps, auth.user.id);
  return notificationView(row);
}

export async function readAllNotifications(deps: NotificationDeps, auth: AuthContext) {
  const read = await markAllRead(deps.db, auth.user.id);
  if (read > 0) announce(deps, auth.user.id);
  return read;
}

async function ownerOfToken(deps: NotificationDeps, token: string) {
  const found = await findUnsubscribeToken(deps.db, token);
  if (!found) throw AppError.notFound(NOTIFICATION_MESSAGES.unknownToken);
  return found;
}

/** Which switch a link would turn off, for the page to explain before anything changes. */
export async function describeUnsubscribe(deps: NotificationDeps, token: string) {
  return { setting: (await ownerOfToken(deps, token)).setting };
}

/** Turns the link's switch off; again is the same answer. */
export async function unsubscribe(deps: NotificationDeps, token: string) {
  const { userId, setting } = await ownerOfToken(deps, token);
  await switchOff(deps.db, userId, setting);
  // Sessions cache the settings (decision 0008): every instance must read them afresh.
  deps.bus.publish({ type: 'user-changed', userId });
  return { setting };
}

const unsubscribeUrl = (appUrl: string, token: string) =>
  `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;

/** The link, for an optional email another module sends, that turns this switch off without signing in. */
export async function unsubscribeLink(
  tx: Executor,
  userId: string,
  setting: EmailSwitch,
  appUrl: string,
): Promise<string> {
  return unsubscribeUrl(appUrl, await unsubscribeTokenFor(tx, userId, setting));
}
