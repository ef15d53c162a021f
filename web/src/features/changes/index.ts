// What changes offers other features: the link to a booking's changes and money timeline.
export { ChangesLink } from './changes-link';
