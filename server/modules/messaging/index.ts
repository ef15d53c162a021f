// The messaging module's public entry.

export { messagingRoutes } from './messaging.routes';
export { messageForStreams } from './messaging.service';
export { UnreadNotifier } from './unread-notifier';
