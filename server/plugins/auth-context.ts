import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain/accounts/api';
import { AUTH_MESSAGES } from '../../domain/accounts/schemas';
import { AppError } from '../lib/app-error';

/**
 * Who is making the request. The accounts module resolves it from the session cookie
 * (server/modules/accounts/sessions.ts); every other module only reads it, so none of them depends
 * on how sessions work.
 */
export interface AuthContext {
  sessionHash: string;
  user: SessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /**
     * A write (POST, PATCH…) that changes nothing a session carries: not the user, their settings,
     * roles or sessions (sending a message, marking one read). The accounts module then keeps its
     * cached copies of the user's sessions, and announces nothing to other instances (decision 0008).
     */
    sessionUnchanged?: boolean;
  }
}

/** The signed-in user, or a 401 the web app answers by showing the sign-in screen. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(401, 'unauthenticated', AUTH_MESSAGES.signInRequired);
  return request.auth;
}

/**
 * The admin console's rule, as a route hook run before the body is validated: anyone who is not an
 * admin, signed out included, is told there is nothing here (404), so the console is not advertised.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  if (!request.auth?.user.isAdmin) throw AppError.notFound();
}

/** The admin making the request (after `adminOnly`). */
export function requireAdmin(request: FastifyRequest): AuthContext {
  if (!request.auth?.user.isAdmin) throw AppError.notFound();
  return request.auth;
}
