// What the app sent to the fake API of `mockApi`, for tests that check a request's body.

type FetchMock = { mock: { calls: [RequestInfo | URL, RequestInit?][] } };

/** The JSON bodies sent to `'METHOD /api/v1/path'` (the path without its query), oldest first. */
export function bodiesSentTo(fetchMock: FetchMock, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path,
    )
    .map(([, init]) => JSON.parse(String(init?.body)));
}
