// What support offers other features: its query keys (the real-time bridge refetches them on the
// `support` event) and the assistant's hand-over.
export { useHandover } from './api';
export { supportKeys } from './keys';
