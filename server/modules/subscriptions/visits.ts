import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIMITS } from '../../../domain/catalog/catalog';
import { latestBookingDate, londonToday } from '../../../domain/marketplace/schemas';
import {
  type Availability,
  DAY_TAKING_STATUSES,
  dayRefusal,
  OPEN_AVAILABILITY,
  type TimeOffPeriod,
} from '../../../domain/scheduling/availability';
import {
  addDays,
  chargeDueOn,
  type Frequency,
  londonMidnight,
  SUBSCRIPTION_RULES as R,
  visitDatesUntil,
} from '../../../domain/subscriptions/rules';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import type { Executor } from '../../db/client';
import {
  bookings,
  jobPostings,
  quotes,
  subscriptions,
  subscriptionVisits,
  timeOff,
  tradespersonAvailability,
} from '../../db/schema';
import type { EventOutbox } from '../../queue/outbox';
import type { PlanRow } from './subscriptions.repository';

// Booking a plan's visits: each visit is a booking of its own (its own job, in progress, and an
// accepted quote at the visit's price), on the visit's day or the tradesperson's next bookable one.
// Shared by the scheduled job (many plans at once) and the customer's acceptance (one plan). The
// caller holds every plan's row lock: that lock, and the visit's unique key (plan, nominal date),
// make each visit booked once however many instances run the job.

/** How far past its nominal date a visit may move to find a day the tradesperson works. */
const SHIFT_DAYS_MAX = 14;

interface DayFacts {
  availability: Map<string, Availability>;
  timeOff: Map<string, TimeOffPeriod[]>;
  /** Day-taking bookings per tradesperson and day, including the visits this run books. */
  booked: Map<string, number>;
}

const dayKey = (tradespersonId: string, date: string) => `${tradespersonId}|${date}`;
/** The earliest of calendar dates ('YYYY-MM-DD' sort as text). */
const earliest = (dates: string[]) => [...dates].sort()[0]!;

/** The facts of every tradesperson's days in [from, to], in three statements for the whole batch. */
async function dayFactsOf(
  tx: Executor,
  tradespersonIds: string[],
  from: string,
  to: string,
): Promise<DayFacts> {
  const ids = sql.join(
    tradespersonIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // One after another: a transaction's connection runs one statement at a time.
  const availability = await tx
    .select()
    .from(tradespersonAvailability)
    .where(sql`${tradespersonAvailability.tradespersonId} in (${ids})`);
  const off = await tx
    .select({ tradespersonId: timeOff.tradespersonId, startsOn: timeOff.startsOn, endsOn: timeOff.endsOn })
    .from(timeOff)
    .where(
      sql`${timeOff.tradespersonId} in (${ids}) and ${timeOff.endsOn} >= ${from} and ${timeOff.startsOn} <= ${to}`,
    );
  const booked = await tx
    .select({
      tradespersonId: bookings.tradespersonId,
      day: bookings.scheduledDate,
      n: sql<number>`count(*)::int`,
    })
    .from(bookings)
    .where(
      sql`${bookings.tradespersonId} in (${ids}) and ${bookings.scheduledDate} between ${from} and ${to} and ${bookings.status} in (${sql.join(
        DAY_TAKING_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
    .groupBy(bookings.tradespersonId, bookings.scheduledDate);
  const facts: DayFacts = { availability: new Map(), timeOff: new Map(), booked: new Map() };
  for (const a of availability)
    facts.availability.set(a.tradespersonId, {
      weeklyPattern: a.weeklyPattern,
      // The plan was agreed ahead: a lead time never pushes its visits back.
      leadTimeDays: 0,
      jobsPerDay: a.jobsPerDay,
    });
  for (const t of off) {
    const list = facts.timeOff.get(t.tradespersonId) ?? [];
    list.push({ startsOn: t.startsOn, endsOn: t.endsOn });
    facts.timeOff.set(t.tradespersonId, list);
  }
  for (const b of booked) facts.booked.set(dayKey(b.tradespersonId, b.day!), b.n);
  return facts;
}

/**
 * The day a visit happens: its nominal date, or the first day after it the tradesperson works, is not
 * away and has a place left (DOMAIN-RULES 12); a visit whose date has passed (the job ran late) is
 * booked from today. With no such day within SHIFT_DAYS_MAX, the nominal date stands.
 */
export function visitDay(facts: DayFacts, tradespersonId: string, nominal: string, today: string): string {
  const availability = facts.availability.get(tradespersonId) ?? OPEN_AVAILABILITY;
  const off = facts.timeOff.get(tradespersonId) ?? [];
  const first = nominal < today ? today : nominal;
  for (let i = 0; i <= SHIFT_DAYS_MAX; i++) {
    const date = addDays(first, i);
    const refusal = dayRefusal(date, {
      availability,
      timeOff: off,
      booked: facts.booked.get(dayKey(tradespersonId, date)) ?? 0,
      today,
      latest: latestBookingDate(today),
    });
    if (!refusal) return date;
  }
  return first;
}

/** A visit's job title and description, within the job's own limits (a plan's may be shorter). */
function jobTexts(plan: Pick<PlanRow, 'title' | 'description'>) {
  const title = plan.title!.length >= LIMITS.jobTitleMin ? plan.title! : `${plan.title} visit`;
  const description =
    plan.description!.length >= LIMITS.jobDescriptionMin
      ? plan.description!
      : `${plan.description} (repeat visit)`;
  return { title: title.padEnd(LIMITS.jobTitleMin, '.'), description };
}

export interface BookedVisit {
  visitId: string;
  planId: string;
  bookingId: string;
  visitDate: string;
}

/** The last nominal date a plan books now: the horizon, and for a cancelled plan its last visit. */
function lastDateOf(plan: PlanRow, horizon: string): string | null {
  if (plan.status === 'active') return horizon;
  if (plan.status === 'cancelled' && plan.endsOn) return plan.endsOn < horizon ? plan.endsOn : horizon;
  return null;
}

/**
 * Books every visit of the locked `plans` whose nominal date is within bookAheadDays (visits already
 * skipped are passed over), moves each plan's next_visit_index on, and records `subscription.visit_booked`
 * for each. Statements for the whole batch: the facts of the days (3), the visit rows already there
 * (1), then one multi-row insert each of jobs, quotes, bookings and visits, and one update of the plans;
 * each event is its own record (2 statements).
 */
export async function bookVisitsOfPlans(
  tx: Executor,
  events: EventOutbox,
  plans: PlanRow[],
  now: Date,
): Promise<BookedVisit[]> {
  const today = londonToday(now);
  const horizon = addDays(today, R.bookAheadDays);
  const due = plans.flatMap((plan) => {
    const last = lastDateOf(plan, horizon);
    if (!last || !plan.startDate || !plan.frequency) return [];
    const dates = visitDatesUntil(plan.startDate, plan.frequency as Frequency, last, plan.nextVisitIndex);
    return dates.map((d) => ({ plan, ...d }));
  });
  if (due.length === 0) return [];
  const planIds = [...new Set(due.map((d) => d.plan.id))];
  const present = await tx
    .select({ planId: subscriptionVisits.subscriptionId, nominal: subscriptionVisits.nominalDate })
    .from(subscriptionVisits)
    .where(
      sql`${subscriptionVisits.subscriptionId} in (${sql.join(
        planIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ${subscriptionVisits.nominalDate} >= ${earliest(due.map((d) => d.date))}`,
    );
  const taken = new Set(present.map((p) => `${p.planId}|${p.nominal}`));
  const toBook = due.filter((d) => !taken.has(`${d.plan.id}|${d.date}`));
  const nextIndex = new Map<string, number>();
  for (const d of due) nextIndex.set(d.plan.id, Math.max(nextIndex.get(d.plan.id) ?? 0, d.index + 1));

  const booked: BookedVisit[] = [];
  if (toBook.length > 0) {
    const from = earliest([today, ...toBook.map((d) => d.date)]);
    const to = addDays(horizon, SHIFT_DAYS_MAX);
    const facts = await dayFactsOf(tx, [...new Set(toBook.map((d) => d.plan.tradespersonId))], from, to);
    const rows = visitRows(toBook, facts, today, now);
    booked.push(...rows.booked);
    await tx.insert(jobPostings).values(rows.jobs);
    await tx.insert(quotes).values(rows.quotes);
    await tx.insert(bookings).values(rows.bookings);
    await tx.insert(subscriptionVisits).values(rows.visits);
  }
  await advancePlans(tx, nextIndex, now);
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const b of booked) {
    const plan = byId.get(b.planId)!;
    await events.record(tx, {
      type: 'subscription.visit_booked',
      actorId: null,
      payload: {
        subscriptionId: plan.id,
        customerId: plan.customerId,
        tradespersonId: plan.tradespersonId,
        visitId: b.visitId,
        bookingId: b.bookingId,
        visitDate: b.visitDate,
      },
    });
  }
  return booked;
}

/** The rows of each visit to book: its job, accepted quote, confirmed booking and visit row. */
function visitRows(
  toBook: { plan: PlanRow; index: number; date: string }[],
  facts: DayFacts,
  today: string,
  now: Date,
) {
  const booked: BookedVisit[] = [];
  const places = new Map<string, ReturnType<typeof placeOf>>();
  const jobs: (typeof jobPostings.$inferInsert)[] = [];
  const quoteRows: (typeof quotes.$inferInsert)[] = [];
  const bookingRows: (typeof bookings.$inferInsert)[] = [];
  const visitRowList: (typeof subscriptionVisits.$inferInsert)[] = [];
  for (const d of toBook) {
    const plan = d.plan;
    const date = visitDay(facts, plan.tradespersonId, d.date, today);
    const key = dayKey(plan.tradespersonId, date);
    facts.booked.set(key, (facts.booked.get(key) ?? 0) + 1);
    if (!places.has(plan.id)) places.set(plan.id, placeOf(plan.postcode));
    const jobId = randomUUID();
    const quoteId = randomUUID();
    const bookingId = randomUUID();
    const visitId = randomUUID();
    const price = plan.pricePerVisitPence!;
    jobs.push({
      id: jobId,
      customerId: plan.customerId,
      ...jobTexts(plan),
      category: plan.category,
      ...places.get(plan.id)!,
      preferredStartDate: date,
      status: 'in_progress',
      liveQuoteCount: 1,
      createdAt: now,
      updatedAt: now,
    });
    quoteRows.push({
      id: quoteId,
      jobId,
      tradespersonId: plan.tradespersonId,
      amount: price,
      message: `Visit ${d.index + 1} of the repeat service plan '${plan.title}'`,
      status: 'accepted',
      createdAt: now,
      updatedAt: now,
    });
    bookingRows.push({
      id: bookingId,
      jobId,
      quoteId,
      customerId: plan.customerId,
      tradespersonId: plan.tradespersonId,
      amount: price,
      status: 'confirmed',
      scheduledDate: date,
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const chargeAt = londonMidnight(chargeDueOn(date));
    visitRowList.push({
      id: visitId,
      subscriptionId: plan.id,
      visitIndex: d.index,
      nominalDate: d.date,
      visitDate: date,
      status: 'booked',
      bookingId,
      pricePence: price,
      nextChargeAt: chargeAt > now ? chargeAt : now,
      createdAt: now,
      updatedAt: now,
    });
    booked.push({ visitId, planId: plan.id, bookingId, visitDate: date });
  }
  return { jobs, quotes: quoteRows, bookings: bookingRows, visits: visitRowList, booked };
}

/** Each plan's next visit to book, in one statement for the batch. */
async function advancePlans(tx: Executor, nextIndex: Map<string, number>, now: Date) {
  if (nextIndex.size === 0) return;
  const values = sql.join(
    [...nextIndex].map(([id, n]) => sql`(${id}::uuid, ${n}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${subscriptions} s set next_visit_index = greatest(s.next_visit_index, v.n), updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, n)
     where s.id = v.id`);
}

/** Where a visit's job is: the plan's full postcode, placed as a posted job's is. */
function placeOf(postcode: string) {
  const place = getGeoDirectory().geocodePostcode(postcode);
  if (!place.ok) return { postcode, outcode: postcode.split(' ')[0]!, lat: null, lng: null };
  return { postcode: place.postcode, outcode: place.outcode, lat: place.lat, lng: place.lng };
}
