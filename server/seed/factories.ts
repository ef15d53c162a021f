// Factories shared by the tests and the demo seed. `create*` inserts real rows with defaults that satisfy
// every CHECK constraint, so a test states only what it is about (`createTradesperson(db, { verified: true })`).
// The `*Rows` builders hold the logic both sides need (one account is three rows, a job's outcode and
// centroid come from its postcode); the seed calls them to build its batches, the factories to insert.
//
// Factories create missing parents in a consistent state (a booking made from nothing gets an accepted
// quote on an in-progress job) but never change rows passed in by id: a test that hands over its own
// quote decides that quote's status itself.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { JobCategory, Trade } from '../../domain/catalog/catalog';
import { CUSTOMER_DISPUTE_REASONS, LIMITS } from '../../domain/catalog/catalog';
import type { BookingStatus, DisputeStatus, JobStatus, QuoteStatus } from '../../domain/catalog/statuses';
import type { Executor } from '../db/client';
import { insertRow } from '../db/rows';
import {
  bookings,
  conversations,
  disputes,
  documents,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  messages,
  notifications,
  payments,
  profiles,
  quotes,
  reviews,
  tradespersonProfiles,
  userRoles,
  userSettings,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/accounts';
import { recountLiveQuotes } from '../modules/marketplace';
import { DISPUTE_DESCRIPTIONS, JOB_TEMPLATES, TRADE_CONTENT } from './demo-content';
import { paymentRowsFor } from './demo-payments';
import { geocode } from './places';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type UserSettingsRow = typeof userSettings.$inferSelect;
export type TradespersonProfileRow = typeof tradespersonProfiles.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type JobRow = typeof jobPostings.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

type NewUser = typeof users.$inferInsert;
type NewProfile = typeof profiles.$inferInsert;
type NewUserSettings = typeof userSettings.$inferInsert;
type NewTradespersonProfile = typeof tradespersonProfiles.$inferInsert;
type NewDocument = typeof documents.$inferInsert;
type NewJob = typeof jobPostings.$inferInsert;

/** The password of every account a factory creates unless told otherwise, so tests can sign in. */
export const TEST_PASSWORD = 'test-password-123';

// scrypt at OWASP cost takes 100+ ms; hashing once per password per process keeps a test that creates
// twenty users from spending seconds in key derivation.
const hashes = new Map<string, Promise<string>>();
export function passwordHashFor(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

// Unique per process: every test file in a worker shares the module, and the database is emptied
// between files, so a counter is enough to keep emails unique.
let sequence = 0;
const nextNumber = () => ++sequence;

/* ---------------------------------------------------------------- row builders (seed and factories) */

export interface UserRowsInput {
  id: string;
  email: string;
  passwordHash: string;
  fullName: string | null;
  postcode: string | null;
  userType: 'customer' | 'tradesperson';
  avatarUrl?: string | null;
  createdAt?: Date;
  emailVerifiedAt?: Date | null;
  settings?: Partial<Omit<NewUserSettings, 'userId'>>;
}

/** One account is three rows: sign-in identity, public profile and the Settings switches. */
export function userRows(input: UserRowsInput): {
  user: NewUser;
  profile: NewProfile;
  settings: NewUserSettings;
} {
  const at = input.createdAt;
  return {
    user: {
      id: input.id,
      email: input.email,
      passwordHash: input.passwordHash,
      emailVerifiedAt: input.emailVerifiedAt === undefined ? (at ?? null) : input.emailVerifiedAt,
      createdAt: at,
      updatedAt: at,
    },
    profile: {
      id: input.id,
      fullName: input.fullName,
      avatarUrl: input.avatarUrl ?? null,
      postcode: input.postcode,
      userType: input.userType,
      createdAt: at,
      updatedAt: at,
    },
    settings: { userId: input.id, ...input.settings, updatedAt: at },
  };
}

export interface TradespersonRowInput {
  id: string;
  userId: string;
  trade: Trade | null;
  businessName?: string | null;
  /** A normalised UK VAT number ('GB980780684'); absent: not VAT registered. */
  vatNumber?: string | null;
  phone?: string | null;
  bio?: string | null;
  hourlyRateMin?: number | null;
  hourlyRateMax?: number | null;
  yearsExperience?: number | null;
  specialties?: string[];
  serviceAreas?: string[];
  basePostcode: string | null;
  serviceRadiusMiles?: number;
  verified: boolean;
  setupCompletedAt?: Date | null;
  createdAt?: Date;
}

/** The professional profile; the base point comes from the base postcode, as the profile service does. */
export function tradespersonRow(input: TradespersonRowInput): NewTradespersonProfile {
  const base = input.basePostcode ? geocode(input.basePostcode) : undefined;
  return {
    id: input.id,
    userId: input.userId,
    businessName: input.businessName ?? null,
    vatNumber: input.vatNumber ?? null,
    phone: input.phone ?? null,
    trade: input.trade,
    bio: input.bio ?? null,
    hourlyRateMin: input.hourlyRateMin ?? null,
    hourlyRateMax: input.hourlyRateMax ?? null,
    yearsExperience: input.yearsExperience ?? null,
    specialties: input.specialties ?? [],
    serviceAreas: input.serviceAreas ?? [],
    basePostcode: base?.postcode ?? null,
    baseLat: base?.lat ?? null,
    baseLng: base?.lng ?? null,
    serviceRadiusMiles: input.serviceRadiusMiles ?? 15,
    verified: input.verified,
    setupCompletedAt: input.setupCompletedAt ?? null,
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  };
}

export interface VerificationDocumentsInput {
  userId: string;
  verified: boolean;
  /** When the documents were uploaded. */
  uploadedAt: Date;
  reviewedBy: string | null;
  newId: () => string;
  /** Adds an approved accreditation document (Gas Safe, NICEIC ...) with this title. */
  accreditation?: string;
  /** Reviews happen two days after upload, but never after this moment. */
  reviewedBefore?: Date;
  /** Defaults to a year after upload; a verified tradesperson needs one in the future. */
  insuranceExpiresOn?: Date;
  /** For a tradesperson who is not verified: documents still waiting, or an insurance one rejected. */
  pending?: 'waiting' | 'rejected';
  rejectionReason?: string;
}

const DAY_MS = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Documents consistent with the verification rule: verified means an approved photo ID and an approved,
 * unexpired insurance document; anyone else lacks at least one of them.
 */
export function verificationDocuments(input: VerificationDocumentsInput): NewDocument[] {
  const expires = input.insuranceExpiresOn ?? new Date(input.uploadedAt.getTime() + 365 * DAY_MS);
  // Insurance runs for a year: a long-standing tradesperson shows this year's renewal, not the first policy.
  const renewedAt = new Date(Math.max(input.uploadedAt.getTime(), expires.getTime() - 365 * DAY_MS));
  const file = (
    kind: NewDocument['kind'],
    title: string,
    fileName: string,
    mimeType: string,
    sizeBytes: number,
    uploadedAt: Date,
  ) => {
    const id = input.newId();
    return {
      id,
      userId: input.userId,
      kind,
      title,
      storageKey: `seed/documents/${id}/${fileName}`,
      fileName,
      mimeType,
      sizeBytes,
      createdAt: uploadedAt,
    } satisfies NewDocument;
  };
  const reviewed = (uploadedAt: Date) =>
    new Date(
      Math.min(
        uploadedAt.getTime() + 2 * DAY_MS,
        input.reviewedBefore?.getTime() ?? Number.POSITIVE_INFINITY,
      ),
    );
  const approved = (uploadedAt: Date) =>
    ({ status: 'approved', reviewedBy: input.reviewedBy, reviewedAt: reviewed(uploadedAt) }) as const;
  const photoId = file('photo_id', 'Passport', 'passport.jpg', 'image/jpeg', 412_334, input.uploadedAt);
  const insurance = {
    ...file(
      'insurance',
      'Public liability insurance (£5m)',
      'public-liability.pdf',
      'application/pdf',
      186_902,
      renewedAt,
    ),
    expiresOn: isoDate(expires),
  };
  if (input.verified) {
    const rows: NewDocument[] = [
      { ...photoId, ...approved(input.uploadedAt) },
      { ...insurance, ...approved(renewedAt) },
    ];
    if (input.accreditation) {
      const accreditation = file(
        'accreditation',
        input.accreditation,
        'accreditation.pdf',
        'application/pdf',
        98_455,
        input.uploadedAt,
      );
      rows.push({ ...accreditation, ...approved(input.uploadedAt) });
    }
    return rows;
  }
  if (input.pending === 'rejected') {
    return [
      { ...photoId, ...approved(input.uploadedAt) },
      {
        ...insurance,
        status: 'rejected',
        reviewedBy: input.reviewedBy,
        reviewedAt: reviewed(renewedAt),
        rejectionReason:
          input.rejectionReason ?? 'The insurance certificate has expired; please upload the current one.',
      },
    ];
  }
  return [photoId, insurance];
}

export interface JobRowInput {
  id: string;
  customerId: string;
  title: string;
  category: JobCategory;
  description: string;
  budgetMin: number | null;
  budgetMax: number | null;
  postcode: string;
  preferredStartDate?: string | null;
  status: JobStatus;
  invitedTradespersonId?: string | null;
  cancelledAt?: Date | null;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A job row with the outcode and centroid derived from its postcode, as posting a job does. */
export function jobRow(input: JobRowInput): NewJob {
  const place = geocode(input.postcode);
  return {
    ...input,
    postcode: place.postcode,
    outcode: place.outcode,
    lat: place.lat,
    lng: place.lng,
    preferredStartDate: input.preferredStartDate ?? null,
    invitedTradespersonId: input.invitedTradespersonId ?? null,
    cancelledAt: input.cancelledAt ?? (input.status === 'cancelled' ? (input.updatedAt ?? new Date()) : null),
    updatedAt: input.updatedAt ?? input.createdAt,
  };
}

/* ------------------------------------------------------------------------------------- factories */

export interface UserOverrides {
  id?: string;
  email?: string;
  fullName?: string | null;
  postcode?: string | null;
  /** Hashed (and cached) when given; ignored when `passwordHash` is given. */
  password?: string;
  passwordHash?: string;
  avatarUrl?: string | null;
  createdAt?: Date;
  emailVerifiedAt?: Date | null;
  suspendedAt?: Date | null;
  settings?: Partial<Omit<NewUserSettings, 'userId'>>;
}

export interface CreatedUser {
  id: string;
  email: string;
  /** The plain password, when the factory knows it (not when a ready hash was passed in). */
  password: string | undefined;
  user: UserRow;
  profile: ProfileRow;
  settings: UserSettingsRow;
}

export async function createUser(
  db: Executor,
  overrides: UserOverrides & { userType?: 'customer' | 'tradesperson' } = {},
): Promise<CreatedUser> {
  const userType = overrides.userType ?? 'customer';
  const n = nextNumber();
  const password = overrides.passwordHash ? undefined : (overrides.password ?? TEST_PASSWORD);
  const rows = userRows({
    id: overrides.id ?? randomUUID(),
    email: overrides.email ?? `${userType}-${n}@example.test`,
    passwordHash: overrides.passwordHash ?? (await passwordHashFor(password!)),
    fullName:
      overrides.fullName === undefined
        ? `Test ${userType === 'customer' ? 'Customer' : 'Tradesperson'} ${n}`
        : overrides.fullName,
    postcode: overrides.postcode === undefined ? 'M1 1AE' : overrides.postcode,
    userType,
    avatarUrl: overrides.avatarUrl,
    createdAt: overrides.createdAt,
    emailVerifiedAt: overrides.emailVerifiedAt === undefined ? new Date() : overrides.emailVerifiedAt,
    settings: overrides.settings,
  });
  const user = await insertRow(db, users, { ...rows.user, suspendedAt: overrides.suspendedAt ?? null });
  const profile = await insertRow(db, profiles, rows.profile);
  const settings = await insertRow(db, userSettings, rows.settings);
  return { id: user.id, email: user.email, password, user, profile, settings };
}

export function createCustomer(db: Executor, overrides: UserOverrides = {}): Promise<CreatedUser> {
  return createUser(db, { ...overrides, userType: 'customer' });
}

export async function createAdmin(db: Executor, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const n = nextNumber();
  const admin = await createUser(db, {
    email: `admin-${n}@example.test`,
    fullName: `Test Admin ${n}`,
    ...overrides,
  });
  await db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
  return admin;
}

export interface TradespersonOverrides
  extends UserOverrides,
    Partial<Omit<TradespersonRowInput, 'id' | 'userId'>> {
  setupCompletedAt?: Date | null;
  /** Verification documents matching `verified` (default true); false inserts none. */
  documents?: boolean;
}

export interface CreatedTradesperson extends CreatedUser {
  tradesperson: TradespersonProfileRow;
  documents: DocumentRow[];
}

export async function createTradesperson(
  db: Executor,
  overrides: TradespersonOverrides = {},
): Promise<CreatedTradesperson> {
  const basePostcode = overrides.basePostcode === undefined ? 'M1 1AE' : overrides.basePostcode;
  const account = await createUser(db, {
    ...overrides,
    postcode: overrides.postcode === undefined ? basePostcode : overrides.postcode,
    userType: 'tradesperson',
  });
  const trade = overrides.trade === undefined ? 'Plumber' : overrides.trade;
  const content = trade ? TRADE_CONTENT[trade] : undefined;
  const verified = overrides.verified ?? false;
  const tradesperson = await insertRow(
    db,
    tradespersonProfiles,
    tradespersonRow({
      id: randomUUID(),
      userId: account.id,
      trade,
      businessName: overrides.businessName,
      vatNumber: overrides.vatNumber,
      phone: overrides.phone,
      bio:
        overrides.bio === undefined
          ? `Test ${trade ?? 'tradesperson'} with ten years of experience, fully insured and happy to help.`
          : overrides.bio,
      hourlyRateMin:
        overrides.hourlyRateMin === undefined ? (content?.hourlyRate[0] ?? 40) : overrides.hourlyRateMin,
      hourlyRateMax:
        overrides.hourlyRateMax === undefined ? (content?.hourlyRate[1] ?? 60) : overrides.hourlyRateMax,
      yearsExperience: overrides.yearsExperience === undefined ? 10 : overrides.yearsExperience,
      specialties: overrides.specialties ?? content?.specialties.slice(0, 3) ?? [],
      serviceAreas: overrides.serviceAreas ?? ['Manchester', 'Salford', 'Stockport'],
      basePostcode,
      serviceRadiusMiles: overrides.serviceRadiusMiles,
      verified,
      setupCompletedAt: overrides.setupCompletedAt,
      createdAt: overrides.createdAt,
    }),
  );
  let docs: DocumentRow[] = [];
  if (overrides.documents ?? true) {
    const rows = verificationDocuments({
      userId: account.id,
      verified,
      uploadedAt: overrides.createdAt ?? new Date(),
      reviewedBefore: new Date(),
      reviewedBy: null,
      newId: randomUUID,
      accreditation: content?.accreditations[0],
    });
    docs = await db.insert(documents).values(rows).returning();
  }
  return { ...account, tradesperson, documents: docs };
}

export interface JobOverrides {
  id?: string;
  customerId?: string;
  title?: string;
  category?: JobCategory;
  description?: string;
  /** Pence. */
  budgetMin?: number | null;
  /** Pence. */
  budgetMax?: number | null;
  postcode?: string;
  preferredStartDate?: string | null;
  status?: JobStatus;
  invitedTradespersonId?: string | null;
  cancelledAt?: Date | null;
  createdAt?: Date;
}

export async function createJob(db: Executor, overrides: JobOverrides = {}): Promise<JobRow> {
  const category = overrides.category ?? 'Plumbing';
  const template = JOB_TEMPLATES[category][0]!;
  const customerId = overrides.customerId ?? (await createCustomer(db)).id;
  return insertRow(
    db,
    jobPostings,
    jobRow({
      id: overrides.id ?? randomUUID(),
      customerId,
      title: overrides.title ?? template.title,
      category,
      description: overrides.description ?? template.description,
      budgetMin: overrides.budgetMin === undefined ? template.budget[0] * 100 : overrides.budgetMin,
      budgetMax: overrides.budgetMax === undefined ? template.budget[1] * 100 : overrides.budgetMax,
      postcode: overrides.postcode ?? 'M1 1AE',
      preferredStartDate: overrides.preferredStartDate,
      status: overrides.status ?? 'open',
      invitedTradespersonId: overrides.invitedTradespersonId,
      cancelledAt: overrides.cancelledAt,
      createdAt: overrides.createdAt,
    }),
  );
}

export interface QuoteOverrides {
  id?: string;
  jobId?: string;
  tradespersonId?: string;
  /** Pence. */
  amount?: number;
  message?: string;
  status?: QuoteStatus;
  createdAt?: Date;
}

export async function createQuote(db: Executor, overrides: QuoteOverrides = {}): Promise<QuoteRow> {
  const jobId = overrides.jobId ?? (await createJob(db)).id;
  const tradespersonId = overrides.tradespersonId ?? (await createTradesperson(db, { verified: true })).id;
  const quote = await insertRow(db, quotes, {
    id: overrides.id ?? randomUUID(),
    jobId,
    tradespersonId,
    amount: overrides.amount ?? 25_000,
    message:
      overrides.message ?? 'Happy to help: price includes labour and materials, and I can start next week.',
    status: overrides.status ?? 'pending',
    createdAt: overrides.createdAt,
    updatedAt: overrides.createdAt,
  });
  await recountLiveQuotes(db, jobId);
  return quote;
}

export interface BookingOverrides {
  id?: string;
  /** The accepted quote; without one, a job, an accepted quote and both parties are created. */
  quoteId?: string;
  status?: BookingStatus;
  depositPaid?: boolean;
  /** Pence; defaults to the quote's amount, as acceptance does. */
  amount?: number;
  scheduledDate?: string | null;
  confirmedAt?: Date | null;
  completedAt?: Date | null;
  cancelledAt?: Date | null;
  createdAt?: Date;
  /**
   * With depositPaid: when the customer paid (default now). The payment and its ledger postings are
   * written as the payment path would; paid more than the protection window ago, it is also released.
   */
  paidAt?: Date;
}

export async function createBooking(db: Executor, overrides: BookingOverrides = {}): Promise<BookingRow> {
  const status = overrides.status ?? 'confirmed';
  const depositPaid = overrides.depositPaid ?? false;
  let quote: QuoteRow;
  if (overrides.quoteId) {
    const [found] = await db.select().from(quotes).where(eq(quotes.id, overrides.quoteId));
    if (!found) throw new Error(`createBooking: no quote ${overrides.quoteId}`);
    quote = found;
  } else {
    const paidAndDone = (status === 'completed' || status === 'disputed') && depositPaid;
    const job = await createJob(db, { status: paidAndDone ? 'completed' : 'in_progress' });
    quote = await createQuote(db, { jobId: job.id, status: 'accepted' });
  }
  const [job] = await db.select().from(jobPostings).where(eq(jobPostings.id, quote.jobId));
  const now = new Date();
  const wasConfirmed = status !== 'pending' && status !== 'cancelled';
  const booking = await insertRow(db, bookings, {
    id: overrides.id ?? randomUUID(),
    jobId: quote.jobId,
    quoteId: quote.id,
    customerId: job!.customerId,
    tradespersonId: quote.tradespersonId,
    amount: overrides.amount ?? quote.amount,
    status,
    depositPaid,
    scheduledDate: overrides.scheduledDate ?? null,
    confirmedAt: overrides.confirmedAt === undefined ? (wasConfirmed ? now : null) : overrides.confirmedAt,
    completedAt:
      overrides.completedAt === undefined
        ? status === 'completed' || depositPaid
          ? now
          : null
        : overrides.completedAt,
    cancelledAt:
      overrides.cancelledAt === undefined ? (status === 'cancelled' ? now : null) : overrides.cancelledAt,
    createdAt: overrides.createdAt,
    updatedAt: overrides.createdAt,
  });
  if (depositPaid) {
    const money = paymentRowsFor(
      [
        {
          bookingId: booking.id,
          customerId: booking.customerId,
          tradespersonId: booking.tradespersonId,
          amountPence: booking.amount,
          paidAt: overrides.paidAt ?? now,
          disputed: status === 'disputed',
        },
      ],
      now,
      LIMITS.escrowProtectionDays,
      randomUUID,
    );
    await db.insert(payments).values(money.payments);
    // Accounts are shared between bookings: an existing one is reused by its code.
    for (const account of money.ledgerAccounts)
      await db.insert(ledgerAccounts).values(account).onConflictDoNothing({ target: ledgerAccounts.code });
    const ids = new Map(
      (
        await db
          .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
          .from(ledgerAccounts)
          .where(
            inArray(
              ledgerAccounts.code,
              money.ledgerAccounts.map((a) => a.code),
            ),
          )
      ).map((a) => [a.code, a.id]),
    );
    const codeOf = new Map(money.ledgerAccounts.map((a) => [a.id!, a.code]));
    await db.insert(ledgerTransactions).values(money.ledgerTransactions);
    await db
      .insert(ledgerEntries)
      .values(money.ledgerEntries.map((e) => ({ ...e, accountId: ids.get(codeOf.get(e.accountId)!)! })));
  }
  return booking;
}

async function bookingById(db: Executor, id: string): Promise<BookingRow> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) throw new Error(`no booking ${id}`);
  return booking;
}

export interface ReviewOverrides {
  id?: string;
  /** Without one, a completed and paid booking is created (reviews need one). */
  bookingId?: string;
  /** Defaults to the booking's customer. */
  reviewerId?: string;
  /** Defaults to the other party of the booking. */
  revieweeId?: string;
  rating?: number;
  comment?: string | null;
  reply?: string | null;
  repliedAt?: Date | null;
  createdAt?: Date;
  /** Published (visible and counted) by default; null leaves it waiting for fair reveal. */
  publishedAt?: Date | null;
  /** When the window closes; a fortnight from now by default. */
  revealDueAt?: Date;
  hiddenAt?: Date | null;
  hiddenReason?: string | null;
}

export async function createReview(db: Executor, overrides: ReviewOverrides = {}): Promise<ReviewRow> {
  const booking = overrides.bookingId
    ? await bookingById(db, overrides.bookingId)
    : await createBooking(db, { status: 'completed', depositPaid: true });
  const reviewerId = overrides.reviewerId ?? booking.customerId;
  const revieweeId =
    overrides.revieweeId ?? (reviewerId === booking.customerId ? booking.tradespersonId : booking.customerId);
  const reply = overrides.reply ?? null;
  return insertRow(db, reviews, {
    id: overrides.id ?? randomUUID(),
    bookingId: booking.id,
    reviewerId,
    revieweeId,
    rating: overrides.rating ?? 5,
    comment: overrides.comment === undefined ? 'Great job, tidy and on time.' : overrides.comment,
    reply,
    repliedAt: overrides.repliedAt === undefined ? (reply ? new Date() : null) : overrides.repliedAt,
    createdAt: overrides.createdAt,
    publishedAt:
      overrides.publishedAt === undefined ? (overrides.createdAt ?? new Date()) : overrides.publishedAt,
    revealDueAt: overrides.revealDueAt ?? new Date(Date.now() + 14 * 24 * 3600_000),
    hiddenAt: overrides.hiddenAt ?? null,
    hiddenReason: overrides.hiddenReason ?? null,
  });
}

export interface DisputeOverrides {
  id?: string;
  /** Without one, a booking in status `disputed` is created. */
  bookingId?: string;
  raisedBy?: string;
  raisedByType?: 'customer' | 'tradesperson';
  reason?: string;
  description?: string;
  status?: Exclude<DisputeStatus, 'resolved'>;
  createdAt?: Date;
}

export async function createDispute(db: Executor, overrides: DisputeOverrides = {}): Promise<DisputeRow> {
  const booking = overrides.bookingId
    ? await bookingById(db, overrides.bookingId)
    : await createBooking(db, { status: 'disputed' });
  const raisedByType = overrides.raisedByType ?? 'customer';
  const reason = overrides.reason ?? CUSTOMER_DISPUTE_REASONS[0];
  return insertRow(db, disputes, {
    id: overrides.id ?? randomUUID(),
    bookingId: booking.id,
    raisedBy:
      overrides.raisedBy ?? (raisedByType === 'customer' ? booking.customerId : booking.tradespersonId),
    raisedByType,
    reason,
    description:
      overrides.description ?? DISPUTE_DESCRIPTIONS[reason]?.[0] ?? DISPUTE_DESCRIPTIONS.Other![0]!,
    status: overrides.status ?? 'open',
    bookingStatusBefore: booking.completedAt ? 'completed' : 'confirmed',
    createdAt: overrides.createdAt,
    updatedAt: overrides.createdAt,
  });
}

export interface ConversationOverrides {
  id?: string;
  /** Defaults to a new customer. */
  participantOneId?: string;
  /** Defaults to a new tradesperson. */
  participantTwoId?: string;
  jobId?: string | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export async function createConversation(
  db: Executor,
  overrides: ConversationOverrides = {},
): Promise<ConversationRow> {
  const participantOneId = overrides.participantOneId ?? (await createCustomer(db)).id;
  const participantTwoId = overrides.participantTwoId ?? (await createTradesperson(db)).id;
  return insertRow(db, conversations, {
    id: overrides.id ?? randomUUID(),
    participantOneId,
    participantTwoId,
    jobId: overrides.jobId ?? null,
    createdAt: overrides.createdAt,
    updatedAt: overrides.updatedAt ?? overrides.createdAt,
  });
}

export interface MessageOverrides {
  id?: string;
  conversationId?: string;
  /** Defaults to the conversation's first participant. */
  senderId?: string;
  content?: string;
  read?: boolean;
  readAt?: Date | null;
  createdAt?: Date;
}

export async function createMessage(db: Executor, overrides: MessageOverrides = {}): Promise<MessageRow> {
  let conversation: ConversationRow | undefined;
  if (overrides.conversationId) {
    [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, overrides.conversationId));
    if (!conversation) throw new Error(`createMessage: no conversation ${overrides.conversationId}`);
  } else {
    conversation = await createConversation(db);
  }
  const read = overrides.read ?? false;
  return insertRow(db, messages, {
    id: overrides.id ?? randomUUID(),
    conversationId: conversation.id,
    senderId: overrides.senderId ?? conversation.participantOneId,
    content: overrides.content ?? 'Hi, is next Tuesday morning still good for you?',
    read,
    readAt: overrides.readAt === undefined ? (read ? new Date() : null) : overrides.readAt,
    createdAt: overrides.createdAt,
  });
}

export interface NotificationOverrides {
  userId?: string;
  kind?: string;
  title?: string;
  body?: string;
  link?: string | null;
  readAt?: Date | null;
  createdAt?: Date;
}

/** An in-app notification, for a new customer unless `userId` is given. */
export async function createNotification(
  db: Executor,
  overrides: NotificationOverrides = {},
): Promise<NotificationRow> {
  const userId = overrides.userId ?? (await createCustomer(db)).id;
  return insertRow(db, notifications, {
    userId,
    kind: overrides.kind ?? 'quote.received',
    title: overrides.title ?? "New quote for 'Fix a leaking tap'",
    body: overrides.body ?? 'Tom Pipes sent you a quote of £120.00.',
    link: overrides.link === undefined ? '/my-jobs' : overrides.link,
    readAt: overrides.readAt ?? null,
    createdAt: overrides.createdAt,
  });
}
