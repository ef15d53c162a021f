// How the admin console writes dates, times and sizes (UK calendar and clock).

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** An ISO timestamp as a date: '30 Nov 2026'. */
export const formatDate = (iso: string) => DATE.format(new Date(iso));

/** An ISO timestamp with its time: '30 Nov 2026, 09:05'. */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));

function calendarDate(date: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  return y && m && d ? new Date(Date.UTC(y, m - 1, d)) : null;
}

/** A week's Monday ('2026-11-23') as the chart labels it: '23 Nov'. */
export function weekLabel(weekStart: string): string {
  const date = calendarDate(weekStart);
  return date ? DAY_MONTH.format(date) : weekStart;
}

/** A week's Monday for screen readers: 'Week of 23 November 2026'. */
export function weekLongLabel(weekStart: string): string {
  const date = calendarDate(weekStart);
  return `Week of ${date ? LONG_DAY.format(date) : weekStart}`;
}

/** '1.2 MB', '340 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** 'snake_case' and 'dotted.names' in words with a capital: 'document.approved' → 'Document approved'. */
export function humanise(value: string): string {
  const words = value.replaceAll(/[._-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/** A count with its noun: '1 user', '3 users'. */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;
