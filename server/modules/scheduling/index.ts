// The scheduling module's public entry: availability (DOMAIN-RULES 12) and the day check every
// booking date goes through; reschedules and the day-before reminders.

export { assertDayBookable, type DayOffer, dayOffers, dayRefused } from './availability.rules';
export type { SchedulingDeps } from './deps';
export { remindDueBookings } from './reminders.service';
export { schedulingRoutes } from './scheduling.routes';
