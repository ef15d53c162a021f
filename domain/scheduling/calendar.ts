import { z } from 'zod';
import { JOB_CATEGORIES } from '../catalog/catalog';
import { MILESTONE_STATUSES } from '../catalog/statuses';
import {
  CalendarDate,
  catalogString,
  Id,
  JobTitle,
  PersonName,
  Postcode,
  Timestamp,
  unbounded,
} from '../fields';
import { MILESTONE_RULES } from '../milestones/messages';
import { AVAILABILITY_LIMITS, DAY_TAKING_STATUSES, WEEKDAYS, WorkingDay } from './availability';

// The tradesperson's calendar and its private .ics feed (docs/api/scheduling.md): the contract, and
// the rules of what either shows, shared by the server, the feed and the web page.

/** The feed covers bookings from this many days ago to this many ahead (a year). */
export const FEED_WINDOW = { pastDays: 90, aheadDays: 365 } as const;

/** The bookings a calendar shows: those that hold a day (a cancelled one is gone from it). */
export const CALENDAR_BOOKING_STATUSES = DAY_TAKING_STATUSES;
export type CalendarBookingStatus = (typeof CALENDAR_BOOKING_STATUSES)[number];

export const CALENDAR_MESSAGES = {
  feedName: 'TradeNest bookings',
  timeOff: 'Time off',
  milestoneDue: (title: string) => `Milestone due: ${title}`,
  feedNotFound: 'Calendar feed not found',
} as const;

/** The status words the calendar and the feed use. */
export const CALENDAR_STATUS_LABELS: Record<CalendarBookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  disputed: 'Disputed',
};

/**
 * What the tradesperson may see of where a job is (DOMAIN-RULES 2): the outward code until they have
 * confirmed the booking, the full postcode from then on. The page and the feed show the same.
 */
export function calendarPostcode(status: CalendarBookingStatus, postcode: string, outcode: string): string {
  return status === 'pending' ? outcode : postcode;
}

/** A customer as the calendar names them: first name only ("Customer" once the account is deleted). */
export function customerFirstName(fullName: string | null): string {
  return fullName?.trim().split(/\s+/)[0] || 'Customer';
}

/** A booking's line in the calendar and the feed's event title. */
export const bookingSummary = (jobTitle: string, firstName: string) => `${jobTitle} — ${firstName}`;

export const CalendarQuery = z.object({ from: CalendarDate, to: CalendarDate });

const CalendarBooking = z.object({
  id: Id,
  jobId: Id,
  date: CalendarDate,
  status: z.enum(CALENDAR_BOOKING_STATUSES),
  jobTitle: JobTitle,
  category: catalogString(JOB_CATEGORIES),
  customerFirstName: PersonName,
  /** The outward code until the booking is confirmed, the full postcode once it is. */
  postcode: Postcode,
  /** Pence. */
  amount: z.number().int(),
  /**
   * The repeat service plan whose visit this booking is (docs/api/subscriptions.md), null otherwise.
   * The server always sends it; optional so that a client built before plans reads the answer as before.
   */
  planId: Id.nullable().optional(),
});
export type CalendarBooking = z.infer<typeof CalendarBooking>;

const CalendarMilestone = z.object({
  id: Id,
  bookingId: Id,
  jobId: Id,
  dueDate: CalendarDate,
  title: z.string().max(MILESTONE_RULES.titleMax * 2),
  /** Pence. */
  amount: z.number().int(),
  status: z.enum(MILESTONE_STATUSES),
});
export type CalendarMilestone = z.infer<typeof CalendarMilestone>;

const CalendarTimeOff = z.object({
  id: Id,
  startsOn: CalendarDate,
  endsOn: CalendarDate,
  note: z.string().max(AVAILABILITY_LIMITS.timeOffNoteMax).nullable(),
});
export type CalendarTimeOff = z.infer<typeof CalendarTimeOff>;

/** GET /calendar: the range's bookings, milestone due dates and time off, and the working week. */
export const CalendarView = z.object({
  from: CalendarDate,
  to: CalendarDate,
  bookings: unbounded(CalendarBooking, 'a tradesperson with no daily limit may take any number a day'),
  milestones: unbounded(CalendarMilestone, 'a booking may have any number of milestones due in the range'),
  timeOff: z.array(CalendarTimeOff).max(AVAILABILITY_LIMITS.timeOffPeriodsMax),
  /** The days worked and their hours; every day when no pattern was ever set. */
  workingWeek: z.array(WorkingDay).max(WEEKDAYS.length),
});
export type CalendarView = z.infer<typeof CalendarView>;

/** GET /calendar/feed: whether there is a feed and when its address was made (the address is not kept). */
export const CalendarFeedStatus = z.object({ feed: z.object({ createdAt: Timestamp }).nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** POST /calendar/feed: the new address, shown this once. */
export const CalendarFeedCreated = z.object({
  feed: z.object({ createdAt: Timestamp }),
  url: z.url().max(2048),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

/** GET /calendar/feed/:token.ics: any string up to a bound; an unknown one is a 404 like a revoked one. */
export const CalendarFeedParams = z.object({ token: z.string().max(100) });
