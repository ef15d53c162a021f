import { z } from 'zod';
import { BOOKING_STATUSES } from '../catalog/statuses';
import { CalendarDate, Id, JobTitle, Text, unbounded } from '../fields';
import { AVAILABILITY_LIMITS, WorkingDay } from './availability';

// The availability settings' contract (docs/api/scheduling.md, "Availability"), shared by the routes
// and the web app. Kept apart from ./api so each part of the scheduling API has its own file.

/** The tradesperson's pattern as the settings form shows it. */
export const AvailabilityView = z.object({
  /** False until they first save one: until then any day can be booked, with no daily limit. */
  isSet: z.boolean(),
  /** The days worked, Monday first. */
  weeklyPattern: z.array(WorkingDay).max(7),
  leadTimeDays: z.number().int(),
  /** Null while not set: no daily limit. */
  jobsPerDay: z.number().int().nullable(),
});
export type AvailabilityView = z.infer<typeof AvailabilityView>;

export const TimeOffView = z.object({
  id: Id,
  startsOn: CalendarDate,
  endsOn: CalendarDate,
  note: Text.max(AVAILABILITY_LIMITS.timeOffNoteMax).nullable(),
});
export type TimeOffView = z.infer<typeof TimeOffView>;

/** GET and PUT /availability: the pattern and the time off that has not ended yet, earliest first. */
export const AvailabilityResponse = z.object({
  availability: AvailabilityView,
  timeOff: z.array(TimeOffView).max(AVAILABILITY_LIMITS.timeOffPeriodsMax),
});
export type AvailabilityResponse = z.infer<typeof AvailabilityResponse>;

/** A booking of theirs on a day of new time off: it stays booked, and the form says so. */
export const CoveredBookingView = z.object({
  id: Id,
  scheduledDate: CalendarDate,
  status: z.enum(BOOKING_STATUSES),
  jobTitle: JobTitle,
});
export type CoveredBookingView = z.infer<typeof CoveredBookingView>;

/** POST /availability/time-off: the period added, and their live bookings on its days (not cancelled). */
export const TimeOffCreatedResponse = z.object({
  timeOff: TimeOffView,
  bookingsCovered: unbounded(CoveredBookingView, 'every live booking of the tradesperson in the period'),
});
export type TimeOffCreatedResponse = z.infer<typeof TimeOffCreatedResponse>;

export const TimeOffParams = z.object({ id: Id });
