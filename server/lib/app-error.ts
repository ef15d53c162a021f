import type { ErrorCode } from '../../domain/errors';

/**
 * The one error type services throw. `code` is one of domain/errors.ts's closed list (the web app branches on it), `message` is safe
 * to show a user, `details` carries per-field messages.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Sent as `Retry-After` (seconds) with a 429, so clients and scripts know when to try again. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }

  static notFound(message = 'Not found') {
    return new AppError(404, 'not_found', message);
  }

  static validation(message: string, details?: unknown) {
    return new AppError(400, 'validation_error', message, details);
  }

  static conflict(code: ErrorCode, message: string) {
    return new AppError(409, code, message);
  }
}
