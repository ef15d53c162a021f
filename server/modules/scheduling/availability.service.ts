import { DAY_OFFERS_MAX_DAYS } from '../../../domain/scheduling/api';
import { daysBetween } from '../../../domain/scheduling/availability';
import { AppError } from '../../lib/app-error';
import { findUserType } from './availability.repository';
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
  const span = daysBetween(from, to);
  if (span < 0 || span >= DAY_OFFERS_MAX_DAYS) {
    const message = `Ask for 1 to ${DAY_OFFERS_MAX_DAYS} days, from before to`;
    throw AppError.validation(message, [{ field: 'to', message }]);
  }
  if ((await findUserType(deps.db, tradespersonId)) !== 'tradesperson') throw notFound();
  return dayOffers(deps.db, deps.clock, tradespersonId, from, to, exceptBookingId);
}
