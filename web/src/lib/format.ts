// Every date, time, count and size the web app shows is written here, the UK way (en-GB). Money is
// formatPence in @domain/payments/money, shared with the server's emails.
import { lazily } from '@domain/lazily';

const EN_GB = 'en-GB';
const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date format kept for every call, made on the first (lazily says why). */
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat(EN_GB, options));

/** 'YYYY-MM-DD' as midnight UTC on that day, or null when it is not one. */
function utcCalendarDay(date: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null;
}

// ---- Calendar dates ('YYYY-MM-DD'): read in UTC, as they were parsed, so they never move a day ----

const DAY_MONTH_UTC = dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY_UTC = dateFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const NUMERIC_DAY_UTC = dateFormat({ timeZone: 'UTC' });
const MONTH_UTC = dateFormat({ month: 'short', year: 'numeric', timeZone: 'UTC' });
const LONG_MONTH_UTC = dateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as the UK writes it, with its weekday when long; '14 Mar 2025' when short. */
export function formatDateOnly(date: string, style: 'long' | 'short' = 'long'): string {
  const day = utcCalendarDay(date);
  if (!day) return date;
  return new Intl.DateTimeFormat(EN_GB, {
    weekday: style === 'long' ? 'long' : undefined,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** A calendar date ('YYYY-MM-DD') as '05/03/2025' (the dashboards, spec section 9). */
export function formatNumericCalendarDate(date: string): string {
  return NUMERIC_DAY_UTC().format(new Date(`${date}T00:00:00Z`));
}

/** A week's Monday ('2026-11-23') as the chart labels it: '23 Nov'. */
export function weekLabel(weekStart: string): string {
  const date = utcCalendarDay(weekStart);
  return date ? DAY_MONTH_UTC().format(date) : weekStart;
}

/** A week's Monday for screen readers: 'Week of 23 November 2026'. */
export function weekLongLabel(weekStart: string): string {
  const date = utcCalendarDay(weekStart);
  return `Week of ${date ? LONG_DAY_UTC().format(date) : weekStart}`;
}

/** A calendar month ('2026-11' or '2026-11-01') as 'Nov 2026' or 'November 2026'. */
export function formatCalendarMonth(month: string, style: 'short' | 'long' = 'short'): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return (style === 'long' ? LONG_MONTH_UTC : MONTH_UTC)().format(new Date(Date.UTC(y, m - 1, 1)));
}

// ---- Moments on the UK calendar and clock (Europe/London): admin, disputes, money, dashboards ----

const LONDON_DATE = dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const LONDON_DATE_TIME = dateFormat({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const LONDON_NUMERIC_DATE = dateFormat({ timeZone: 'Europe/London' });

/** An ISO timestamp as a date: '30 Nov 2026'. */
export const formatDate = (iso: string) => LONDON_DATE().format(new Date(iso));

/** An ISO timestamp with its time: '30 Nov 2026, 09:05'. */
export const formatDateTime = (iso: string) => LONDON_DATE_TIME().format(new Date(iso));

/** An ISO timestamp as '05/03/2025' (the dashboards, spec section 9). */
export const formatNumericDate = (iso: string) => LONDON_NUMERIC_DATE().format(new Date(iso));

// ---- Moments in the reader's own time zone: profiles, reviews, messages, notifications ----

/** An ISO date-time or a 'YYYY-MM-DD' date as the UK writes the day, e.g. '14 March 2025'. */
export function formatDayEnGb(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(EN_GB, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    // A calendar date has no time zone: read in UTC, as it was parsed, so it never moves a day.
    timeZone: DATE_ONLY.test(iso) ? 'UTC' : undefined,
  }).format(date);
}

/** 'March 2025', for "Member since". */
export function formatMonthEnGb(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(EN_GB, { month: 'long', year: 'numeric' }).format(date);
}

/** '7 Dec 2026' (the review screens). */
export function formatLocalDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(EN_GB, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** '9 Dec 2026, 14:30' (the review screens). */
export function formatLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(EN_GB, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Whole calendar days from `then` to `now` in local time (0 = same day). */
function calendarDaysBetween(then: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(now) - day(then)) / DAY_MS);
}

/** '16 Nov', or '16 Nov 2024' outside this year. */
function dayThisYear(date: Date, now: Date): string {
  return new Intl.DateTimeFormat(EN_GB, {
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  }).format(date);
}

/** The conversation list's age of a last message: 'Just now', '5m ago', '3h ago', 'Yesterday', '4d ago', '16 Nov'. */
export function relativeTime(iso: string, now = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h ago`;
  const days = calendarDaysBetween(then, now);
  if (days <= 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  return dayThisYear(then, now);
}

/** A conversation's day heading: 'Today', 'Yesterday', else 'Mon 16 Nov' ('Sat 16 Nov 2024' in another year). */
export function dayHeading(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const days = calendarDaysBetween(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  // Built from parts: en-GB puts a comma after the weekday when a year follows.
  const parts = new Intl.DateTimeFormat(EN_GB, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${part('weekday')} ${part('day')} ${part('month')}`;
  return date.getFullYear() === now.getFullYear() ? text : `${text} ${part('year')}`;
}

/** Local calendar day of a timestamp, for grouping messages under their day heading. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** '14:32'. */
export function timeOfDay(iso: string): string {
  return new Intl.DateTimeFormat(EN_GB, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** A full date and time for a `title` tooltip: '16 November 2025 at 14:32'. */
export function fullDateTime(iso: string): string {
  return new Intl.DateTimeFormat(EN_GB, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
}

// ---- Counts and sizes ----

/** 5000 as '5,000'. */
export const formatCount = (count: number) => count.toLocaleString(EN_GB);

/**
 * A count with its noun in the right number: '1 professional', '5 professionals', '0 professionals'.
 * The spec writes counts as 'N professional(s)', a stand-in for this, not words to show.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A count with its noun and thousands separated, as the admin console writes it: '1 user', '3,000 users'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** A count badge's text: the number, or '99+' above 99 so the pill keeps its size. */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

/** '1.2 MB', '340 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// ---- Names and words ----

/** A person's name, or the contract's "Deleted user" for an erased account. */
export const displayName = (person: { fullName: string | null }) => person.fullName ?? 'Deleted user';

/** 'snake_case' and 'dotted.names' in words with a capital: 'document.approved' → 'Document approved'. */
export function humanise(value: string): string {
  const words = value.replaceAll(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}
