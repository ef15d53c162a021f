import { bookingStatus } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import {
  AVAILABILITY_LIMITS,
  AVAILABILITY_MESSAGES,
  type AvailabilityInput,
  DAY_RANGE_MESSAGE,
  isDayRange,
  OPEN_AVAILABILITY,
  periodsOverlap,
} from '../../../domain/scheduling/availability';
import type {
  AvailabilityResponse,
  TimeOffCreatedResponse,
  TimeOffView,
} from '../../../domain/scheduling/availability-api';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import {
  type AvailabilityRow,
  availabilityPage,
  bookingsBetween,
  deleteTimeOff,
  findUserType,
  insertTimeOff,
  lockTimeOffOf,
  saveAvailability,
  type TimeOffItem,
  upcomingTimeOff,
} from './availability.repository';
import { type DayOffer, dayOffers } from './availability.rules';
import type { SchedulingDeps } from './deps';

const notFound = () => AppError.notFound('Tradesperson not found');

/** The booking calendar's days (any signed-in user may ask: it says which days are free, nothing else). */
export async function bookableDays(
  deps: SchedulingDeps,
  tradespersonId: string,
  from: string,
  to: string,
  exceptBookingId?: string,
): Promise<DayOffer[]> {
  if (!isDayRange(from, to)) {
    throw AppError.validation(DAY_RANGE_MESSAGE, [{ field: 'to', message: DAY_RANGE_MESSAGE }]);
  }
  if ((await findUserType(deps.db, tradespersonId)) !== 'tradesperson') throw notFound();
  return dayOffers(deps.db, deps.clock, tradespersonId, from, to, exceptBookingId);
}

/** Only a tradesperson has a working week to set. */
function requireTradesperson(auth: AuthContext): string {
  if (auth.user.userType !== 'tradesperson') {
    throw new AppError(403, 'only_tradespeople', AVAILABILITY_MESSAGES.onlyTradespeople);
  }
  return auth.user.id;
}

const timeOffView = ({ id, startsOn, endsOn, note }: TimeOffItem): TimeOffView => ({
  id,
  startsOn,
  endsOn,
  note,
});

function availabilityResponse(
  row: Pick<AvailabilityRow, 'weeklyPattern' | 'leadTimeDays' | 'jobsPerDay'> | undefined,
  periods: TimeOffItem[],
): AvailabilityResponse {
  return {
    // Not set: the days a booking could always take, and no daily limit.
    availability: row
      ? {
          isSet: true,
          weeklyPattern: row.weeklyPattern,
          leadTimeDays: row.leadTimeDays,
          jobsPerDay: row.jobsPerDay,
        }
      : {
          isSet: false,
          weeklyPattern: OPEN_AVAILABILITY.weeklyPattern,
          leadTimeDays: OPEN_AVAILABILITY.leadTimeDays,
          jobsPerDay: null,
        },
    timeOff: periods.map(timeOffView),
  };
}

/** GET /availability: their pattern (or the open default, flagged as not set) and their time off to come. */
export async function getAvailability(
  deps: SchedulingDeps,
  auth: AuthContext,
): Promise<AvailabilityResponse> {
  const id = requireTradesperson(auth);
  const page = await availabilityPage(deps.db, id, londonToday(deps.clock.now()));
  return availabilityResponse(page.availability, page.timeOff);
}

/**
 * PUT /availability: the whole pattern at once, Monday first. Bookings already made stay as they are;
 * the new pattern decides the days offered from now on.
 */
export async function setAvailability(
  deps: SchedulingDeps,
  auth: AuthContext,
  input: AvailabilityInput,
): Promise<AvailabilityResponse> {
  const id = requireTradesperson(auth);
  const value = { ...input, weeklyPattern: [...input.weeklyPattern].sort((a, b) => a.weekday - b.weekday) };
  const row = await saveAvailability(deps.db, id, value, deps.clock.now());
  return availabilityResponse(row, await upcomingTimeOff(deps.db, id, londonToday(deps.clock.now())));
}

const timeOffRefused = (message: string) => AppError.validation(message, [{ field: 'startsOn', message }]);

/**
 * POST /availability/time-off. Periods of one tradesperson never overlap: the check and the insert run
 * under a lock on them, so two overlapping periods sent at once cannot both land. Bookings already on
 * those days stay booked (the customer agreed the date); the answer lists them so the form can say so.
 */
export async function addTimeOff(
  deps: SchedulingDeps,
  auth: AuthContext,
  input: { startsOn: string; endsOn: string; note: string | null },
): Promise<TimeOffCreatedResponse> {
  const id = requireTradesperson(auth);
  const today = londonToday(deps.clock.now());
  const row = await deps.db.transaction(async (tx) => {
    await lockTimeOffOf(tx, id);
    const kept = await upcomingTimeOff(tx, id, today);
    if (kept.some((t) => periodsOverlap(t, input)))
      throw timeOffRefused(AVAILABILITY_MESSAGES.timeOffOverlap);
    if (kept.length >= AVAILABILITY_LIMITS.timeOffPeriodsMax) {
      throw timeOffRefused(AVAILABILITY_MESSAGES.timeOffTooMany);
    }
    return insertTimeOff(tx, { tradespersonId: id, ...input });
  });
  const covered = await bookingsBetween(deps.db, id, row.startsOn, row.endsOn);
  return {
    timeOff: timeOffView(row),
    bookingsCovered: covered.map((b) => ({
      id: b.id,
      scheduledDate: b.scheduledDate!,
      status: bookingStatus(b.status),
      jobTitle: b.jobTitle,
    })),
  };
}

/** DELETE /availability/time-off/:id: someone else's period answers as a missing one. */
export async function removeTimeOff(
  deps: SchedulingDeps,
  auth: AuthContext,
  timeOffId: string,
): Promise<void> {
  const id = requireTradesperson(auth);
  if (!(await deleteTimeOff(deps.db, id, timeOffId))) {
    throw AppError.notFound(AVAILABILITY_MESSAGES.timeOffNotFound);
  }
}
