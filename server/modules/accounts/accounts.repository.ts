import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Settings } from '../../../domain/accounts/schemas';
import type { Executor } from '../../db/client';
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

export async function updateSettings(db: Executor, userId: string, changes: Partial<Settings>) {
  const [row] = await db
    .update(userSettings)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(userSettings.userId, userId))
    .returning({
      emailNotifications: userSettings.emailNotifications,
      quoteUpdates: userSettings.quoteUpdates,
      newMessages: userSettings.newMessages,
      profileVisible: userSettings.profileVisible,
      showReviewsPublicly: userSettings.showReviewsPublicly,
      darkMode: userSettings.darkMode,
    });
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

/** Everything stored about one account, for "Download my data" (UK GDPR, right of access). */
export async function collectAccountData(db: Executor, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const [tradesperson] = await db
    .select()
    .from(tradespersonProfiles)
    .where(eq(tradespersonProfiles.userId, userId));
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  const jobs = await db.select().from(jobPostings).where(eq(jobPostings.customerId, userId));
  const myQuotes = await db.select().from(quotes).where(eq(quotes.tradespersonId, userId));
  const myBookings = await db
    .select()
    .from(bookings)
    .where(or(eq(bookings.customerId, userId), eq(bookings.tradespersonId, userId)));
  const reviewsWritten = await db.select().from(reviews).where(eq(reviews.reviewerId, userId));
  // Fair reveal: a review about me still waiting to be published is not mine to read yet.
  const reviewsReceived = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), isNotNull(reviews.publishedAt)));
  const myConversations = await db
    .select()
    .from(conversations)
    .where(or(eq(conversations.participantOneId, userId), eq(conversations.participantTwoId, userId)));
  const conversationIds = myConversations.map((c) => c.id);
  const myMessages =
    conversationIds.length === 0
      ? []
      : await db.select().from(messages).where(inArray(messages.conversationId, conversationIds));
  const disputesRaised = await db.select().from(disputes).where(eq(disputes.raisedBy, userId));
  const myDocuments = await db
    .select({
      id: documents.id,
      kind: documents.kind,
      status: documents.status,
      title: documents.title,
      fileName: documents.fileName,
      expiresOn: documents.expiresOn,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(eq(documents.userId, userId));
  const myPayments = await db.select().from(payments).where(eq(payments.payerId, userId));
  const savedPros = await db
    .select()
    .from(savedProfessionals)
    .where(eq(savedProfessionals.customerId, userId));
  const myNotifications = await db.select().from(notifications).where(eq(notifications.userId, userId));
  const [payoutAccount] = await db
    .select({
      provider: connectedAccounts.provider,
      chargesEnabled: connectedAccounts.chargesEnabled,
      payoutsEnabled: connectedAccounts.payoutsEnabled,
    })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.userId, userId));
  const sessionList = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  return {
    account,
    profile,
    settings,
    roles: roles.map((r) => r.role),
    tradespersonProfile: tradesperson ?? null,
    jobs,
    quotes: myQuotes,
    bookings: myBookings,
    reviewsWritten,
    reviewsReceived,
    conversations: myConversations,
    messages: myMessages,
    disputesRaised,
    documents: myDocuments,
    payments: myPayments,
    payoutAccount: payoutAccount ?? null,
    savedProfessionals: savedPros,
    notifications: myNotifications,
    sessions: sessionList,
  };
}
