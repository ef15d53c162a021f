// The discovery module's public entry: finding tradespeople, their public profiles and saved pros.
export { savedProRoutes } from './saved-pros.routes';
export { profilePageHead } from './social-meta';
export { tradespeopleRoutes } from './tradespeople.routes';
export { isPublicProfile } from './tradespeople.service';
