import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventBus } from '../../adapters/event-bus';
import type { Config } from '../../config/config';
import type { Database } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import '../../plugins/auth-context';
import { deleteSession, findSessionWithUser, touchSession } from './auth.repository';
import { toSessionUser } from './presenters';
import { SessionCache } from './session-cache';
import { isExpired, touchedIdleExpiry } from './session-policy';

/** `__Host-` pins the cookie to this exact origin over HTTPS; plain HTTP (local) cannot use it. */
export function sessionCookieName(config: Config): string {
  return config.secure ? '__Host-tn_session' : 'tn_session';
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expires: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    path: '/',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    path: '/',
  });
}

/** The browser's device cookie (decision 0018): remembered for 400 days, the longest browsers keep one. */
export function deviceCookieName(config: Config): string {
  return config.secure ? '__Host-tn_device' : 'tn_device';
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(deviceCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secure,
    path: '/',
    maxAge: 400 * 24 * 60 * 60,
  });
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the session cookie of every API request. Expired sessions, and sessions of suspended or
 * deleted accounts, are deleted on sight and their cookie cleared. A session read within the last
 * `sessionCacheMs` is reused (see SessionCache); expiry is still checked on every request.
 */
/**
 * Tells every instance that someone else changed a user's account (an admin suspended it, granted a
 * role): this instance drops its cached sessions of the user before the call returns, so the
 * caller's next request already sees the change, and the others drop theirs when the announcement
 * arrives. `sessionsEnded` also closes the user's live streams everywhere.
 */
export type AccountChanged = (userId: string, sessionsEnded: boolean) => void;

export async function registerSessions(
  app: FastifyInstance,
  config: Config,
  db: Database,
  bus?: EventBus,
): Promise<AccountChanged> {
  await app.register(cookie);
  app.decorateRequest('auth', null);
  const name = sessionCookieName(config);
  const cache = config.sessionCacheMs > 0 ? new SessionCache(config.sessionCacheMs) : null;

  // Callback style with the cases that need no database first: every request runs it, most have no
  // session (visitors, files), and an async hook costs a promise and a microtask each time.
  const authenticate = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
    const tokenHash = hashToken(token);
    let row = cache?.get(tokenHash);
    if (!row) {
      row = await findSessionWithUser(db, tokenHash);
      if (row) cache?.set(tokenHash, row);
    }
    const now = new Date();
    if (!row || row.suspendedAt || row.deletedAt || isExpired(row, now, Boolean(row.isAdmin))) {
      cache?.forget(tokenHash);
      if (row) await deleteSession(db, tokenHash);
      clearSessionCookie(reply, config);
      return;
    }
    const idleExpiresAt = touchedIdleExpiry(row, now, Boolean(row.isAdmin));
    if (idleExpiresAt) {
      // Marked on the cached row first: a page's requests arrive together on several connections,
      // and each of them writing the same row made them queue for its lock (bench/README.md, issue 40).
      row.lastSeenAt = now;
      row.idleExpiresAt = idleExpiresAt;
      await touchSession(db, tokenHash, now, idleExpiresAt);
    }
    request.auth = { sessionHash: tokenHash, user: toSessionUser(row) };
  };
  app.addHook('onRequest', (request, reply, done) => {
    const token = request.url.startsWith('/api/') ? request.cookies[name] : undefined;
    if (!token) return done();
    authenticate(request, reply, token).then(() => done(), done);
  });

  // Whatever a user changes (settings, name, password, signing out), their next request reads the
  // session afresh. Dropped before the response leaves, so no later request can see the old copy; the
  // other instances are told to drop theirs too (within milliseconds, rather than SESSION_CACHE_MS).
  // Routes marked `sessionUnchanged` are left out: a message sent is not a change to the sender, and
  // dropping and announcing on every one cost a NOTIFY per message and a session read on the next.
  if (cache) {
    app.addHook('onSend', (request, _reply, payload, done) => {
      const unchanged = READS.has(request.method) || request.routeOptions.config.sessionUnchanged;
      if (!request.auth || unchanged) return done(null, payload);
      cache.forgetUser(request.auth.user.id);
      bus?.publish({ type: 'user-changed', userId: request.auth.user.id });
      done(null, payload);
    });
    bus?.subscribe((event) => {
      if (event.type === 'user-changed' || event.type === 'sessions-ended') cache.forgetUser(event.userId);
    });
  }
  return (userId, sessionsEnded) => {
    cache?.forgetUser(userId);
    bus?.publish({ type: sessionsEnded ? 'sessions-ended' : 'user-changed', userId });
  };
}
