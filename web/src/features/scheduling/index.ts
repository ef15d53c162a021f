// What scheduling offers other features and pages: the days a tradesperson cannot be booked on (for
// any calendar that picks a booking's date) and the tradesperson's calendar page.
export { useUnavailableDays } from './availability/api';
export { AvailabilitySettings } from './availability/availability-settings';
export { CalendarPage } from './calendar/calendar-page';
