// The events module's public entry: the live event stream.
export { eventRoutes } from './events.routes';
export { StreamHub } from './stream-hub';
