// What disputes offers other features: a booking's dispute action.
export { BookingDisputeAction } from './booking-dispute-action';
