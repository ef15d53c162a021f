import { randomUUID } from 'node:crypto';
import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

// Query parameters whose values must never reach the logs (sign-in links, reset tokens, checkout ids).
const SECRET_PARAMS = /^(token|code|password|secret|session_id|sessionid|key|signature)$/i;

/** Removes secret query values from a logged URL. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    // Bodies are never logged; these paths cover headers and any object a service logs by mistake.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
        '*.cardNumber',
        '*.cvc',
        '*.card',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** Keeps a caller's request id when it looks like one (a proxy's), otherwise makes a new one. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
