// UK calendar days: today's date there, and the spec's relative-age formats (section 9) counted in
// whole UK days: the Find list's short one and the long one of My Jobs and job detail.

import { lazily } from '../lazily';

const DAY = 86_400_000;
// Made once: a formatter with a time zone costs far more to make than to use (more than the rest of a
// small request), and a list shows two ages a row.
const LONDON_DAY = lazily(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }));

// The last day formatted, by the UTC minute it was asked for. A UK day begins at a London midnight,
// which is always on the minute in UTC (the offset is whole hours), so a day read in the same minute is
// the same day: the search counters ask for one per tradesperson listed, and formatting them each took
// 12% of the server's thread serving a page of search results from the shared copy (bench/README.md).
let last = { minute: Number.NaN, day: '' };

/** Today's date in the UK, 'YYYY-MM-DD': "not in the past" means the UK calendar, wherever the server is. */
export function londonToday(now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== last.minute) last = { minute, day: LONDON_DAY().format(now) };
  return last.day;
}

function daysBetween(then: Date, now: Date): number {
  const day = (d: Date) => {
    const [y, m, dd] = londonToday(d).split('-').map(Number);
    return Date.UTC(y!, m! - 1, dd!);
  };
  return Math.max(0, Math.round((day(now) - day(then)) / DAY));
}

/** Find list: Today, Yesterday, 'Nd ago' under 7 days, 'Nw ago' under 30 days, else 'Nmo ago'. */
export function findListAge(then: Date, now = new Date()): string {
  const days = daysBetween(then, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  return `${Math.floor(days / 30)}mo ago`;
}

/**
 * My Jobs and job detail: Today, Yesterday, 'N days ago' under 7, else 'N weeks ago' ('1 week ago'). Job detail uses
 * it too: the spec's detail format ('N days ago', 'N weeks ago') read '0 days ago' for a new job, and
 * one job should not be 'Today' in the list and '0 days ago' once opened.
 */
export function jobAge(then: Date, now = new Date()): string {
  const days = daysBetween(then, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const weeks = Math.floor(days / 7);
  return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
}
