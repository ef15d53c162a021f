import { formatPence } from '@domain/payments/money';
import {
  bookingSummary,
  CALENDAR_MESSAGES,
  CALENDAR_STATUS_LABELS,
  type CalendarBooking,
  type CalendarBookingStatus,
  type CalendarMilestone,
} from '@domain/scheduling/calendar';
import {
  AlertTriangle,
  CheckCheck,
  CheckCircle2,
  Clock,
  Flag,
  type LucideIcon,
  Palmtree,
  Repeat,
} from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { formatDateOnly } from '@/lib/format';
import { cn } from '@/lib/utils';
import { type DayContents, hasItems } from './calendar-days';

// The month grid, the week's columns and the phone's agenda. Each status has its own colour and its
// own icon and words, so nothing is told by colour alone; every booking and milestone links to its job.

const STATUS_LOOK: Record<CalendarBookingStatus, { icon: LucideIcon; className: string }> = {
  pending: {
    icon: Clock,
    className:
      'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
  },
  confirmed: {
    icon: CheckCircle2,
    className:
      'border-blue-300 bg-blue-50 text-blue-900 dark:border-blue-700 dark:bg-blue-950 dark:text-blue-200',
  },
  completed: {
    icon: CheckCheck,
    className:
      'border-green-300 bg-green-50 text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-200',
  },
  disputed: {
    icon: AlertTriangle,
    className: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-200',
  },
};

const MILESTONE_CLASS =
  'border-violet-300 bg-violet-50 text-violet-900 dark:border-violet-700 dark:bg-violet-950 dark:text-violet-200';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type Detail = 'compact' | 'full';

/** A visit of a repeat service plan: the server names its plan (subscriptions, issue 39). */
const isRepeatVisit = (booking: CalendarBooking) => Boolean(booking.planId);

export const REPEAT_VISIT = 'Repeat visit';

/** What each colour and icon means, above the calendar. */
export function CalendarLegend() {
  return (
    <ul aria-label="Key" className="flex flex-wrap gap-2 text-xs">
      {(Object.keys(STATUS_LOOK) as CalendarBookingStatus[]).map((status) => {
        const { icon: Icon, className } = STATUS_LOOK[status];
        return (
          <li
            key={status}
            className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5', className)}
          >
            <Icon aria-hidden="true" className="size-3.5" />
            {CALENDAR_STATUS_LABELS[status]}
          </li>
        );
      })}
      <li className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5', MILESTONE_CLASS)}>
        <Flag aria-hidden="true" className="size-3.5" />
        Milestone due
      </li>
      <li className="inline-flex items-center gap-1 rounded-full border border-border bg-card px-2 py-0.5">
        <Repeat aria-hidden="true" className="size-3.5" />
        {REPEAT_VISIT}
      </li>
      <li className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-2 py-0.5 text-muted-foreground">
        <Palmtree aria-hidden="true" className="size-3.5" />
        Time off or not working
      </li>
    </ul>
  );
}

function BookingItem({ booking, detail }: { booking: CalendarBooking; detail: Detail }) {
  const { icon: Icon, className } = STATUS_LOOK[booking.status];
  const label = CALENDAR_STATUS_LABELS[booking.status];
  const repeat = isRepeatVisit(booking);
  return (
    <Link
      to={`/job/${booking.jobId}`}
      className={cn(
        'flex items-start gap-1 rounded-md border px-1.5 py-1 text-xs leading-snug hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {detail === 'compact' ? (
        <span className="min-w-0 truncate">
          <span className="sr-only">
            {label}
            {repeat ? `, ${REPEAT_VISIT.toLowerCase()}` : ''}:{' '}
          </span>
          {repeat && <Repeat aria-hidden="true" className="mr-0.5 inline size-3" />}
          {booking.jobTitle}
          <span className="sr-only"> — {booking.customerFirstName}</span>
        </span>
      ) : (
        <span className="min-w-0">
          <span className="font-semibold">{label}: </span>
          {repeat && (
            <span className="mr-1 inline-flex items-center gap-0.5 font-medium">
              <Repeat aria-hidden="true" className="size-3" />
              {REPEAT_VISIT} ·
            </span>
          )}
          <span className="break-words">{bookingSummary(booking.jobTitle, booking.customerFirstName)}</span>
          <span className="block opacity-90">
            {booking.postcode} · {formatPence(booking.amount)}
          </span>
        </span>
      )}
    </Link>
  );
}

function MilestoneItem({ milestone, detail }: { milestone: CalendarMilestone; detail: Detail }) {
  return (
    <Link
      to={`/job/${milestone.jobId}`}
      className={cn(
        'flex items-start gap-1 rounded-md border px-1.5 py-1 text-xs leading-snug hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        MILESTONE_CLASS,
      )}
    >
      <Flag aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span className={cn('min-w-0', detail === 'compact' && 'truncate')}>
        {CALENDAR_MESSAGES.milestoneDue(milestone.title)}
        {detail === 'full' && <span className="block opacity-90">{formatPence(milestone.amount)}</span>}
      </span>
    </Link>
  );
}

/** A day's bookings, milestone due dates and time off, as a list (nothing when the day is empty). */
function DayItems({ day, detail }: { day: DayContents; detail: Detail }) {
  if (!hasItems(day)) return null;
  return (
    <ul className="mt-1 space-y-1">
      {day.timeOff && (
        <li className="flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs text-muted-foreground">
          <Palmtree aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate">
            {CALENDAR_MESSAGES.timeOff}
            {detail === 'full' && day.timeOff.note ? `: ${day.timeOff.note}` : ''}
          </span>
        </li>
      )}
      {day.bookings.map((b) => (
        <li key={b.id}>
          <BookingItem booking={b} detail={detail} />
        </li>
      ))}
      {day.milestones.map((m) => (
        <li key={m.id}>
          <MilestoneItem milestone={m} detail={detail} />
        </li>
      ))}
    </ul>
  );
}

/** The day's heading: its date for everyone, and for screen readers when it is not worked. */
function DayHeading({
  day,
  short,
  today,
  outside = false,
}: {
  day: DayContents;
  short: string;
  today: string;
  /** A day of the month before or after, shown to fill the weeks. */
  outside?: boolean;
}) {
  const off = !day.working && !day.timeOff;
  return (
    <h3
      tabIndex={-1}
      className={cn(
        'text-xs font-semibold outline-none focus-visible:underline',
        outside && 'font-normal text-muted-foreground',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(day.date === today && 'rounded-full bg-primary px-1.5 py-0.5 text-primary-foreground')}
      >
        {short}
      </span>
      <span className="sr-only">
        {formatDateOnly(day.date)}
        {day.date === today ? ', today' : ''}
        {off ? ', not working' : ''}
      </span>
    </h3>
  );
}

const shaded = (day: DayContents) =>
  day.timeOff || !day.working ? 'bg-muted/70 dark:bg-muted/50' : 'bg-card';

// Arrow keys move between days (a week up or down), Home and End to the week's ends: focus goes to the
// day's heading, from which Tab reaches its bookings.
const KEY_STEPS: Record<string, (weekday: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: () => -7,
  ArrowDown: () => 7,
  Home: (weekday) => -weekday,
  End: (weekday) => 6 - weekday,
};

function moveBetweenDays(event: KeyboardEvent<HTMLOListElement>) {
  const step = KEY_STEPS[event.key];
  const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
  if (!step || !cell) return;
  const index = Number(cell.dataset.index);
  const target = event.currentTarget.querySelector<HTMLElement>(
    `[data-index="${index + step(index % 7)}"] h3`,
  );
  if (!target) return;
  event.preventDefault();
  target.focus();
}

/** The month as weeks of seven days, Monday first; days outside the month have muted numbers. */
export function MonthGrid({
  days,
  month,
  label,
  today,
}: {
  days: DayContents[];
  month: string;
  label: string;
  today: string;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-border">
      <div
        aria-hidden="true"
        className="grid grid-cols-7 border-b border-border bg-muted text-center text-xs font-medium"
      >
        {WEEKDAY_SHORT.map((d) => (
          <div key={d} className="py-2">
            {d}
          </div>
        ))}
      </div>
      <ol aria-label={label} className="grid grid-cols-7" onKeyDown={moveBetweenDays}>
        {days.map((day, index) => (
          <li
            key={day.date}
            data-index={index}
            className={cn(
              'min-h-24 min-w-0 border-border border-r border-b p-1 [&:nth-child(7n)]:border-r-0',
              shaded(day),
            )}
          >
            <DayHeading
              day={day}
              short={String(Number(day.date.slice(8)))}
              today={today}
              outside={!day.date.startsWith(month)}
            />
            <DayItems day={day} detail="compact" />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The week as seven columns, each day's items in full. */
export function WeekColumns({ days, label, today }: { days: DayContents[]; label: string; today: string }) {
  return (
    <ol aria-label={label} className="grid grid-cols-7 gap-1" onKeyDown={moveBetweenDays}>
      {days.map((day, index) => (
        <li
          key={day.date}
          data-index={index}
          className={cn('min-h-40 min-w-0 rounded-lg border border-border p-1.5', shaded(day))}
        >
          <DayHeading
            day={day}
            short={`${WEEKDAY_SHORT[index % 7]} ${Number(day.date.slice(8))}`}
            today={today}
          />
          <DayItems day={day} detail="full" />
        </li>
      ))}
    </ol>
  );
}

/** The phone's view: the days that have something on them, one under the other. */
export function Agenda({ days, label, today }: { days: DayContents[]; label: string; today: string }) {
  return (
    <ol aria-label={label} className="space-y-3">
      {days.map((day) => (
        <li key={day.date} className={cn('rounded-lg border border-border p-3', shaded(day))}>
          <h3 className="text-sm font-semibold">
            {formatDateOnly(day.date)}
            {day.date === today && <span className="font-normal text-muted-foreground"> · Today</span>}
          </h3>
          <DayItems day={day} detail="full" />
        </li>
      ))}
    </ol>
  );
}
