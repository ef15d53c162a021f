// The marketplace module's public entry (jobs, quotes, bookings and the tradesperson dashboard, one
// module because each of their use cases changes the others' rows in one transaction).

export { disputeBooking, returnFromDispute } from './booking-disputes';
export {
  type BookingForPayment,
  bookingEventIds,
  bookingForPayment,
  markBookingPaid,
  setBookingAmount,
} from './booking-payment';
export { bookingRoutes } from './bookings.routes';
export { jobForConversation, mayTalkAboutJob } from './conversation-jobs';
export { dashboardRoutes } from './dashboard.routes';
export { mayViewJob } from './job-access';
export { jobRoutes } from './jobs.routes';
export type { MarketDeps, SharedOpenJobs } from './jobs.service';
export { recountLiveQuotes } from './live-quote-count';
export { quoteRoutes } from './quotes.routes';
