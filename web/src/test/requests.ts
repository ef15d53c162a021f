// What the app sent to the fake API of `mockApi`, for tests that check a request or its body.

type Call = [RequestInfo | URL, RequestInit?];
type FetchMock = { mock: { calls: Call[] } };

/** The requests sent to `'METHOD /api/v1/path'` (the path without its query), oldest first. */
export function requestsTo(fetchMock: FetchMock, key: string): Call[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
  );
}

/** The JSON bodies sent to `'METHOD /api/v1/path'` (the path without its query), oldest first. */
export function bodiesSentTo(fetchMock: FetchMock, key: string): unknown[] {
  return requestsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)));
}

/** The query string of every request to `path` (any method) made so far, oldest first. */
export function queriesSentTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
