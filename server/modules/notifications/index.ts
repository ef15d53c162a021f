// The notifications module's public entry: other modules queue emails through it.
export { devOutboxRoutes } from './dev-outbox.routes';
export { EmailDelivery, enqueueEmail, type NewEmail } from './email-outbox';
export { notificationRoutes } from './notifications.routes';
export { notifyForEvent, unsubscribeLink } from './notifications.service';
