// The events module's public entry: the live event stream.
export { dispatchEvent } from './dispatch';
export { eventRoutes } from './events.routes';
export { StreamHub } from './stream-hub';
