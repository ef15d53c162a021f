import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope } from '../../domain/errors';
import type { DatabaseAvailability } from '../db/availability';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/db-errors';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';
/** What a client is told to wait after a 503 for an unreachable database: about a readiness check's interval. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

// Fastify's own client errors get stable codes and plain-English messages.
const FASTIFY_CODES: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'bad_request', message: 'The request could not be understood.' },
  404: { code: 'not_found', message: 'Not found' },
  405: { code: 'method_not_allowed', message: 'Method not allowed' },
  406: { code: 'not_acceptable', message: 'Not acceptable' },
  413: { code: 'payload_too_large', message: 'The request is too large.' },
  415: { code: 'unsupported_media_type', message: 'Unsupported content type.' },
  429: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' },
};

function envelope(code: ErrorCode, message: string, details?: unknown): ErrorEnvelope {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/**
 * Turns every error into `{ error: { code, message, details } }`; 5xx bodies never say anything internal.
 * An error that says the database cannot be reached is a 503 with Retry-After, not a 500: the request was
 * fine and may succeed in a moment. `availability` logs the outage once, not once per request.
 */
export function registerErrorHandling(app: FastifyInstance, availability?: DatabaseAvailability): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A 503 is said on purpose (not ready, the database unreachable), and its cause is logged once per
      // change by whoever decided it, not once per request here.
      if (error.status >= 500 && error.status !== 503) request.log.error({ err: error }, 'application error');
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.status).send(envelope(error.code, error.message, error.details));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      // The spec shows the first message only; the rest travel in details for forms that want them.
      const first = details[0]?.message ?? 'Invalid request';
      return reply.status(400).send(envelope('validation_error', first, details));
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(envelope('internal_error', GENERIC_5XX));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CODES[status];
      // JSON syntax errors and similar are safe to echo: they describe the client's own input.
      const message =
        status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : (known?.message ?? 'The request could not be processed.');
      const code = known?.code ?? 'bad_request';
      if (status === 429) return reply.status(429).send(envelope(code, known!.message));
      return reply.status(status).send(envelope(code, message));
    }

    if (isDatabaseUnavailable(error)) {
      if (availability) availability.lost(error);
      else request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return reply.status(503).send(envelope('service_unavailable', UNAVAILABLE));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope('internal_error', GENERIC_5XX));
  });
}
