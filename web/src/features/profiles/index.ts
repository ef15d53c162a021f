// What profiles offers other features: the tradesperson's own profile and its cache key.
export { type OwnProfile, profileKeys, useOwnProfile } from './api';
