// Times of the messaging and notification screens, in the reader's own time zone (a chat is read as it
// happens).
import { useEffect, useState } from 'react';

const DAY_MS = 86_400_000;
const EN_GB = 'en-GB';

/** Whole calendar days from `then` to `now` in local time (0 = same day). */
function calendarDaysBetween(then: Date, now: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  return Math.round((day(now) - day(then)) / DAY_MS);
}

/** '16 Nov', or '16 Nov 2024' outside this year. */
function shortDate(date: Date, now: Date): string {
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
  return shortDate(then, now);
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

/** Local calendar day of a timestamp, for grouping messages. */
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

/** 5000 as '5,000'. */
export const formatCount = (count: number) => count.toLocaleString(EN_GB);

/** The current time, renewed every `everyMs`, so relative times stay true while a screen is open. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
