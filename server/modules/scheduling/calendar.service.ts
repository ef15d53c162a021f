import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { londonToday } from '../../../domain/marketplace/schemas';
import { addDays, daysBetween, OPEN_AVAILABILITY } from '../../../domain/scheduling/availability';
import {
  bookingSummary,
  CALENDAR_MAX_DAYS,
  CALENDAR_MESSAGES,
  CALENDAR_STATUS_LABELS,
  type CalendarBooking,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type CalendarView,
  calendarPostcode,
  customerFirstName,
  FEED_WINDOW,
} from '../../../domain/scheduling/calendar';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import {
  type CalendarBookingRow,
  type CalendarRows,
  calendarOf,
  calendarOfFeed,
  deleteFeed,
  findFeed,
  saveFeed,
} from './calendar.repository';
import type { SchedulingDeps } from './deps';

// The tradesperson's calendar and its private feed (DOMAIN-RULES 2 and 12): both show only what the
// tradesperson may see on screen, decided here once for the page and the feed alike.

/** Anyone but a tradesperson is told there is nothing here, as on the dashboard. */
const notFound = () => AppError.notFound();

function tradespersonOf(auth: AuthContext): string {
  if (auth.user.userType !== 'tradesperson') throw notFound();
  return auth.user.id;
}

/** A booking as the tradesperson sees it: the customer's first name, the postcode they may know. */
const shownBooking = (b: CalendarBookingRow): CalendarBooking => ({
  id: b.id,
  jobId: b.jobId,
  date: b.date,
  status: b.status,
  jobTitle: b.jobTitle,
  category: b.category,
  customerFirstName: customerFirstName(b.customerName),
  postcode: calendarPostcode(b.status, b.postcode, b.outcode),
  amount: b.amount,
});

/** GET /calendar: the tradesperson's bookings, milestone due dates and time off in [from, to]. */
export async function calendarView(
  deps: SchedulingDeps,
  auth: AuthContext,
  from: string,
  to: string,
): Promise<CalendarView> {
  const tradespersonId = tradespersonOf(auth);
  const span = daysBetween(from, to);
  if (span < 0 || span >= CALENDAR_MAX_DAYS) {
    throw AppError.validation(CALENDAR_MESSAGES.range, [{ field: 'to', message: CALENDAR_MESSAGES.range }]);
  }
  const rows = await calendarOf(deps.db, tradespersonId, { from, to });
  if (!rows) throw notFound();
  return {
    from,
    to,
    bookings: rows.bookings.map(shownBooking),
    milestones: rows.milestones,
    timeOff: rows.timeOff,
    workingWeek: rows.weeklyPattern ?? OPEN_AVAILABILITY.weeklyPattern,
  };
}

// Only the token's SHA-256 is stored, as for sessions: a copy of the table opens no one's feed.
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/v1/calendar/feed/${token}.ics`;

export async function feedStatus(deps: SchedulingDeps, auth: AuthContext): Promise<CalendarFeedStatus> {
  const feed = await findFeed(deps.db, tradespersonOf(auth));
  return { feed: feed ? { createdAt: feed.createdAt.toISOString() } : null };
}

/**
 * Makes the tradesperson's feed address, or a new one in place of the old, which stops working at
 * once. The address is answered this once: only its hash is kept.
 */
export async function createFeed(deps: SchedulingDeps, auth: AuthContext): Promise<CalendarFeedCreated> {
  const tradespersonId = tradespersonOf(auth);
  const token = randomBytes(32).toString('base64url');
  const saved = await saveFeed(deps.db, tradespersonId, hashToken(token), deps.clock.now());
  return { feed: { createdAt: saved.createdAt.toISOString() }, url: feedUrl(deps.config.appUrl, token) };
}

export async function revokeFeed(deps: SchedulingDeps, auth: AuthContext): Promise<void> {
  await deleteFeed(deps.db, tradespersonOf(auth));
}

/** The feed's window: bookings from 90 days ago to a year ahead, UK days. */
function feedRange(deps: SchedulingDeps) {
  const today = londonToday(deps.clock.now());
  return { from: addDays(today, -FEED_WINDOW.pastDays), to: addDays(today, FEED_WINDOW.aheadDays) };
}

/** GET /calendar/feed/:token.ics: the iCalendar text, or a 404 for an unknown or revoked token. */
export async function feedCalendar(deps: SchedulingDeps, token: string): Promise<string> {
  const rows = await calendarOfFeed(deps.db, hashToken(token), feedRange(deps));
  if (!rows) throw AppError.notFound(CALENDAR_MESSAGES.feedNotFound);
  return icsOf(rows, deps.config.appUrl, deps.clock.now());
}

// An all-day event is a date at UTC midnight: ical-generator writes a date without a time zone in UTC.
const day = (date: string) => new Date(`${date}T00:00:00Z`);

function icsOf(rows: CalendarRows, appUrl: string, now: Date): string {
  const calendar = ical({
    name: CALENDAR_MESSAGES.feedName,
    prodId: { company: 'TradeNest', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const row of rows.bookings) {
    const booking = shownBooking(row);
    const status = CALENDAR_STATUS_LABELS[booking.status];
    const url = `${appUrl}/job/${booking.jobId}`;
    calendar.createEvent({
      id: `booking-${booking.id}@tradenest`,
      stamp: now,
      allDay: true,
      start: day(booking.date),
      end: day(addDays(booking.date, 1)),
      summary: bookingSummary(booking.jobTitle, booking.customerFirstName),
      status: booking.status === 'pending' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      location: booking.postcode,
      description: `Status: ${status}\n${url}`,
      url,
    });
  }
  for (const m of rows.milestones) {
    calendar.createEvent({
      id: `milestone-${m.id}@tradenest`,
      stamp: now,
      allDay: true,
      start: day(m.dueDate),
      end: day(addDays(m.dueDate, 1)),
      summary: CALENDAR_MESSAGES.milestoneDue(m.title),
      description: `${appUrl}/job/${m.jobId}`,
      url: `${appUrl}/job/${m.jobId}`,
    });
  }
  for (const t of rows.timeOff) {
    calendar.createEvent({
      id: `time-off-${t.id}@tradenest`,
      stamp: now,
      allDay: true,
      start: day(t.startsOn),
      end: day(addDays(t.endsOn, 1)),
      summary: CALENDAR_MESSAGES.timeOff,
      description: t.note,
    });
  }
  return calendar.toString();
}
