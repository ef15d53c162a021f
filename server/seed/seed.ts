// Demo data for a fresh install: a believable UK marketplace in every state the product knows, consistent
// with docs/domain-rules (quote limits, acceptance, escrow, reviews only after payment, verification).
//
// Deterministic: ids come from a seeded generator and every timestamp is an offset from `now` (default:
// today 00:00 UTC), so the same seed on the same day writes byte-identical rows. That lets e2e journeys and
// bug reports refer to the same data, and lets a test prove the seed has no hidden randomness.
//
// Fast: rows are built in memory and written with one multi-row insert per table per 500 rows inside one
// transaction (a few thousand rows in all), because the server seeds on first start and must not keep
// a new user waiting.
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { escapeIdentifier, escapeLiteral } from 'pg';
import {
  CITIES,
  type City,
  CUSTOMER_DISPUTE_REASONS,
  JOB_CATEGORIES,
  type JobCategory,
  LIMITS,
  TRADES,
  TRADESPERSON_DISPUTE_REASONS,
  type Trade,
} from '../../domain/catalog/catalog';
import { DISPUTE_RULES } from '../../domain/disputes/messages';
import { reviewWindowClosesAt } from '../../domain/reviews/reveal';
import type { Executor } from '../db/client';
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
  milestonePlans,
  payments,
  profiles,
  quotes,
  reviewReports,
  reviews,
  timeOff,
  tradespersonAvailability,
  tradespersonProfiles,
  userRoles,
  userSettings,
  users,
} from '../db/schema';
import { hashPassword } from '../modules/accounts';
import { recountLiveQuotes } from '../modules/marketplace';
import { demoAvailability } from './demo-availability';
import {
  CATEGORY_TRADES,
  CONVERSATION_SCRIPTS,
  type ConversationStage,
  CUSTOMER_REVIEW_COMMENTS,
  DISPUTE_DESCRIPTIONS,
  DOCUMENT_REJECTION_REASONS,
  FIRST_NAMES,
  fill,
  JOB_TEMPLATES,
  LAST_NAMES,
  QUOTE_MESSAGES,
  REVIEW_COMMENTS,
  REVIEW_REPLIES,
  TRADE_CONTENT,
} from './demo-content';
import { paymentRowsFor } from './demo-payments';
import { seedDemoSubscriptions } from './demo-subscriptions';
import { insertDemoSupport } from './demo-support';
import { jobRow, tradespersonRow, userRows, verificationDocuments } from './factories';
import { type CityArea, cityArea, geocode, randomPostcode, serviceAreas } from './places';
import { Random } from './random';

/** Shared by the three demo accounts and every generated account; printed on start-up, never secret. */
export const DEMO_PASSWORD = 'tradenest-demo';

export interface DemoAccount {
  role: 'customer' | 'tradesperson' | 'admin';
  email: string;
  fullName: string;
  about: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'customer',
    email: 'customer@tradenest.demo',
    fullName: 'Sarah Thompson',
    about: 'London homeowner with jobs in every state, a booking ready for payment and unread messages',
  },
  {
    role: 'tradesperson',
    email: 'tradesperson@tradenest.demo',
    fullName: 'Dan Hughes',
    about: 'Verified London plumber with quotes, bookings and reviews',
  },
  {
    role: 'admin',
    email: 'admin@tradenest.demo',
    fullName: 'Alex Morgan',
    about: 'Administrator: verification queue and disputes',
  },
];

/** Changing it changes every generated row; bump it deliberately when the demo data should move. */
export const DEMO_SEED = 'tradenest-demo-1';

const TRADESPEOPLE_PER_CITY = 20;
const GENERATED_CUSTOMERS = 59;
const BATCH_SIZE = 500;
// Not a valid hash (verifyPassword refuses it), so no account can sign in with it even for a moment.
const PENDING_HASH = 'seed:pending-hash';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface SeedOptions {
  /** The moment the data is built around; defaults to today 00:00 UTC. */
  now?: Date;
  /**
   * A ready hash of DEMO_PASSWORD. Tests pass one so that two runs are byte-identical (a fresh hash has
   * a fresh salt) and to skip the key derivation.
   */
  passwordHash?: string;
  seed?: string;
}

export type SeedTable =
  | 'users'
  | 'profiles'
  | 'user_settings'
  | 'user_roles'
  | 'tradesperson_profiles'
  | 'tradesperson_availability'
  | 'time_off'
  | 'documents'
  | 'job_postings'
  | 'quotes'
  | 'bookings'
  | 'payments'
  | 'ledger_transactions'
  | 'reviews'
  | 'disputes'
  | 'conversations'
  | 'messages';

export interface SeedSummary {
  now: string;
  counts: Record<SeedTable, number>;
  durationMs: number;
  accounts: readonly DemoAccount[];
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** True when no account exists: the server seeds demo data on first start only then. */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/* ------------------------------------------------------------------------------------ the model */

interface Person {
  id: string;
  email: string;
  first: string;
  fullName: string;
  city: City;
  postcode: string;
  /** Earliest activity; the account is created some days before it. */
  firstSeen: Date;
  fixedCreatedAt?: Date;
}

interface Tradesperson extends Person {
  trade: Trade;
  verified: boolean;
}

type Outcome =
  | { status: 'open'; live: number }
  | { status: 'cancelled'; live: number }
  | {
      status: 'in_progress';
      booking: 'pending' | 'confirmed' | 'awaiting_payment' | 'disputed';
      live: number;
    }
  | { status: 'completed'; booking: 'paid' | 'paid_disputed'; live: number };

interface JobPlan {
  customer: Person;
  category: JobCategory;
  outcome: Outcome;
  template?: number;
  withdrawn?: boolean;
  /** Quotes on the job from these people first, in this order. */
  quoters?: Tradesperson[];
  /** Index into the quoters that wins; default 0. */
  winner?: number;
  customerReview?: { rating: number; reply: boolean } | 'none';
  /** Start a conversation with every quoter (the demo customer's jobs). */
  talkToAll?: boolean;
  /** Posted this many days ago. */
  postedDaysAgo?: number;
}

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

class Builder {
  readonly ids: Random;
  readonly rng: Random;
  readonly names: Random;
  /** The working weeks' own stream (demo-availability.ts). */
  readonly diary: Random;
  readonly emails = new Set<string>();
  readonly fullNames = new Set<string>();

  readonly users: Row<typeof users>[] = [];
  readonly profiles: Row<typeof profiles>[] = [];
  readonly settings: Row<typeof userSettings>[] = [];
  readonly roles: Row<typeof userRoles>[] = [];
  readonly tradespersonProfiles: Row<typeof tradespersonProfiles>[] = [];
  readonly availability: Row<typeof tradespersonAvailability>[] = [];
  readonly timeOff: Row<typeof timeOff>[] = [];
  readonly documents: Row<typeof documents>[] = [];
  readonly jobs: Row<typeof jobPostings>[] = [];
  readonly quotes: Row<typeof quotes>[] = [];
  readonly bookings: Row<typeof bookings>[] = [];
  readonly reviews: Row<typeof reviews>[] = [];
  readonly disputes: Row<typeof disputes>[] = [];
  readonly conversations: Row<typeof conversations>[] = [];
  readonly messages: Row<typeof messages>[] = [];
  private readonly pairs = new Set<string>();

  constructor(
    readonly now: Date,
    seed: string,
  ) {
    const root = new Random(seed);
    this.ids = root.fork('ids');
    this.rng = root.fork('content');
    this.names = root.fork('names');
    this.diary = root.fork('availability');
  }

  /** A moment `days` days before now, at a plausible time of day, always in the past. */
  ago(days: number): Date {
    const minutes = this.rng.int(60, 14 * 60);
    return new Date(this.now.getTime() - days * DAY - minutes * MINUTE);
  }

  /** A moment between two others, to the minute; collapses to `from` when the window is empty. */
  between(from: Date, to: Date): Date {
    const span = to.getTime() - from.getTime();
    if (span <= MINUTE) return from;
    return new Date(from.getTime() + Math.floor((this.rng.next() * span) / MINUTE) * MINUTE);
  }

  /** Latest allowed time for a past event. */
  get latest(): Date {
    return new Date(this.now.getTime() - 5 * MINUTE);
  }

  plus(date: Date, ms: number): Date {
    return new Date(date.getTime() + ms);
  }

  earliest(a: Date, b: Date): Date {
    return a.getTime() <= b.getTime() ? a : b;
  }

  isoDate(date: Date): string {
    return date.toISOString().slice(0, 10);
  }

  seen(person: Person, at: Date): void {
    if (at.getTime() < person.firstSeen.getTime()) person.firstSeen = at;
  }

  newName(): { first: string; last: string } {
    for (;;) {
      const first = this.names.pick(FIRST_NAMES);
      const last = this.names.pick(LAST_NAMES);
      if (this.fullNames.has(`${first} ${last}`)) continue;
      this.fullNames.add(`${first} ${last}`);
      return { first, last };
    }
  }

  newEmail(first: string, last: string, domain: string): string {
    const base = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    let email = `${base}@${domain}`;
    for (let n = 2; this.emails.has(email); n++) email = `${base}${n}@${domain}`;
    this.emails.add(email);
    return email;
  }

  person(city: City, fixed?: { email: string; fullName: string; createdAt: Date }): Person {
    const area = cityArea(city);
    let first: string;
    let fullName: string;
    let email: string;
    if (fixed) {
      fullName = fixed.fullName;
      first = fullName.split(' ')[0]!;
      email = fixed.email;
      this.fullNames.add(fullName);
      this.emails.add(email);
    } else {
      const name = this.newName();
      first = name.first;
      fullName = `${name.first} ${name.last}`;
      email = this.newEmail(name.first, name.last, 'example.com');
    }
    return {
      id: this.ids.uuid(),
      email,
      first,
      fullName,
      city,
      postcode: randomPostcode(this.rng, area),
      firstSeen: this.latest,
      fixedCreatedAt: fixed?.createdAt,
    };
  }

  /** Account created a few days to a year before its first activity. */
  createdAt(person: Person): Date {
    if (person.fixedCreatedAt) return person.fixedCreatedAt;
    const lead = this.rng.weighted<number>([
      [this.rng.int(1, 14), 3],
      [this.rng.int(15, 120), 4],
      [this.rng.int(121, 400), 2],
    ]);
    return new Date(person.firstSeen.getTime() - lead * DAY - this.rng.int(0, 600) * MINUTE);
  }

  addAccount(person: Person, userType: 'customer' | 'tradesperson', passwordHash: string): Date {
    const createdAt = this.createdAt(person);
    const rows = userRows({
      id: person.id,
      email: person.email,
      passwordHash,
      fullName: person.fullName,
      postcode: person.postcode,
      userType,
      createdAt,
      settings: {
        emailNotifications: !this.rng.chance(0.1),
        quoteUpdates: !this.rng.chance(0.05),
        newMessages: !this.rng.chance(0.05),
        // Some demo users chose dark; the rest have not chosen and follow their device.
        darkMode: this.rng.chance(0.15) || null,
      },
    });
    this.users.push(rows.user);
    this.profiles.push(rows.profile);
    this.settings.push(rows.settings);
    return createdAt;
  }

  conversationFree(customerId: string, tradespersonId: string): boolean {
    return !this.pairs.has(`${customerId}|${tradespersonId}`);
  }

  /** Messages from a script, spread over a window; earlier messages are read when the other side replied or days have passed. */
  addConversation(
    customer: Person,
    tradesperson: Tradesperson,
    jobId: string,
    stage: ConversationStage,
    from: Date,
    to: Date,
  ): void {
    const key = `${customer.id}|${tradesperson.id}`;
    if (this.pairs.has(key)) return;
    this.pairs.add(key);
    const script = this.rng.pick(CONVERSATION_SCRIPTS[stage]);
    const lines = script.slice(0, Math.max(2, this.rng.int(script.length - 1, script.length)));
    const end = this.earliest(to, this.latest);
    const start = from.getTime() < end.getTime() ? from : this.plus(end, -2 * HOUR);
    const times = lines.map(() => this.between(start, end)).sort((a, b) => a.getTime() - b.getTime());
    // Keep messages in order and at least a minute apart, as real sends are.
    for (let i = 1; i < times.length; i++) {
      if (times[i]!.getTime() <= times[i - 1]!.getTime()) times[i] = this.plus(times[i - 1]!, MINUTE);
    }
    const values = { customer: customer.first, tradesperson: tradesperson.first };
    const conversationId = this.ids.uuid();
    const senderOf = (line: { from: 'customer' | 'tradesperson' }) =>
      line.from === 'customer' ? customer : tradesperson;
    const firstSender = senderOf(lines[0]!);
    this.conversations.push({
      id: conversationId,
      participantOneId: firstSender.id,
      participantTwoId: firstSender === customer ? tradesperson.id : customer.id,
      jobId,
      createdAt: times[0],
      updatedAt: times[times.length - 1],
    });
    lines.forEach((line, i) => {
      const sentAt = times[i]!;
      const sender = senderOf(line);
      const replyIndex = lines.findIndex((other, j) => j > i && other.from !== line.from);
      const reply = replyIndex >= 0 ? times[replyIndex]! : undefined;
      const old = this.now.getTime() - sentAt.getTime() > 2 * DAY;
      const read = reply !== undefined || old;
      const readAt = reply
        ? this.between(sentAt, reply)
        : old
          ? this.between(sentAt, this.earliest(this.plus(sentAt, 6 * HOUR), this.latest))
          : null;
      this.messages.push({
        id: this.ids.uuid(),
        conversationId,
        senderId: sender.id,
        content: fill(line.text, values),
        read,
        readAt,
        createdAt: sentAt,
      });
      this.seen(sender, sentAt);
    });
  }
}

/* ------------------------------------------------------------------------------------- the seed */

export async function seedDemoData(db: Executor, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? startOfUtcDay(new Date());
  // Every seeded account shares one hash: scrypt at OWASP cost takes 100+ ms, so hashing each of ~360
  // accounts separately would make first start take most of a minute. Demo accounts are public anyway.
  // The hash is derived on libuv's thread pool while the rows are built and inserted, and set at the end
  // of the transaction: that hides its 100-300 ms instead of adding it to every first start.
  const passwordHash = options.passwordHash
    ? Promise.resolve(options.passwordHash)
    : hashPassword(DEMO_PASSWORD);
  const b = buildDemoData(now, PENDING_HASH, options.seed ?? DEMO_SEED);
  const money = paymentRowsFor(
    b.bookings
      .filter((row) => row.depositPaid)
      .map((row) => ({
        bookingId: row.id!,
        customerId: row.customerId,
        tradespersonId: row.tradespersonId,
        amountPence: row.amount,
        paidAt: row.updatedAt as Date,
        disputed: row.status === 'disputed',
      })),
    now,
    LIMITS.escrowProtectionDays,
    () => b.ids.uuid(),
  );

  await db.transaction(async (tx) => {
    await insertAll(tx, users, b.users);
    await insertAll(tx, profiles, b.profiles);
    await insertAll(tx, userSettings, b.settings);
    await insertAll(tx, userRoles, b.roles);
    await insertAll(tx, tradespersonProfiles, b.tradespersonProfiles);
    await insertAll(tx, tradespersonAvailability, b.availability);
    await insertAll(tx, timeOff, b.timeOff);
    await insertAll(tx, documents, b.documents);
    await insertAll(tx, jobPostings, b.jobs);
    await insertAll(tx, quotes, b.quotes);
    await recountLiveQuotes(tx);
    await insertAll(tx, bookings, b.bookings);
    await insertAll(tx, milestonePlans, demoPlans(b.bookings, b.users, now));
    await insertAll(tx, payments, money.payments);
    await insertAll(tx, ledgerAccounts, money.ledgerAccounts);
    await insertAll(tx, ledgerTransactions, money.ledgerTransactions);
    await insertAll(tx, ledgerEntries, money.ledgerEntries);
    await insertAll(tx, reviews, b.reviews);
    await insertAll(tx, reviewReports, demoReports(b.reviews, now));
    await insertAll(tx, disputes, b.disputes);
    await insertAll(tx, conversations, b.conversations);
    await insertAll(tx, messages, b.messages);
    await insertDemoSupport(tx, { now, uuid: () => b.ids.uuid(), users: b.users });
    await seedDemoSubscriptions(tx, now);
    await tx
      .update(users)
      .set({ passwordHash: await passwordHash })
      .where(eq(users.passwordHash, PENDING_HASH));
  });

  return {
    now: now.toISOString(),
    counts: {
      users: b.users.length,
      profiles: b.profiles.length,
      user_settings: b.settings.length,
      user_roles: b.roles.length,
      tradesperson_profiles: b.tradespersonProfiles.length,
      tradesperson_availability: b.availability.length,
      time_off: b.timeOff.length,
      documents: b.documents.length,
      job_postings: b.jobs.length,
      quotes: b.quotes.length,
      bookings: b.bookings.length,
      payments: money.payments.length,
      ledger_transactions: money.ledgerTransactions.length,
      reviews: b.reviews.length,
      disputes: b.disputes.length,
      conversations: b.conversations.length,
      messages: b.messages.length,
    },
    durationMs: Math.round(performance.now() - started),
    accounts: DEMO_ACCOUNTS,
  };
}

/**
 * A few reports for the admin's queue: the lowest published reviews with a comment, reported by the
 * tradesperson they are about, as a tradesperson who thinks a review unfair would.
 */
/**
 * Milestone plans waiting for the customer on some confirmed bookings (every third, and every one of
 * the demo accounts'), so the demo customer can accept one and pay in stages: two stages, 40% then the
 * rest, due in one and three weeks. Nothing is paid yet; the demo customer's saved Visa (demo-subscriptions.ts) can pay them.
 */
function demoPlans(
  rows: readonly Row<typeof bookings>[],
  people: readonly Row<typeof users>[],
  now: Date,
): Row<typeof milestonePlans>[] {
  const demoIds = new Set(
    people.filter((u) => DEMO_ACCOUNTS.some((a) => a.email === u.email)).map((u) => u.id),
  );
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000).toISOString().slice(0, 10);
  return rows
    .filter((r) => r.status === 'confirmed' && r.amount >= 1_000)
    .filter((r, i) => i % 3 === 0 || demoIds.has(r.customerId) || demoIds.has(r.tradespersonId))
    .map((r) => {
      const first = Math.round((r.amount * 0.4) / 100) * 100;
      return {
        bookingId: r.id!,
        proposedBy: r.tradespersonId,
        status: 'proposed',
        items: [
          { title: 'Materials and first fix', description: null, amountPence: first, dueDate: day(7) },
          { title: 'Finish and tidy up', description: null, amountPence: r.amount - first, dueDate: day(21) },
        ],
        totalPence: r.amount,
        createdAt: new Date(Math.min(now.getTime(), (r.updatedAt as Date).getTime() + 2 * 3_600_000)),
      };
    });
}

function demoReports(rows: readonly Row<typeof reviews>[], now: Date): Row<typeof reviewReports>[] {
  const candidates = rows
    .filter((r) => r.publishedAt && r.rating <= 2 && r.comment)
    .sort((a, b) => a.id!.localeCompare(b.id!))
    .slice(0, 3);
  return candidates.map((r, i) => ({
    reviewId: r.id!,
    reporterId: r.revieweeId,
    reason: i === 0 ? 'abusive' : 'not_about_job',
    details:
      i === 0
        ? 'The wording is insulting, not a description of the work.'
        : 'This is about a different visit.',
    createdAt: new Date(
      Math.min(now.getTime() - (i + 1) * 3_600_000, (r.publishedAt as Date).getTime() + 86_400_000),
    ),
  }));
}

/**
 * Writes rows as multi-row INSERTs whose values are SQL literals, each made from its column's own
 * conversion to what the driver is sent (the parameter Drizzle would send), with DEFAULT where a row
 * leaves a column out, as Drizzle does. Drizzle's insert builder spent ~250 ms of every first start
 * assembling the SQL of the demo's ~3,400 rows and ~34,000 parameters; this takes a tenth of that.
 * Only for our own generated rows: every value goes through `literal`, which escapes it.
 */
async function insertAll<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const { name, schema } = getTableConfig(table);
  const target = `${schema ? `${escapeIdentifier(schema)}.` : ''}${escapeIdentifier(name)}`;
  const names = columns.map(([, column]) => escapeIdentifier(column.name)).join(', ');
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const values = rows.slice(i, i + BATCH_SIZE).map((row) => {
      const fields = columns.map(([key, column]) => {
        const value = (row as Record<string, unknown>)[key];
        if (value === undefined) return 'default';
        return value === null ? 'null' : literal(column.mapToDriverValue(value));
      });
      return `(${fields.join(', ')})`;
    });
    await tx.execute(sql.raw(`insert into ${target} (${names}) values ${values.join(', ')}`));
  }
}

/**
 * A value as a SQL literal (quoted by node-postgres's `escapeLiteral`, which writes an escape-string
 * literal when the text holds a backslash); the INSERT gives an untyped one its column's type.
 */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : escapeLiteral(String(value));
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (value instanceof Uint8Array) return escapeLiteral(`\\x${Buffer.from(value).toString('hex')}`);
  if (typeof value === 'string') return escapeLiteral(value);
  return escapeLiteral(JSON.stringify(value));
}

function demoAccount(role: DemoAccount['role']): DemoAccount {
  return DEMO_ACCOUNTS.find((a) => a.role === role)!;
}

/** Builds every row in memory; pure apart from reading the bundled geography. */
export function buildDemoData(now: Date, passwordHash: string, seed: string = DEMO_SEED): Builder {
  const b = new Builder(now, seed);
  const { rng } = b;

  // --- people
  const admin = b.person('London', { ...demoAccount('admin'), createdAt: b.ago(900) });
  const demoCustomer = b.person('London', { ...demoAccount('customer'), createdAt: b.ago(320) });
  const demoTradesperson: Tradesperson = {
    ...b.person('London', { ...demoAccount('tradesperson'), createdAt: b.ago(640) }),
    trade: 'Plumber',
    verified: true,
  };

  const tradespeople: Tradesperson[] = [];
  const byCityTrade = new Map<string, Tradesperson[]>();
  for (const city of CITIES) {
    for (let slot = 0; slot < TRADESPEOPLE_PER_CITY; slot++) {
      const trade = TRADES[slot % TRADES.length]!;
      // The first of each trade in each city is verified, so every trade shows in every city's listing;
      // the rest are verified often enough to land near 85% overall.
      const verified = slot < TRADES.length || rng.chance(0.7);
      const tradesperson: Tradesperson =
        city === 'London' && slot === 0 ? demoTradesperson : { ...b.person(city), trade, verified };
      tradespeople.push(tradesperson);
      const key = `${city}|${trade}`;
      byCityTrade.set(key, [...(byCityTrade.get(key) ?? []), tradesperson]);
    }
  }

  const customers: Person[] = [];
  for (let i = 0; i < GENERATED_CUSTOMERS; i++) customers.push(b.person(CITIES[i % CITIES.length]!));

  // --- job plans
  const plans: JobPlan[] = [];
  const others = (city: City, category: JobCategory, except: Tradesperson[] = []) =>
    CATEGORY_TRADES[category]
      .flatMap((trade) => byCityTrade.get(`${city}|${trade}`) ?? [])
      .filter((t) => !except.includes(t));
  const otherPlumber = others('London', 'Plumbing', [demoTradesperson])[0]!;

  // The demo customer: one job in each state a customer can see, with the demo tradesperson on two.
  plans.push(
    {
      customer: demoCustomer,
      category: 'Plumbing',
      template: 0,
      outcome: { status: 'open', live: 3 },
      quoters: [demoTradesperson],
      talkToAll: true,
      postedDaysAgo: 3,
    },
    {
      customer: demoCustomer,
      category: 'Painting',
      template: 0,
      outcome: { status: 'open', live: 1 },
      withdrawn: true,
      talkToAll: true,
      postedDaysAgo: 6,
    },
    {
      customer: demoCustomer,
      category: 'Gardening',
      template: 2,
      outcome: { status: 'open', live: 0 },
      postedDaysAgo: 0,
    },
    {
      customer: demoCustomer,
      category: 'Plumbing',
      template: 2,
      outcome: { status: 'in_progress', booking: 'awaiting_payment', live: 2 },
      quoters: [demoTradesperson],
      talkToAll: true,
    },
    {
      customer: demoCustomer,
      category: 'Electrical',
      template: 3,
      outcome: { status: 'in_progress', booking: 'confirmed', live: 2 },
      talkToAll: true,
    },
    {
      customer: demoCustomer,
      category: 'Carpentry',
      template: 1,
      outcome: { status: 'in_progress', booking: 'pending', live: 2 },
    },
    {
      customer: demoCustomer,
      category: 'Roofing',
      template: 2,
      outcome: { status: 'completed', booking: 'paid', live: 3 },
      customerReview: { rating: 5, reply: true },
    },
    {
      customer: demoCustomer,
      category: 'Flooring',
      template: 1,
      outcome: { status: 'completed', booking: 'paid', live: 2 },
      customerReview: 'none',
    },
    { customer: demoCustomer, category: 'Cleaning', template: 1, outcome: { status: 'cancelled', live: 2 } },
  );

  // The demo tradesperson: jobs from other London customers in each state a tradesperson can see.
  const londoners = customers.filter((c) => c.city === 'London');
  const londoner = (i: number) => londoners[i % londoners.length]!;
  // A plumbing job of the i-th Londoner, quoted on by the demo tradesperson alone.
  const demoTpJob = (i: number, outcome: Outcome, customerReview?: JobPlan['customerReview']): JobPlan => ({
    customer: londoner(i),
    category: 'Plumbing',
    outcome,
    quoters: [demoTradesperson],
    ...(customerReview ? { customerReview } : {}),
  });
  plans.push(
    demoTpJob(0, { status: 'completed', booking: 'paid', live: 2 }, { rating: 5, reply: true }),
    demoTpJob(1, { status: 'completed', booking: 'paid', live: 3 }, { rating: 5, reply: false }),
    demoTpJob(2, { status: 'completed', booking: 'paid', live: 1 }, { rating: 4, reply: true }),
    demoTpJob(3, { status: 'in_progress', booking: 'confirmed', live: 2 }),
    demoTpJob(0, { status: 'in_progress', booking: 'pending', live: 1 }),
    demoTpJob(1, { status: 'open', live: 2 }),
    demoTpJob(2, { status: 'open', live: 1 }),
    {
      customer: londoner(3),
      category: 'Plumbing',
      outcome: { status: 'in_progress', booking: 'confirmed', live: 2 },
      quoters: [otherPlumber, demoTradesperson],
    },
  );

  // Everyone else: fixed numbers per state so every state appears, categories dealt round-robin.
  const outcomes: Outcome[] = [
    ...repeat(50, () => ({
      status: 'open' as const,
      live: rng.weighted([
        [0, 2],
        [1, 3],
        [2, 3],
        [3, 3],
      ]),
    })),
    ...repeat(11, () => ({ status: 'cancelled' as const, live: rng.int(0, 2) })),
    ...repeat(7, () => ({
      status: 'in_progress' as const,
      booking: 'pending' as const,
      live: rng.int(1, 3),
    })),
    ...repeat(14, () => ({
      status: 'in_progress' as const,
      booking: 'confirmed' as const,
      live: rng.int(1, 3),
    })),
    ...repeat(7, () => ({
      status: 'in_progress' as const,
      booking: 'awaiting_payment' as const,
      live: rng.int(1, 3),
    })),
    ...repeat(3, () => ({
      status: 'in_progress' as const,
      booking: 'disputed' as const,
      live: rng.int(1, 3),
    })),
    ...repeat(39, () => ({ status: 'completed' as const, booking: 'paid' as const, live: rng.int(1, 3) })),
    ...repeat(2, () => ({
      status: 'completed' as const,
      booking: 'paid_disputed' as const,
      live: rng.int(1, 3),
    })),
  ];
  const shuffledCustomers = rng.shuffle(customers);
  rng.shuffle(outcomes).forEach((outcome, i) => {
    plans.push({
      customer: shuffledCustomers[i % shuffledCustomers.length]!,
      category: JOB_CATEGORIES[i % JOB_CATEGORIES.length]!,
      outcome,
      withdrawn: rng.chance(0.12),
    });
  });

  for (const plan of plans) addJob(b, plan, others);

  // --- accounts, now that first activity is known
  b.addAccount(admin, 'customer', passwordHash);
  b.roles.push({ userId: admin.id, role: 'admin', createdAt: admin.fixedCreatedAt });
  b.addAccount(demoCustomer, 'customer', passwordHash);
  for (const customer of customers) b.addAccount(customer, 'customer', passwordHash);
  for (const tradesperson of tradespeople) addTradesperson(b, tradesperson, passwordHash, admin.id);

  return b;
}

function repeat<T>(n: number, make: () => T): T[] {
  return Array.from({ length: n }, make);
}

function addTradesperson(b: Builder, t: Tradesperson, passwordHash: string, adminId: string): void {
  const { rng } = b;
  const createdAt = b.addAccount(t, 'tradesperson', passwordHash);
  const content = TRADE_CONTENT[t.trade];
  const area = cityArea(t.city);
  const base = geocode(t.postcode);
  const areas = serviceAreas(rng, area, base, rng.int(2, 4));
  const years = rng.weighted([
    [rng.int(2, 6), 2],
    [rng.int(7, 15), 4],
    [rng.int(16, 35), 3],
  ]);
  const londonWeighting = t.city === 'London' ? 1.2 : 1;
  const [low, high] = content.hourlyRate.map((r) => Math.round(r * londonWeighting)) as [number, number];
  const rateMin = rng.int(low, high - 10);
  const rateMax = rng.int(rateMin + 5, high + 5);
  // A few leave rates blank, so the listing shows 'Rate on request'.
  const showRates = !rng.chance(0.06);
  const accreditation = rng.pick(content.accreditations);
  const last = t.fullName.split(' ').slice(1).join(' ');
  const towns = areas.slice(1);
  const areasText =
    towns.length > 1 ? `${towns.slice(0, -1).join(', ')} and ${towns[towns.length - 1]}` : towns[0]!;
  b.tradespersonProfiles.push(
    tradespersonRow({
      id: b.ids.uuid(),
      userId: t.id,
      trade: t.trade,
      businessName: rng.chance(0.75)
        ? `${last} ${rng.pick(content.businessNames)}${rng.chance(0.3) ? ' Ltd' : ''}`
        : null,
      phone: `07700 900${String(rng.int(0, 999)).padStart(3, '0')}`,
      bio: fill(rng.pick(content.bios), {
        years,
        city: t.city,
        areas: areasText,
        first: t.first,
        accreditation,
      }),
      hourlyRateMin: showRates ? rateMin : null,
      hourlyRateMax: showRates ? rateMax : null,
      yearsExperience: years,
      specialties: rng.sample(content.specialties, rng.int(3, 5)),
      serviceAreas: areas,
      basePostcode: t.postcode,
      serviceRadiusMiles:
        t.city === 'London' ? rng.pick([5, 8, 10, 12, 15]) : rng.pick([10, 15, 15, 20, 25, 30]),
      verified: t.verified,
      setupCompletedAt: t.verified || rng.chance(0.5) ? b.plus(createdAt, rng.int(1, 48) * HOUR) : null,
      createdAt,
    }),
  );
  // The demo account always has a week off coming, so the calendars show one.
  const week = demoAvailability(b.diary, { id: t.id, createdAt }, b.now, b.latest, {
    weekOff: t.email === demoAccount('tradesperson').email,
  });
  b.availability.push(week.availability);
  b.timeOff.push(...week.timeOff);
  const uploadedAt = b.earliest(b.plus(createdAt, rng.int(1, 72) * HOUR), b.latest);
  b.documents.push(
    ...verificationDocuments({
      userId: t.id,
      verified: t.verified,
      uploadedAt,
      reviewedBy: adminId,
      reviewedBefore: b.latest,
      newId: () => b.ids.uuid(),
      accreditation: t.verified && rng.chance(0.8) ? accreditation : undefined,
      insuranceExpiresOn: b.plus(b.now, rng.int(20, 340) * DAY),
      pending: rng.chance(0.5) ? 'waiting' : 'rejected',
      rejectionReason: rng.pick(DOCUMENT_REJECTION_REASONS),
    }),
  );
}

function addJob(
  b: Builder,
  plan: JobPlan,
  others: (city: City, category: JobCategory, except?: Tradesperson[]) => Tradesperson[],
): void {
  const { rng, now } = b;
  const { customer, category, outcome } = plan;
  const templates = JOB_TEMPLATES[category];
  const template = templates[plan.template ?? rng.int(0, templates.length - 1)]!;

  // Timeline: posted, quoted, accepted, completed, paid; every step in the past.
  const posted =
    plan.postedDaysAgo !== undefined
      ? b.ago(plan.postedDaysAgo)
      : outcome.status === 'open'
        ? b.ago(rng.int(1, 20))
        : outcome.status === 'cancelled'
          ? b.ago(rng.int(12, 90))
          : outcome.status === 'in_progress'
            ? b.ago(rng.int(9, 40))
            : outcome.booking === 'paid_disputed'
              ? b.ago(rng.int(16, 30))
              : b.ago(rng.int(35, 240));
  const quotingEnds = b.earliest(b.plus(posted, 4 * DAY), b.plus(b.latest, -HOUR));
  const acceptedAt = b.plus(quotingEnds, rng.int(2, 40) * HOUR);

  // Budgets arrive in whole pounds; some customers give none or only one end.
  const scale = 0.8 + rng.next() * 0.45;
  const roundTo = template.budget[1] >= 500 ? 50 : 10;
  const minPounds = Math.max(roundTo, Math.round((template.budget[0] * scale) / roundTo) * roundTo);
  const maxPounds = Math.max(minPounds, Math.round((template.budget[1] * scale) / roundTo) * roundTo);
  const budgetShape = rng.weighted([
    ['range', 80],
    ['none', 8],
    ['min', 7],
    ['max', 5],
  ] as const);
  const budgetMin = budgetShape === 'range' || budgetShape === 'min' ? minPounds * 100 : null;
  const budgetMax = budgetShape === 'range' || budgetShape === 'max' ? maxPounds * 100 : null;

  const jobId = b.ids.uuid();
  const area: CityArea = cityArea(customer.city);
  // Most people post for their own home; some for a rental or a relative's house nearby.
  const postcode = rng.chance(0.85) ? customer.postcode : randomPostcode(rng, area);
  b.seen(customer, posted);

  // Quoters: named ones first, then others of a matching trade in the same city.
  const named = plan.quoters ?? [];
  const pool = rng.shuffle(others(customer.city, category, named));
  const live = Math.min(outcome.live, named.length + pool.length);
  const liveQuoters = [...named, ...pool].slice(0, live);
  const spare = [...named, ...pool].slice(live);
  const withdrawer = plan.withdrawn ? spare[0] : undefined;
  const winnerIndex = plan.winner ?? 0;
  const booked = outcome.status === 'in_progress' || outcome.status === 'completed';
  const winner = booked ? liveQuoters[winnerIndex] : undefined;
  if (booked && !winner) throw new Error(`seed: booked ${category} job in ${customer.city} has no quoter`);

  const quoteAmount = () => {
    const low = (budgetMin ?? template.budget[0] * 100) / 100;
    const high = (budgetMax ?? template.budget[1] * 100) / 100;
    const pounds = low * 0.85 + rng.next() * (high * 1.1 - low * 0.85);
    const step = pounds >= 500 ? 25 : 5;
    return Math.max(step, Math.round(pounds / step) * step) * 100;
  };
  const quoteMessage = (t: Tradesperson) =>
    fill(rng.pick(QUOTE_MESSAGES), {
      customer: customer.first,
      tradesperson: t.first,
      days: rng.int(2, 6),
      weeks: rng.int(1, 3),
    });

  let winningQuote: { id: string; amount: number; createdAt: Date } | undefined;
  const quoteTimes = new Map<Tradesperson, Date>();
  for (const t of [...liveQuoters, ...(withdrawer ? [withdrawer] : [])]) {
    const isWithdrawn = t === withdrawer;
    const quotedAt = b.between(b.plus(posted, 40 * MINUTE), quotingEnds);
    const status = isWithdrawn
      ? 'withdrawn'
      : outcome.status === 'open'
        ? 'pending'
        : outcome.status === 'cancelled'
          ? 'rejected'
          : t === winner
            ? 'accepted'
            : 'rejected';
    const settledAt =
      status === 'accepted' || status === 'rejected'
        ? outcome.status === 'cancelled'
          ? b.earliest(b.plus(quotingEnds, 2 * DAY), b.latest)
          : acceptedAt
        : status === 'withdrawn'
          ? b.between(quotedAt, quotingEnds)
          : quotedAt;
    const id = b.ids.uuid();
    const amount = quoteAmount();
    b.quotes.push({
      id,
      jobId,
      tradespersonId: t.id,
      amount,
      message: quoteMessage(t),
      status,
      createdAt: quotedAt,
      updatedAt: settledAt,
    });
    b.seen(t, quotedAt);
    quoteTimes.set(t, quotedAt);
    if (t === winner) winningQuote = { id, amount, createdAt: quotedAt };
  }

  let jobUpdatedAt = posted;
  let cancelledAt: Date | null = null;
  if (outcome.status === 'cancelled') {
    cancelledAt = b.earliest(b.plus(quotingEnds, 2 * DAY), b.latest);
    jobUpdatedAt = cancelledAt;
  }

  // Booking, payment, reviews, disputes.
  let conversationStage: ConversationStage = outcome.status === 'open' ? 'enquiry' : 'cancelled';
  let conversationFrom = b.plus(posted, HOUR);
  let conversationTo = b.plus(quotingEnds, DAY);
  if (booked && winner && winningQuote) {
    const bookingId = b.ids.uuid();
    const base = {
      id: bookingId,
      jobId,
      quoteId: winningQuote.id,
      customerId: customer.id,
      tradespersonId: winner.id,
      // Always the quote's amount: the URL's amount on the booking screen is display only.
      amount: winningQuote.amount,
      createdAt: acceptedAt,
    };
    jobUpdatedAt = acceptedAt;
    conversationStage = 'booked';
    conversationFrom = b.plus(acceptedAt, HOUR);
    conversationTo = b.plus(acceptedAt, 4 * DAY);

    if (outcome.status === 'in_progress') {
      if (outcome.booking === 'pending') {
        b.bookings.push({
          ...base,
          status: 'pending',
          depositPaid: false,
          scheduledDate: b.isoDate(b.plus(now, rng.int(3, 21) * DAY)),
          updatedAt: acceptedAt,
        });
      } else if (outcome.booking === 'confirmed') {
        const confirmedAt = b.earliest(b.plus(acceptedAt, rng.int(1, 20) * HOUR), b.latest);
        b.bookings.push({
          ...base,
          status: 'confirmed',
          depositPaid: false,
          // Accepting on the job detail proposes no date; the booking screen does.
          scheduledDate: rng.chance(0.6) ? b.isoDate(b.plus(now, rng.int(1, 14) * DAY)) : null,
          confirmedAt,
          updatedAt: confirmedAt,
        });
      } else if (outcome.booking === 'awaiting_payment') {
        const confirmedAt = b.plus(acceptedAt, rng.int(1, 12) * HOUR);
        const completedAt = b.between(
          b.earliest(b.plus(confirmedAt, 2 * DAY), b.latest),
          b.plus(b.latest, -HOUR),
        );
        b.bookings.push({
          ...base,
          status: 'completed',
          depositPaid: false,
          scheduledDate: b.isoDate(b.plus(completedAt, -DAY)),
          confirmedAt,
          completedAt,
          updatedAt: completedAt,
        });
        conversationStage = 'completed';
        conversationFrom = b.plus(completedAt, -2 * HOUR);
        conversationTo = b.latest;
      } else {
        const confirmedAt = b.plus(acceptedAt, rng.int(1, 12) * HOUR);
        const disputedAt = b.between(b.earliest(b.plus(confirmedAt, DAY), b.latest), b.latest);
        b.bookings.push({
          ...base,
          status: 'disputed',
          depositPaid: false,
          confirmedAt,
          updatedAt: disputedAt,
        });
        const byCustomer = rng.chance(0.6);
        addDispute(
          b,
          bookingId,
          byCustomer ? customer : winner,
          byCustomer ? 'customer' : 'tradesperson',
          disputedAt,
          'confirmed',
        );
      }
    } else {
      const confirmedAt = b.plus(acceptedAt, rng.int(1, 12) * HOUR);
      const completedAt =
        outcome.booking === 'paid_disputed'
          ? b.plus(b.now, -rng.int(2, 6) * DAY - rng.int(1, 12) * HOUR)
          : b.plus(confirmedAt, rng.int(3, 25) * DAY);
      const paidAt = b.plus(completedAt, rng.int(1, 30) * HOUR);
      b.bookings.push({
        ...base,
        status: outcome.booking === 'paid' ? 'completed' : 'disputed',
        depositPaid: true,
        scheduledDate: b.isoDate(b.plus(completedAt, -DAY)),
        confirmedAt,
        completedAt,
        updatedAt: paidAt,
      });
      jobUpdatedAt = paidAt;
      conversationStage = 'completed';
      conversationFrom = b.plus(completedAt, -3 * HOUR);
      conversationTo = b.plus(paidAt, DAY);
      if (outcome.booking === 'paid_disputed') {
        // Raised inside the 7-day protection window, while the money is still held.
        addDispute(
          b,
          bookingId,
          customer,
          'customer',
          b.between(b.plus(paidAt, HOUR), b.latest),
          'completed',
        );
      } else {
        addReviews(b, bookingId, customer, winner, paidAt, plan.customerReview);
      }
    }
  }

  b.jobs.push(
    jobRow({
      id: jobId,
      customerId: customer.id,
      title: template.title,
      category,
      description: template.description,
      budgetMin,
      budgetMax,
      postcode,
      preferredStartDate: rng.chance(0.6) ? b.isoDate(b.plus(posted, rng.int(3, 30) * DAY)) : null,
      status: outcome.status,
      cancelledAt,
      createdAt: posted,
      updatedAt: jobUpdatedAt,
    }),
  );

  // Conversations: always with the booked tradesperson, sometimes with others who quoted.
  for (const t of liveQuoters) {
    const talk = plan.talkToAll || t === winner || rng.chance(outcome.status === 'open' ? 0.4 : 0.2);
    if (!talk || !b.conversationFree(customer.id, t.id)) continue;
    const stage = t === winner ? conversationStage : outcome.status === 'cancelled' ? 'cancelled' : 'enquiry';
    const quotedAt = quoteTimes.get(t)!;
    const from = t === winner ? conversationFrom : b.plus(quotedAt, 30 * MINUTE);
    const to = t === winner ? conversationTo : b.plus(quotedAt, 3 * DAY);
    b.addConversation(customer, t, jobId, stage, from, to);
  }
}

function addReviews(
  b: Builder,
  bookingId: string,
  customer: Person,
  tradesperson: Tradesperson,
  paidAt: Date,
  plan: JobPlan['customerReview'],
): void {
  const { rng } = b;
  const windowEnd = b.earliest(b.plus(paidAt, 6 * DAY), b.latest);
  const revealDueAt = reviewWindowClosesAt(paidAt);
  if (plan !== 'none' && (plan || rng.chance(0.75))) {
    const rating =
      plan?.rating ??
      rng.weighted<1 | 2 | 3 | 4 | 5>([
        [5, 60],
        [4, 27],
        [3, 8],
        [2, 3],
        [1, 2],
      ]);
    const reviewedAt = b.between(b.plus(paidAt, 2 * HOUR), windowEnd);
    const reply = plan ? plan.reply : rng.chance(0.3);
    b.reviews.push({
      id: b.ids.uuid(),
      bookingId,
      reviewerId: customer.id,
      revieweeId: tradesperson.id,
      rating,
      comment: !plan && rng.chance(0.1) ? null : rng.pick(REVIEW_COMMENTS[rating as 1 | 2 | 3 | 4 | 5]),
      reply: reply ? rng.pick(REVIEW_REPLIES) : null,
      repliedAt: reply
        ? b.between(b.plus(reviewedAt, HOUR), b.earliest(b.plus(reviewedAt, 3 * DAY), b.latest))
        : null,
      createdAt: reviewedAt,
      revealDueAt,
    });
  }
  if (rng.chance(0.35)) {
    b.reviews.push({
      id: b.ids.uuid(),
      bookingId,
      reviewerId: tradesperson.id,
      revieweeId: customer.id,
      rating: rng.chance(0.85) ? 5 : 4,
      comment: rng.pick(CUSTOMER_REVIEW_COMMENTS),
      createdAt: b.between(b.plus(paidAt, HOUR), windowEnd),
      revealDueAt,
    });
  }
  publishLikeTheApp(
    b.reviews.filter((r) => r.bookingId === bookingId),
    revealDueAt,
    b.latest,
  );
}

/**
 * Fair reveal as the app applies it (domain/reviews/reveal.ts): a booking's reviews are published
 * once both sides have written theirs, or when the window closes; until then they wait. A reply
 * exists only on a published review, so one planned on a waiting review is dropped.
 */
function publishLikeTheApp(bookingReviews: Row<typeof reviews>[], revealDueAt: Date, now: Date): void {
  const lastWritten = Math.max(...bookingReviews.map((r) => (r.createdAt as Date).getTime()));
  const publishedAt =
    bookingReviews.length === 2
      ? new Date(lastWritten)
      : revealDueAt.getTime() <= now.getTime()
        ? revealDueAt
        : null;
  for (const review of bookingReviews) {
    review.publishedAt = publishedAt;
    if (!review.repliedAt) continue;
    if (!publishedAt || publishedAt > now) {
      review.reply = null;
      review.repliedAt = null;
    } else if ((review.repliedAt as Date) < publishedAt) {
      review.repliedAt = publishedAt;
    }
  }
}

function addDispute(
  b: Builder,
  bookingId: string,
  raisedBy: Person,
  raisedByType: 'customer' | 'tradesperson',
  at: Date,
  bookingStatusBefore: 'confirmed' | 'completed',
): void {
  const { rng } = b;
  const reasons = raisedByType === 'customer' ? CUSTOMER_DISPUTE_REASONS : TRADESPERSON_DISPUTE_REASONS;
  const reason = rng.pick(reasons);
  // send-dispute-email ran a few minutes after it was raised; the other party then had 7 days. Some
  // are still waiting for that response, the rest went to review when it came.
  const notifiedAt = b.earliest(b.plus(at, rng.int(1, 10) * 60_000), b.latest);
  const awaiting = rng.chance(0.6);
  const reviewStartedAt = awaiting ? null : b.earliest(b.plus(notifiedAt, rng.int(2, 30) * HOUR), b.latest);
  b.disputes.push({
    id: b.ids.uuid(),
    bookingId,
    raisedBy: raisedBy.id,
    raisedByType,
    reason,
    description: rng.pick(DISPUTE_DESCRIPTIONS[reason] ?? DISPUTE_DESCRIPTIONS.Other!),
    status: awaiting ? 'awaiting_response' : 'under_review',
    bookingStatusBefore,
    notifiedAt,
    responseDueAt: new Date(notifiedAt.getTime() + DISPUTE_RULES.responseDays * DAY),
    reviewStartedAt,
    createdAt: at,
    updatedAt: reviewStartedAt ?? notifiedAt,
  });
}
