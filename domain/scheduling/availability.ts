import { z } from 'zod';
import { DATE_PATTERN, isCalendarDate } from '../marketplace/schemas';

// A tradesperson's availability (DOMAIN-RULES 12): the weekdays and hours they work, time off, how
// far ahead a booking must be made (lead time) and how many bookings a day they take. The rules are
// pure so the booking calendar greys out exactly the days the server would refuse.

/** ISO weekdays: 1 = Monday … 7 = Sunday (the UK week starts on Monday). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

export const AVAILABILITY_LIMITS = {
  leadTimeDaysMax: 60,
  jobsPerDayMin: 1,
  jobsPerDayMax: 10,
  timeOffNoteMax: 200,
  /** Time off further ahead than this is a typo: bookings are taken up to a year ahead. */
  timeOffDaysMax: 366,
  /** How many time-off periods a tradesperson keeps at once. */
  timeOffPeriodsMax: 100,
} as const;

/** The API's and the form's words (ours: the spec is silent on availability). */
export const AVAILABILITY_MESSAGES = {
  timeInvalid: 'Enter a time like 08:00',
  endAfterStart: 'The finish time must be after the start time',
  dayTwice: 'Each day can appear only once',
  leadTime: `Lead time must be a whole number of days from 0 to ${AVAILABILITY_LIMITS.leadTimeDaysMax}`,
  jobsPerDay: `Jobs a day must be a whole number from ${AVAILABILITY_LIMITS.jobsPerDayMin} to ${AVAILABILITY_LIMITS.jobsPerDayMax}`,
  dateInvalid: 'Please enter a valid date',
  timeOffEndBeforeStart: 'The last day off must be on or after the first',
  timeOffPast: 'Time off must end today or later',
  timeOffTooLong: 'Time off can cover at most a year',
  timeOffOverlap: 'This overlaps time off you have already set',
  timeOffNoteLong: `The note must be at most ${AVAILABILITY_LIMITS.timeOffNoteMax} characters`,
  timeOffTooMany: `You can keep at most ${AVAILABILITY_LIMITS.timeOffPeriodsMax} periods of time off`,
  timeOffNotFound: 'Time off not found',
  onlyTradespeople: 'Only tradespeople have a working pattern',
} as const;

/** Why a day cannot be booked, in the words the calendar and the API use. */
export const DAY_REFUSALS = {
  past: 'That date has passed',
  lead_time: 'This tradesperson needs more notice for that date',
  not_working: 'This tradesperson does not work on that day',
  time_off: 'This tradesperson is away on that date',
  full: 'This tradesperson is fully booked on that date',
  too_far: 'Please choose a date no more than a year from today',
} as const;
export type DayRefusal = keyof typeof DAY_REFUSALS;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z
  .string({ error: AVAILABILITY_MESSAGES.timeInvalid })
  .max(5, AVAILABILITY_MESSAGES.timeInvalid)
  .regex(TIME, AVAILABILITY_MESSAGES.timeInvalid);

export const WorkingDay = z
  .object({
    weekday: z.union(WEEKDAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<Weekday>[]]),
    start: time,
    end: time,
  })
  .refine((d) => !TIME.test(d.start) || !TIME.test(d.end) || d.end > d.start, {
    message: AVAILABILITY_MESSAGES.endAfterStart,
    path: ['end'],
  });
export type WorkingDay = z.infer<typeof WorkingDay>;

/** PUT /availability: the whole working pattern at once (a form saves all of it). */
export const AvailabilityBody = z.object({
  weeklyPattern: z
    .array(WorkingDay)
    .max(7)
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((d, i) => {
        if (seen.has(d.weekday))
          ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.dayTwice, path: [i, 'weekday'] });
        seen.add(d.weekday);
      });
    }),
  leadTimeDays: z
    .number({ error: AVAILABILITY_MESSAGES.leadTime })
    .int(AVAILABILITY_MESSAGES.leadTime)
    .min(0, AVAILABILITY_MESSAGES.leadTime)
    .max(AVAILABILITY_LIMITS.leadTimeDaysMax, AVAILABILITY_MESSAGES.leadTime),
  jobsPerDay: z
    .number({ error: AVAILABILITY_MESSAGES.jobsPerDay })
    .int(AVAILABILITY_MESSAGES.jobsPerDay)
    .min(AVAILABILITY_LIMITS.jobsPerDayMin, AVAILABILITY_MESSAGES.jobsPerDay)
    .max(AVAILABILITY_LIMITS.jobsPerDayMax, AVAILABILITY_MESSAGES.jobsPerDay),
});
export type AvailabilityInput = z.infer<typeof AvailabilityBody>;

const day = z
  .string({ error: AVAILABILITY_MESSAGES.dateInvalid })
  .max(10, AVAILABILITY_MESSAGES.dateInvalid)
  .regex(DATE_PATTERN, AVAILABILITY_MESSAGES.dateInvalid)
  .refine(isCalendarDate, AVAILABILITY_MESSAGES.dateInvalid);

/** POST /availability/time-off; `today` is injected so tests can fix it. */
export function timeOffSchema(today: () => string) {
  return z
    .object({
      startsOn: day,
      endsOn: day,
      note: z
        .string()
        .trim()
        .max(AVAILABILITY_LIMITS.timeOffNoteMax, AVAILABILITY_MESSAGES.timeOffNoteLong)
        .optional()
        .transform((n) => (n ? n : null)),
    })
    .superRefine((t, ctx) => {
      if (t.endsOn < t.startsOn) {
        ctx.addIssue({
          code: 'custom',
          message: AVAILABILITY_MESSAGES.timeOffEndBeforeStart,
          path: ['endsOn'],
        });
      } else if (t.endsOn < today()) {
        ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.timeOffPast, path: ['endsOn'] });
      } else if (daysBetween(t.startsOn, t.endsOn) >= AVAILABILITY_LIMITS.timeOffDaysMax) {
        ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.timeOffTooLong, path: ['endsOn'] });
      }
    });
}

/** What a tradesperson keeps: their pattern (none set: every day, no limit) and their time off. */
export interface Availability {
  weeklyPattern: WorkingDay[];
  leadTimeDays: number;
  jobsPerDay: number;
}
export interface TimeOffPeriod {
  startsOn: string;
  endsOn: string;
}

/**
 * A tradesperson who has never set a pattern keeps the behaviour bookings always had: any day, no
 * daily limit. Setting one is what makes the calendar offer only their days.
 */
export const OPEN_AVAILABILITY: Availability = {
  weeklyPattern: WEEKDAYS.map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  leadTimeDays: 0,
  jobsPerDay: Number.MAX_SAFE_INTEGER,
};

// Dates are 'YYYY-MM-DD' calendar days: arithmetic on them is done at UTC midnight, where no day is
// 23 or 25 hours long.
const utc = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const MS_PER_DAY = 86_400_000;

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(utc(date) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / MS_PER_DAY);
}

/** The ISO weekday of a date (1 = Monday … 7 = Sunday). */
export function isoWeekday(date: string): Weekday {
  const d = new Date(utc(date)).getUTCDay();
  return (d === 0 ? 7 : d) as Weekday;
}

/** Each date from `from` to `to`, both included. */
export function datesFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface DayFacts {
  availability: Availability;
  timeOff: readonly TimeOffPeriod[];
  /** Live bookings of the tradesperson on that day (not counting the one being moved, if any). */
  booked: number;
  /** Today in the UK. */
  today: string;
  /** The last day bookings are taken (a year from today). */
  latest: string;
}

/** Why `date` cannot be booked, or null when it can. Checked in this order, the first reason wins. */
export function dayRefusal(date: string, f: DayFacts): DayRefusal | null {
  if (date < f.today) return 'past';
  if (date > f.latest) return 'too_far';
  if (daysBetween(f.today, date) < f.availability.leadTimeDays) return 'lead_time';
  if (!f.availability.weeklyPattern.some((w) => w.weekday === isoWeekday(date))) return 'not_working';
  if (f.timeOff.some((t) => t.startsOn <= date && date <= t.endsOn)) return 'time_off';
  if (f.booked >= f.availability.jobsPerDay) return 'full';
  return null;
}

/** The widest range of days one request reads: a month view with its leading and trailing weeks. */
export const DAY_RANGE_MAX_DAYS = 62;
/** The refusal of a range of days that is reversed or wider than that (on its `to`). */
export const DAY_RANGE_MESSAGE = `Choose 1 to ${DAY_RANGE_MAX_DAYS} days, the first on or before the last`;
/** Whether [from, to] is a range of days one request may read. */
export function isDayRange(from: string, to: string): boolean {
  const span = daysBetween(from, to);
  return span >= 0 && span < DAY_RANGE_MAX_DAYS;
}

/** Whether two periods share a day. */
export const periodsOverlap = (a: TimeOffPeriod, b: TimeOffPeriod) =>
  a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;

/** Booking statuses that take one of the day's places (a cancelled booking frees its place). */
export const DAY_TAKING_STATUSES = ['pending', 'confirmed', 'completed', 'disputed'] as const;
