// What subscriptions (repeat service plans) offers other features: the ways to ask for a repeat
// service, the tradesperson dashboard's card, and the words of a repeat visit on the calendar.

export { RepeatCustomersCard } from './repeat-customers-card';
export { RepeatServiceFromBooking, RepeatServiceFromProfile } from './request-repeat';
