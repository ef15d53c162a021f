// The accounts module's public entry: sign-up, sign-in and sessions, settings, deletion and export.
export { accountRoutes } from './accounts.routes';
export { authRoutes } from './auth.routes';
export { grantConfiguredAdmins, pruneSignInThrottles, warmUpDummyHash } from './auth.service';
export { hashPassword, verifyPassword } from './password';
export { type AccountChanged, registerSessions, sessionCookieName } from './sessions';
