import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type AuthContext, requireUser } from '../../plugins/auth-context';

/**
 * A tradesperson's own pages (profile, Business Setup, verification documents) are theirs alone;
 * anyone else is told there is nothing here.
 */
export function requireTradesperson(auth: AuthContext): AuthContext {
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  return auth;
}

/**
 * The same rule as a route hook, run before the body is validated or an upload is read, so that
 * someone who may not use a route learns nothing from it and sends no file for nothing.
 */
export async function tradespersonOnly(request: FastifyRequest): Promise<void> {
  requireTradesperson(requireUser(request));
}
