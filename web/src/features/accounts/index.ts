// What accounts offers other features: the session (who is signed in), the greeting and signing out.
export { useSignOut } from './auth-mutations';
export { greeting } from './greeting';
export { clearSession, SESSION_QUERY_KEY, type SessionData, type SessionUser, useSession } from './session';
