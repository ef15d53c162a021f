/** 'YYYY-MM-DD' as the UK writes it, e.g. '14 March 2025' (no time zone shift: it is a calendar date). */
export function formatDateOnly(date: string, style: 'long' | 'short' = 'long'): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: style === 'long' ? 'long' : undefined,
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * A count with its noun in the right number: '1 professional', '5 professionals', '0 professionals'.
 * The spec writes counts as 'N professional(s)', a stand-in for this, not words to show.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A person's name, or the contract's "Deleted user" for an erased account. */
export const displayName = (person: { fullName: string | null }) => person.fullName ?? 'Deleted user';

/** A count badge's text: the number, or '99+' above 99 so the pill keeps its size. */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date-time or a 'YYYY-MM-DD' date as the UK writes the day, e.g. '14 March 2025'. */
export function formatDayEnGb(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
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
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(date);
}
