// The scheduling module's public entry: availability (DOMAIN-RULES 12) and the day check every
// booking date goes through.

export { assertDayBookable, type DayOffer, dayOffers, dayRefused } from './availability.rules';
export type { SchedulingDeps } from './deps';
export { schedulingRoutes } from './scheduling.routes';
