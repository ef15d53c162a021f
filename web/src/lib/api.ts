// A small fetch wrapper for the server's JSON API under /api/v1. Errors arrive as
// { error: { code, message, details } } (the envelope of docs/architecture.md, 'Request path'); callers
// branch on `code`, never on text.
// `code` is one of the server's closed list (domain/errors.ts), or one of the two this file makes up
// when no envelope arrived, so a branch on a misspelt code fails the typecheck.
import type { ErrorCode } from '@domain/errors';

const API_BASE = '/api/v1';

/** How a request reaches the API: the browser's fetch, or in a server render the API in-process. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/** Sends apiFetch's requests elsewhere (web/src/server-render.tsx renders pages on the server). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** NETWORK_ERROR: the server was not reached; HTTP_ERROR: it answered without the error envelope. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type ApiRequestInit = Omit<RequestInit, 'body'> & {
  /** Sent as the JSON body. */
  json?: unknown;
};

const unreachable = () =>
  new ApiError('NETWORK_ERROR', 'We could not reach TradeNest. Check your connection and try again.', 0);

/** The server's own words when it sent them, else the screen's fallback text (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code !== 'HTTP_ERROR' && error.message) return error.message;
  return fallback;
}

/** A refusal because something changed meanwhile (409): the caller shows it and reloads. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

export const isUnauthenticated = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.code === 'unauthenticated');

/**
 * With `stream: true` the request asks for server-sent events (Accept: text/event-stream) and the
 * answer is the Response itself, its body unread, for the caller to read as it arrives; a refusal
 * throws ApiError as usual.
 */
export function apiFetch(path: string, init: ApiRequestInit & { stream: true }): Promise<Response>;
export function apiFetch<T>(path: string, init?: ApiRequestInit & { stream?: false }): Promise<T>;
export async function apiFetch<T>(
  path: string,
  { json, headers, stream = false, ...init }: ApiRequestInit & { stream?: boolean } = {},
): Promise<T | Response> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', stream ? 'text/event-stream' : 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, {
      credentials: 'same-origin',
      ...init,
      headers: requestHeaders,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw unreachable();
  }

  if (stream && response.ok) return response;
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    // The server sends only codes of its closed list (the OpenAPI document's ErrorEnvelope).
    return new ApiError(error.code as ErrorCode, error.message, status, error.details);
  }
  // A proxy or a crash may answer without the envelope: keep the status, say nothing internal.
  return new ApiError('HTTP_ERROR', 'Something went wrong. Please try again.', status);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Sends a multipart form (uploads). apiFetch speaks JSON only; the browser must set the multipart
 * boundary itself, so no Content-Type is given here.
 */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw unreachable();
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}
