import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AVAILABILITY_LIMITS, type WorkingDay } from '../../../domain/scheduling/availability';
import { RESCHEDULE_LIMITS, RESCHEDULE_STATUSES } from '../../../domain/scheduling/reschedules';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';

// A tradesperson's working week (DOMAIN-RULES 12): their pattern, time off, reschedules of their
// bookings and their private calendar feed.

/** One row per tradesperson who has set a pattern; none means any day, no limit (OPEN_AVAILABILITY). */
export const tradespersonAvailability = pgTable(
  'tradesperson_availability',
  {
    tradespersonId: uuid('tradesperson_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The days worked and their hours, validated by AvailabilityBody (one entry per weekday). */
    weeklyPattern: jsonb('weekly_pattern').$type<WorkingDay[]>().notNull(),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    jobsPerDay: integer('jobs_per_day').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('availability_weekly_pattern_check', sql`jsonb_typeof(${t.weeklyPattern}) = 'array'`),
    check(
      'availability_lead_time_check',
      sql`${t.leadTimeDays} between 0 and ${sql.raw(String(AVAILABILITY_LIMITS.leadTimeDaysMax))}`,
    ),
    check(
      'availability_jobs_per_day_check',
      sql`${t.jobsPerDay} between ${sql.raw(String(AVAILABILITY_LIMITS.jobsPerDayMin))} and ${sql.raw(String(AVAILABILITY_LIMITS.jobsPerDayMax))}`,
    ),
  ],
);

/** Days a tradesperson does not work (holidays), both ends included. */
export const timeOff = pgTable(
  'time_off',
  {
    id: id(),
    tradespersonId: requiredRef('tradesperson_id', () => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('time_off_order_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'time_off_note_check',
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(AVAILABILITY_LIMITS.timeOffNoteMax))}`,
    ),
    index('time_off_tradesperson_idx').on(t.tradespersonId, t.startsOn),
  ],
);

/** A proposal to move a booking to another date; the booking's history of dates. */
export const bookingReschedules = pgTable(
  'booking_reschedules',
  {
    id: id(),
    bookingId: requiredRef('booking_id', () => bookings.id, { onDelete: 'cascade' }),
    proposedBy: requiredRef('proposed_by', () => users.id),
    /** The booking's date when it was proposed (null: none had been agreed). */
    fromDate: date('from_date'),
    toDate: date('to_date').notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    /** The reason given with a decline. */
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: tsz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('booking_reschedules_status_check', oneOf(t.status, RESCHEDULE_STATUSES)),
    check(
      'booking_reschedules_note_check',
      sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(RESCHEDULE_LIMITS.noteMax))}`,
    ),
    check(
      'booking_reschedules_decision_note_check',
      sql`${t.decisionNote} is null or char_length(${t.decisionNote}) <= ${sql.raw(String(RESCHEDULE_LIMITS.noteMax))}`,
    ),
    // One open proposal per booking: a second waits until the first is answered or withdrawn.
    uniqueIndex('booking_reschedules_one_pending').on(t.bookingId).where(sql`${t.status} = 'pending'`),
    index('booking_reschedules_booking_idx').on(t.bookingId, t.createdAt),
  ],
);

/**
 * A tradesperson's private calendar feed. Only the token's SHA-256 is kept (like sessions): the address
 * is shown once when made; regenerating replaces the hash, so the old address stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  tradespersonId: uuid('tradesperson_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});
