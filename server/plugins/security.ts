import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * The headers Helmet sets for these options, worked out once. They are the same for every response
 * (no per-request nonces), and the Fastify wrapper ran Helmet afresh on each request, parsing the whole
 * policy every time: a tenth of the server's time on a trivial route (bench/README.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The header that marks the API requests a server render makes in-process (web-app.ts), with this
 * process's secret: they are exempt from the rate limit. Made at start and never sent out, so no client
 * can forge it; a client that sends the header with another value is limited as usual.
 */
export const IN_PROCESS_HEADER = 'x-tn-in-process';
export const inProcessSecret = randomBytes(24).toString('base64url');

/** Nothing in a JSON answer may load, run or frame anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What an API answer carries (decision 0021), after OWASP's REST Security Cheat Sheet: a JSON body is
 * never rendered as a document, so the document set (script and style sources, Permissions-Policy,
 * cross-origin isolation) protects nothing there, yet its ~700 bytes rode on every answer and cost a
 * third of raw node:http's throughput on a trivial route (bench/README.md). These keep what matters for
 * an API: nothing loads or runs if an answer is ever opened as a page, no framing, no MIME sniffing,
 * no reading by other sites' pages (CORP), no referrer, and HSTS over HTTPS.
 */
export function apiHeaders(hsts: string | undefined): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * Registers the security headers and the rate limiter. Returns `documentHeaders`, to be called in the
 * scope of the files and pages (and their not-found handler): it adds the document set to an answer to
 * a revalidation that is not a 304, for those routes alone.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
): Promise<(web: FastifyInstance) => void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and sonner set inline styles at run time; styles cannot run code, scripts stay locked down.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: covers generated avatars and inline SVG icons; blob: covers image previews before upload.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and is only honoured) over HTTPS.
    strictTransportSecurity: config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Powerful browser features the app never uses are switched off for it and for anything it embeds,
  // so injected or third-party code cannot ask for them either.
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const api = apiHeaders(headers['strict-transport-security']);
  // Set when the request arrives, so every answer has them, errors and 404s included: the document
  // set for pages and files, the API set (decision 0021) for everything under /api/. The one page
  // under /api/, the API docs (development only), sets its own policy (@fastify/swagger-ui's staticCSP).
  // The request id (plugins/logging.ts) goes out here too: one hook on every request rather than two.
  // A revalidation of a page or file (If-None-Match) mostly ends in a 304, which carries none of the
  // document set (RFC 9110 15.4.5, static-files.ts): for it the set is left to `documentHeaders`,
  // which adds it to any other answer. Setting fourteen headers to take them off again cost the 304
  // about a tenth of its time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/')) reply.headers(api);
    else if (request.headers['if-none-match'] === undefined) reply.headers(headers);
    done();
  });

  // Static files are cheap and cached, and liveness must answer however often it is asked: the limit
  // protects the API. Decided per route when it is added, so those routes carry no limiter at all
  // (an allow-list is asked on every request, after the client's address is worked out).
  app.addHook('onRoute', (route) => {
    const outside = !route.url.startsWith('/api/') || route.url.startsWith('/api/health');
    if (outside && route.config?.rateLimit === undefined) {
      route.config = { ...route.config, rateLimit: false };
    }
  });
  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // A client that hangs up before the limit is checked has no address any more (Node clears it
    // with the socket); the default key would throw, logging a 500 for a request nobody is waiting for.
    keyGenerator: (request) => (request.ip ? normalizeIP(request.ip) : 'client-gone'),
    // A server render's own requests (see IN_PROCESS_HEADER): the page's, not the visitor's.
    allowList: (request) => request.headers[IN_PROCESS_HEADER] === inProcessSecret,
  });

  // Added by the web app's own scope (app.ts), not the root: Fastify passes a hook added to a parent to
  // every child it already has, so at the root it would run for liveness and every API answer as well.
  return (web) => {
    web.addHook('onSend', (request, reply, payload, done) => {
      const revalidated = request.headers['if-none-match'] !== undefined;
      if (revalidated && reply.statusCode !== 304 && !request.url.startsWith('/api/')) reply.headers(headers);
      done(null, payload);
    });
  };
}
