import { and, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Settings } from '../../../domain/accounts/schemas';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  bookings,
  connectedAccounts,
  conversations,
  disputes,
  documents,
  emailTokens,
  jobPostings,
  messages,
  notifications,
  paymentMethods,
  payments,
  profiles,
  quotes,
  reviews,
  savedProfessionals,
  sessions,
  tradespersonProfiles,
  trustedDevices,
  unsubscribeTokens,
  userRoles,
  userSettings,
  users,
} from '../../db/schema';
import { keyOfFileUrl } from '../../lib/stored-files';
import { deleteThrottlesForEmail } from './sign-in-throttle.repository';

/** The settings a user sees and changes, as the session and the Settings tab read them. */
export const SETTINGS_COLUMNS = {
  emailNotifications: userSettings.emailNotifications,
  quoteUpdates: userSettings.quoteUpdates,
  newMessages: userSettings.newMessages,
  profileVisible: userSettings.profileVisible,
  showReviewsPublicly: userSettings.showReviewsPublicly,
  darkMode: userSettings.darkMode,
};

export async function updateSettings(db: Executor, userId: string, changes: Partial<Settings>) {
  const [row] = await db
    .update(userSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(userSettings.userId, userId))
    .returning(SETTINGS_COLUMNS);
  return row!;
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Erases an account's personal data while keeping the rows other people and the law rely on
 * (bookings, payments, the ledger, reviews' ratings, the other side of conversations).
 */
/** The storage keys of everything this user uploaded: their profile picture and their documents. */
export async function storedFileKeys(db: Executor, userId: string): Promise<string[]> {
  const [profile] = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const docs = await db
    .select({ key: documents.storageKey })
    .from(documents)
    .where(eq(documents.userId, userId));
  const avatar = keyOfFileUrl(profile?.avatarUrl);
  return [...(avatar ? [avatar] : []), ...docs.map((d) => d.key)];
}

export async function eraseAccount(db: Executor, userId: string, now: Date) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  // An unusable hash: no password verifies against it.
  await db
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: '!deleted',
      emailVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await db
    .update(profiles)
    .set({ fullName: null, avatarUrl: null, postcode: null, updatedAt: now })
    .where(eq(profiles.id, userId));
  await db
    .update(tradespersonProfiles)
    .set({
      businessName: null,
      phone: null,
      bio: null,
      specialties: [],
      serviceAreas: [],
      basePostcode: null,
      baseLat: null,
      baseLng: null,
      verified: false,
      updatedAt: now,
    })
    .where(eq(tradespersonProfiles.userId, userId));
  await db
    .update(userSettings)
    .set({ profileVisible: false, showReviewsPublicly: false })
    .where(eq(userSettings.userId, userId));

  // Open work is withdrawn so nobody waits on a person who has left.
  const openJobs = db
    .select({ id: jobPostings.id })
    .from(jobPostings)
    .where(and(eq(jobPostings.customerId, userId), eq(jobPostings.status, 'open')));
  await db
    .update(quotes)
    .set({ status: 'rejected', updatedAt: now })
    .where(and(inArray(quotes.jobId, openJobs), eq(quotes.status, 'pending')));
  await db
    .update(jobPostings)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(jobPostings.customerId, userId), eq(jobPostings.status, 'open')));
  await db
    .update(quotes)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(quotes.tradespersonId, userId), eq(quotes.status, 'pending')));

  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.delete(documents).where(eq(documents.userId, userId));
  await db.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  await db.delete(notifications).where(eq(notifications.userId, userId));
  await db.delete(unsubscribeTokens).where(eq(unsubscribeTokens.userId, userId));
  await db
    .delete(savedProfessionals)
    .where(or(eq(savedProfessionals.customerId, userId), eq(savedProfessionals.tradespersonUserId, userId)));
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  if (user) await deleteThrottlesForEmail(db, user.email.toLowerCase());
}

type Fields = Record<string, AnyPgColumn>;

/**
 * A column as the download writes it: the value JSON.stringify wrote of what Drizzle reads. Only
 * timestamps differ from PostgreSQL's own JSON: Date#toISOString() writes UTC with milliseconds, and
 * `new Date()` drops the microseconds rather than rounding them, as to_char's MS does. (Every
 * timestamp of the schema is `with time zone`.)
 */
function exportValue(alias: string, column: AnyPgColumn): SQL {
  const ref = `${alias}."${column.name}"`;
  return sql.raw(
    column.columnType === 'PgTimestamp'
      ? `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : ref,
  );
}

/** One row of `fields` as a JSON object, keyed and ordered like Drizzle's own select of them. */
function jsonObject(alias: string, fields: Fields): SQL {
  const pairs = Object.entries(fields).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${exportValue(alias, column)}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

const ACCOUNT_FIELDS = {
  id: users.id,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};
const DOCUMENT_FIELDS = {
  id: documents.id,
  kind: documents.kind,
  status: documents.status,
  title: documents.title,
  fileName: documents.fileName,
  expiresOn: documents.expiresOn,
  createdAt: documents.createdAt,
};
const PAYOUT_ACCOUNT_FIELDS = {
  provider: connectedAccounts.provider,
  chargesEnabled: connectedAccounts.chargesEnabled,
  payoutsEnabled: connectedAccounts.payoutsEnabled,
};
const SESSION_FIELDS = {
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  ip: sessions.ip,
  userAgent: sessions.userAgent,
};

/**
 * The download's parts in the order the file writes them: its key, whether it is one object (null when
 * there is none), a list of objects or a list of names, its table and alias, the fields, and which rows
 * are the user's.
 */
const EXPORT_PARTS = (() => {
  const me = sql`${sql.placeholder('userId')}::uuid`;
  const part = (
    key: string,
    shape: 'one' | 'list' | 'names',
    table: PgTable,
    alias: string,
    fields: Fields,
    where: SQL,
  ) => ({ key, shape, table, alias, fields, where });
  return [
    part('account', 'one', users, 'u', ACCOUNT_FIELDS, sql`u.id = ${me}`),
    part('profile', 'one', profiles, 'p', getTableColumns(profiles), sql`p.id = ${me}`),
    part('settings', 'one', userSettings, 's', getTableColumns(userSettings), sql`s.user_id = ${me}`),
    part('roles', 'names', userRoles, 'r', { role: userRoles.role }, sql`r.user_id = ${me}`),
    part(
      'tradespersonProfile',
      'one',
      tradespersonProfiles,
      't',
      getTableColumns(tradespersonProfiles),
      sql`t.user_id = ${me}`,
    ),
    part('jobs', 'list', jobPostings, 'j', getTableColumns(jobPostings), sql`j.customer_id = ${me}`),
    part('quotes', 'list', quotes, 'q', getTableColumns(quotes), sql`q.tradesperson_id = ${me}`),
    part(
      'bookings',
      'list',
      bookings,
      'b',
      getTableColumns(bookings),
      sql`(b.customer_id = ${me} or b.tradesperson_id = ${me})`,
    ),
    part('reviewsWritten', 'list', reviews, 'rw', getTableColumns(reviews), sql`rw.reviewer_id = ${me}`),
    // Fair reveal: a review about me still waiting to be published is not mine to read yet.
    part(
      'reviewsReceived',
      'list',
      reviews,
      'rr',
      getTableColumns(reviews),
      sql`rr.reviewee_id = ${me} and rr.published_at is not null`,
    ),
    part(
      'conversations',
      'list',
      conversations,
      'c',
      getTableColumns(conversations),
      sql`(c.participant_one_id = ${me} or c.participant_two_id = ${me})`,
    ),
    part(
      'messages',
      'list',
      messages,
      'm',
      getTableColumns(messages),
      sql`m.conversation_id = any(array(select c2.id from ${conversations} c2
        where c2.participant_one_id = ${me} or c2.participant_two_id = ${me}))`,
    ),
    part('disputesRaised', 'list', disputes, 'd', getTableColumns(disputes), sql`d.raised_by = ${me}`),
    part('documents', 'list', documents, 'doc', DOCUMENT_FIELDS, sql`doc.user_id = ${me}`),
    part('payments', 'list', payments, 'pay', getTableColumns(payments), sql`pay.payer_id = ${me}`),
    part('payoutAccount', 'one', connectedAccounts, 'ca', PAYOUT_ACCOUNT_FIELDS, sql`ca.user_id = ${me}`),
    part(
      'savedProfessionals',
      'list',
      savedProfessionals,
      'sp',
      getTableColumns(savedProfessionals),
      sql`sp.customer_id = ${me}`,
    ),
    part('notifications', 'list', notifications, 'n', getTableColumns(notifications), sql`n.user_id = ${me}`),
    part('sessions', 'list', sessions, 'se', SESSION_FIELDS, sql`se.user_id = ${me}`),
  ];
})();

/**
 * Everything stored about one account, for "Download my data" (UK GDPR, right of access), as the JSON
 * text of the file: one statement, and PostgreSQL writes the JSON. Reading it into objects (dates
 * made Date) only for JSON.stringify to write it again cost the server most of the route's time
 * (issue 19). Lists keep the order the scan returns (the queries this replaced had none either);
 * roles are a list of names.
 */
export async function accountDocument(db: Executor, userId: string, exportedAt: string): Promise<string> {
  const [row] = await prepared(db, 'account_document', (d) => {
    const entries = EXPORT_PARTS.map(({ key, shape, table, alias, fields, where }) => {
      const from = sql`from ${table} ${sql.raw(alias)} where ${where}`;
      const value =
        shape === 'one'
          ? sql`(select ${jsonObject(alias, fields)} ${from} limit 1)`
          : sql`(select coalesce(json_agg(${
              shape === 'names' ? exportValue(alias, Object.values(fields)[0]!) : jsonObject(alias, fields)
            }), '[]') ${from})`;
      return sql`${sql.raw(`'${key}'`)}, ${value}`;
    });
    return d
      .select({
        document: sql<string>`json_build_object('exportedAt', ${sql.placeholder('exportedAt')}::text, ${sql.join(entries, sql`, `)})::text`,
      })
      .from(sql`(select 1) as one`)
      .prepare('account_document');
  }).execute({ userId, exportedAt });
  return (row as { document: string }).document;
}
