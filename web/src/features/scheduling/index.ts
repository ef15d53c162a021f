// What scheduling offers other features and pages: the days a tradesperson cannot be booked on (for
// any calendar that picks a booking's date), the tradesperson's calendar page, and a booking's date
// controls (Reschedule, the proposal waiting for an answer, the history).
export { useUnavailableDays } from './availability/api';
export { AvailabilitySettings } from './availability/availability-settings';
export { CalendarPage } from './calendar/calendar-page';
export { BookingReschedule } from './rescheduling/booking-reschedule';
