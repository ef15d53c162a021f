import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '../../domain/accounts/schemas';
import type { Config } from '../config/config';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests from other sites. Browsers send Origin on every cross-origin
 * POST/PUT/PATCH/DELETE (and Sec-Fetch-Site where supported), so a request is accepted when it names
 * our own origin, or names none at all (a non-browser client, which carries no victim's cookie).
 * SameSite=Lax cookies are the second layer.
 */
export function registerCsrfProtection(app: FastifyInstance, config: Config): void {
  const appOrigin = new URL(config.appUrl).origin;
  const refused = () => new AppError(403, 'cross_site_request', AUTH_MESSAGES.crossSiteRefused);
  // Callback style: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let host: string | null = null;
      try {
        host = new URL(origin).host;
      } catch {
        host = null;
      }
      if (origin === appOrigin || (host !== null && host === request.host)) return done();
      return done(refused());
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') return done(refused());
    done();
  });
}
