// What notifications offers other features: the cache key a realtime nudge refreshes.
export { notificationKeys } from './unread';
