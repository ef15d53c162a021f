import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { LRUCache } from 'lru-cache';
import { addDays } from '../../../domain/scheduling/availability';
import {
  bookingSummary,
  CALENDAR_MESSAGES,
  CALENDAR_STATUS_LABELS,
  type CalendarBooking,
} from '../../../domain/scheduling/calendar';
import { etagOf, type StaticFile } from '../../plugins/static-files';
import type { CalendarRows } from './calendar.repository';

// The feed's iCalendar text, written by ical-generator, and the copies of it that are served.
//
// A year of bookings is ~1,000 events: writing them takes ~40 ms and compressing the ~500 KB another
// ~10 ms, while calendar apps ask for the same feed again and again. So the text is made once per
// distinct content and kept with its brotli and gzip copies, by the hash of the rows it is made from:
// any change to a booking, milestone or time off (or a new day moving the window) gives new rows and a
// new feed, so nothing needs clearing, and another instance holding an older copy never serves it.

const TEXT_CALENDAR = 'text/calendar; charset=utf-8';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Feeds by the hash of their rows; ~600 KB each with their compressed copies for a busy year. */
const feeds = new LRUCache<string, StaticFile>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (f) => f.body.length + (f.br?.length ?? 0) + (f.gzip?.length ?? 0),
});

/**
 * The feed for these rows as a file to send (sendStatic: its ETag, and the encoding the client takes).
 * `shown` turns a booking row into what the tradesperson may see; `now` stamps a newly written feed.
 */
export async function feedFile(
  rows: CalendarRows,
  shown: (row: CalendarRows['bookings'][number]) => CalendarBooking,
  appUrl: string,
  now: Date,
): Promise<StaticFile> {
  const key = createHash('sha256')
    .update(appUrl)
    .update(JSON.stringify([rows.bookings, rows.milestones, rows.timeOff]))
    .digest('base64url');
  const kept = feeds.get(key);
  if (kept) return kept;
  const body = Buffer.from(icsOf(rows, shown, appUrl, now));
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body),
  ]);
  const file: StaticFile = { body, br, gzip: gz, type: TEXT_CALENDAR, etag: etagOf(body) };
  feeds.set(key, file);
  return file;
}

// An all-day event is a date at UTC midnight: ical-generator writes a date without a time zone in UTC.
const day = (date: string) => new Date(`${date}T00:00:00Z`);

function icsOf(
  rows: CalendarRows,
  shown: (row: CalendarRows['bookings'][number]) => CalendarBooking,
  appUrl: string,
  now: Date,
): string {
  const calendar = ical({
    name: CALENDAR_MESSAGES.feedName,
    prodId: { company: 'TradeNest', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const row of rows.bookings) {
    const booking = shown(row);
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
      description: `Status: ${CALENDAR_STATUS_LABELS[booking.status]}\n${url}`,
      url,
    });
  }
  for (const m of rows.milestones) {
    const url = `${appUrl}/job/${m.jobId}`;
    calendar.createEvent({
      id: `milestone-${m.id}@tradenest`,
      stamp: now,
      allDay: true,
      start: day(m.dueDate),
      end: day(addDays(m.dueDate, 1)),
      summary: CALENDAR_MESSAGES.milestoneDue(m.title),
      description: url,
      url,
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
