import { LRUCache } from 'lru-cache';
import { londonToday } from '../../../domain/marketplace/schemas';
import {
  addDays,
  DAY_RANGE_MESSAGE,
  isDayRange,
  OPEN_AVAILABILITY,
} from '../../../domain/scheduling/availability';
import {
  CALENDAR_MESSAGES,
  type CalendarBooking,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  type CalendarView,
  calendarPostcode,
  customerFirstName,
  FEED_WINDOW,
} from '../../../domain/scheduling/calendar';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthContext } from '../../plugins/auth-context';
import type { StaticFile } from '../../plugins/static-files';
import {
  type CalendarBookingRow,
  calendarOf,
  deleteFeed,
  findFeed,
  saveFeed,
  tradespersonOfFeed,
} from './calendar.repository';
import { feedFile } from './calendar-feed';
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
  planId: b.planId,
});

/** GET /calendar: the tradesperson's bookings, milestone due dates and time off in [from, to]. */
export async function calendarView(
  deps: SchedulingDeps,
  auth: AuthContext,
  from: string,
  to: string,
): Promise<CalendarView> {
  const tradespersonId = tradespersonOf(auth);
  if (!isDayRange(from, to)) {
    throw AppError.validation(DAY_RANGE_MESSAGE, [{ field: 'to', message: DAY_RANGE_MESSAGE }]);
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

// Only the token's SHA-256 is stored (hashToken), as for sessions: a copy of the table opens no one's feed.

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
  const token = newToken();
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

/**
 * How long a tradesperson's feed is served as it was last read. Calendar apps poll every few hours and
 * may keep an answer 5 minutes (its Cache-Control), so a minute is invisible to them; it makes a busy
 * year's feed one token lookup instead of reading the year again. The token itself is checked on
 * every request, so a regenerated or revoked address stops at once.
 */
const FEED_FRESH_MS = 60_000;
const recentFeeds = new LRUCache<string, { file: StaticFile; readAt: number }>({ max: 10_000 });

/** GET /calendar/feed/:token.ics: the iCalendar feed, or a 404 for an unknown or revoked token. */
export async function feedCalendar(deps: SchedulingDeps, token: string): Promise<StaticFile> {
  const tradespersonId = await tradespersonOfFeed(deps.db, hashToken(token));
  if (!tradespersonId) throw AppError.notFound(CALENDAR_MESSAGES.feedNotFound);
  const now = deps.clock.now();
  const recent = recentFeeds.get(tradespersonId);
  if (recent && now.getTime() - recent.readAt < FEED_FRESH_MS && now.getTime() >= recent.readAt) {
    return recent.file;
  }
  const rows = await calendarOf(deps.db, tradespersonId, feedRange(deps));
  if (!rows) throw AppError.notFound(CALENDAR_MESSAGES.feedNotFound);
  const file = await feedFile(rows, shownBooking, deps.config.appUrl, now);
  recentFeeds.set(tradespersonId, { file, readAt: now.getTime() });
  return file;
}
