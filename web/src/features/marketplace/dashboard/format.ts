// Dashboard dates use the en-GB format (spec section 9), on the UK calendar.
const EN_GB = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' });
const EN_GB_UTC = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });

/** An ISO timestamp as '05/03/2025'. */
export function dashboardDate(iso: string): string {
  return EN_GB.format(new Date(iso));
}

/** A calendar date ('YYYY-MM-DD') as '05/03/2025', without shifting it through a time zone. */
export function calendarDate(date: string): string {
  return EN_GB_UTC.format(new Date(`${date}T00:00:00Z`));
}

export function reviewCountText(count: number): string {
  if (count === 0) return 'No reviews yet';
  return count === 1 ? '1 review' : `${count} reviews`;
}
