// Helpers for component tests that render the real route table against a fake API.
import type { SessionUser } from '@domain/accounts/api';
import { SETTINGS_DEFAULTS } from '@domain/accounts/schemas';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '@/app/router';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ann@example.com',
    fullName: 'Ann Smith',
    userType: 'customer',
    isAdmin: false,
    emailVerified: true,
    settings: { ...SETTINGS_DEFAULTS },
    ...overrides,
  };
}

/**
 * For `afterEach`: unmounts what the test rendered, puts the real fetch back, forgets the calls every mock
 * saw (the mocked toasts among them) and empties localStorage, so no test sees what the one before left.
 */
export function resetBetweenTests() {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
}

export type Reply = { status: number; body?: unknown };
type Handler = (init: RequestInit | undefined) => Reply | Promise<Reply>;

/**
 * Replaces fetch with a table of `'METHOD /api/v1/path'` handlers; anything else answers the server's
 * JSON 404. Returns the mock so tests can inspect the requests.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const handler = handlers[key];
    const reply = handler
      ? await handler(init)
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    if (reply.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The session endpoint answering with this user (or signed out). */
export function sessionHandler(user: SessionUser | null): Record<string, Handler> {
  return { 'GET /api/v1/auth/session': () => ({ status: 200, body: { user } }) };
}

/**
 * The whole app at `path`, as the router serves it. `strict` renders it under React's StrictMode, whose
 * double effects catch a return from a provider handled twice.
 */
export function renderApp(path: string, { strict = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Every location the router settles on, redirects included.
  const visited = [router.state.location.pathname];
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && visited.at(-1) !== state.location.pathname) {
      visited.push(state.location.pathname);
    }
  });
  const app = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, queryClient, visited, ...view };
}
