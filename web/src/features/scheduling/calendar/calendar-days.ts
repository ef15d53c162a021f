// The calendar's days: which dates a month or week view shows (Monday first, the UK week), how the
// arrows move, and what falls on each day. Dates are 'YYYY-MM-DD' UK days throughout.

import { addDays, datesFrom, isoWeekday } from '@domain/scheduling/availability';
import type {
  CalendarBooking,
  CalendarMilestone,
  CalendarTimeOff,
  CalendarView,
} from '@domain/scheduling/calendar';

export const VIEWS = { month: 'Month', week: 'Week' } as const;
export type CalendarMode = keyof typeof VIEWS;
export const isCalendarMode = (value: string | null): value is CalendarMode =>
  value !== null && value in VIEWS;

const weekStart = (date: string) => addDays(date, 1 - isoWeekday(date));
const monthStart = (date: string) => `${date.slice(0, 8)}01`;
const monthEnd = (date: string) => addDays(monthStart(nextMonth(date)), -1);
function nextMonth(date: string): string {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
function previousMonth(date: string): string {
  return monthStart(addDays(monthStart(date), -1));
}

export interface Period {
  /** The first and last day shown: whole weeks, so a month shows the ends of its neighbours. */
  from: string;
  to: string;
  /** The days the period is about (a month's own days; a week's seven). */
  start: string;
  end: string;
  days: string[];
}

/** The days shown for the month or week around `on`: a month is at most six weeks (42 days). */
export function periodOf(mode: CalendarMode, on: string): Period {
  const start = mode === 'month' ? monthStart(on) : weekStart(on);
  const end = mode === 'month' ? monthEnd(on) : addDays(start, 6);
  const from = weekStart(start);
  const to = addDays(weekStart(end), 6);
  return { from, to, start, end, days: datesFrom(from, to) };
}

/** The day the previous or next arrow moves to: a month or a week away. */
export function stepped(mode: CalendarMode, on: string, direction: -1 | 1): string {
  if (mode === 'week') return addDays(on, 7 * direction);
  return direction === 1 ? nextMonth(on) : previousMonth(on);
}

export interface DayContents {
  date: string;
  bookings: CalendarBooking[];
  milestones: CalendarMilestone[];
  timeOff: CalendarTimeOff | null;
  working: boolean;
}

/** What falls on each day of `days`: its bookings, milestone due dates, time off and whether it is worked. */
export function contentsByDay(view: CalendarView, days: readonly string[]): DayContents[] {
  const worked = new Set(view.workingWeek.map((d) => d.weekday));
  return days.map((date) => ({
    date,
    bookings: view.bookings.filter((b) => b.date === date),
    milestones: view.milestones.filter((m) => m.dueDate === date),
    timeOff: view.timeOff.find((t) => t.startsOn <= date && date <= t.endsOn) ?? null,
    working: worked.has(isoWeekday(date)),
  }));
}

/** Whether anything happens on the day (the phone's agenda lists only those). */
export const hasItems = (day: DayContents) =>
  day.bookings.length > 0 || day.milestones.length > 0 || day.timeOff !== null;
