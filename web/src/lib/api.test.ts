import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from './api';

function respondWith(status: number, body?: unknown) {
  const fetchMock = vi.fn(async () =>
    body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  it('returns the parsed JSON body of a successful answer', async () => {
    const fetchMock = respondWith(200, { jobs: [] });
    await expect(apiFetch('/jobs')).resolves.toEqual({ jobs: [] });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/jobs',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = respondWith(201, { id: 'j1' });
    await apiFetch('jobs', { method: 'POST', json: { title: 'Fix tap' } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/jobs');
    expect(init.body).toBe('{"title":"Fix tap"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('answers undefined for 204 No Content', async () => {
    respondWith(204);
    await expect(apiFetch('/sessions/current', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('turns the error envelope into an ApiError with code, message, status and details', async () => {
    const details = { fieldErrors: { title: ['Title must be at least 5 characters'] } };
    respondWith(400, {
      error: { code: 'validation_error', message: 'Title must be at least 5 characters', details },
    });
    const error = await errorOf(apiFetch('/jobs', { method: 'POST', json: {} }));
    expect(error.code).toBe('validation_error');
    expect(error.message).toBe('Title must be at least 5 characters');
    expect(error.status).toBe(400);
    expect(error.details).toEqual(details);
  });

  it('keeps the status of an error answer without the envelope', async () => {
    respondWith(502, '<html>Bad gateway</html>');
    const error = await errorOf(apiFetch('/jobs'));
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(502);
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await errorOf(apiFetch('/jobs'));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });

  it('asks for an event stream and hands back the unread answer when streaming', async () => {
    const answer = new Response('event: delta\ndata: {"text":"Hi"}\n\n', {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    });
    const fetchMock = vi.fn(async () => answer);
    vi.stubGlobal('fetch', fetchMock);
    const response = await apiFetch('/assistant/chat', {
      method: 'POST',
      json: { message: 'Hi' },
      stream: true,
    });
    expect(response).toBe(answer);
    expect(response.bodyUsed).toBe(false);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Accept')).toBe('text/event-stream');
    expect(init.credentials).toBe('same-origin');
  });

  it('throws the envelope of a refused stream as an ApiError', async () => {
    respondWith(429, { error: { code: 'rate_limited', message: 'Too many questions' } });
    const error = await errorOf(apiFetch('/assistant/chat', { method: 'POST', json: {}, stream: true }));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Too many questions');
  });
});
