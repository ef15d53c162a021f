// The query cache a server render filled (web/src/server-render.tsx), carried to the browser in the
// page as JSON, so the first client render finds the same data and hydrates the same markup.
import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

/** The id of the <script type="application/json"> that holds it (data, never run: the CSP allows it). */
export const SSR_STATE_ID = 'tn-ssr-state';

type ApiErrorJson = { apiError: Pick<ApiError, 'code' | 'message' | 'status' | 'details'> };

const isApiErrorJson = (value: unknown): value is ApiErrorJson =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/**
 * The state as JSON that is safe inside a script element: `<` escaped, so no value can close the tag.
 * A failed query keeps its ApiError's fields (an Error's message is not enumerable, JSON would drop it),
 * so a page that showed 'not found' on the server shows it again when it hydrates.
 */
export function encodeState(state: DehydratedState): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    value instanceof ApiError
      ? {
          apiError: {
            code: value.code,
            message: value.message,
            status: value.status,
            details: value.details,
          },
        }
      : value,
  ).replace(/</g, '\\u003c');
}

export function decodeState(text: string): DehydratedState {
  return JSON.parse(text, (_key, value: unknown) =>
    isApiErrorJson(value)
      ? new ApiError(
          value.apiError.code,
          value.apiError.message,
          value.apiError.status,
          value.apiError.details,
        )
      : value,
  ) as DehydratedState;
}
