import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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

  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Static files are cheap and cached; the limit protects the API.
    allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
  });
}
