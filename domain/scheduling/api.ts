import { z } from 'zod';
import { CalendarDate, Id } from '../fields';
import { DAY_RANGE_MAX_DAYS, DAY_REFUSALS, type DayRefusal } from './availability';

// The scheduling API's contract (docs/api/scheduling.md), shared by the routes and the web app.

const REFUSALS = Object.keys(DAY_REFUSALS) as [DayRefusal, ...DayRefusal[]];

/** GET /tradespeople/:id/bookable-days: each day of the range and why it cannot be booked, if so. */
export const DayOffersQuery = z.object({
  from: CalendarDate,
  to: CalendarDate,
  /** A booking being moved: its own place on its day does not count against the day. */
  exceptBooking: Id.optional(),
});
export const DayOffersParams = z.object({ id: Id });
export const DayOffersResponse = z.object({
  days: z
    .array(z.object({ date: CalendarDate, refusal: z.enum(REFUSALS).nullable() }))
    .max(DAY_RANGE_MAX_DAYS),
});
export type DayOffersResponse = z.infer<typeof DayOffersResponse>;
