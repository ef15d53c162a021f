// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_TYPE_STORAGE_KEY } from '@/lib/session';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

async function landsOn(path: string, user: ReturnType<typeof makeUser> | null) {
  mockApi(sessionHandler(user));
  const { router, visited } = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return Object.assign(router, { visited });
}

describe('route guards (spec section 4 and the route table)', () => {
  it('sends a signed-in user from / to /home', async () => {
    const router = await landsOn('/', makeUser());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a signed-in user from /auth to /home', async () => {
    const router = await landsOn('/auth', makeUser());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('sends a tradesperson from /home to /tradesperson-dashboard', async () => {
    const router = await landsOn('/home', makeUser({ userType: 'tradesperson' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tradesperson-dashboard'));
  });

  it('sends a signed-out visitor from /profile to /auth', async () => {
    const router = await landsOn('/profile', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a signed-out visitor from /home and /manage-quotes to /', async () => {
    for (const path of ['/home', '/manage-quotes']) {
      const router = await landsOn(path, null);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      cleanup();
    }
  });

  it('sends a signed-in non-admin from /admin/users to /', async () => {
    const router = await landsOn('/admin/users', makeUser());
    // The landing page then sends the signed-in user on to /home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.visited).toEqual(['/admin/users', '/', '/home']);
  });

  it('sends a signed-in admin from / and /auth to the admin console', async () => {
    for (const path of ['/', '/auth']) {
      const router = await landsOn(path, makeUser({ isAdmin: true }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
      cleanup();
    }
  });

  it.each([
    '/admin',
    '/admin/verifications',
    '/admin/users/u1',
    '/admin/payments',
    '/admin/reviews',
    '/admin/disputes',
  ])(
    'sends a signed-in customer or tradesperson from %s to /, and never asks the admin API',
    async (path) => {
      for (const userType of ['customer', 'tradesperson'] as const) {
        const fetchMock = mockApi(sessionHandler(makeUser({ userType })));
        const { router } = renderApp(path);
        await waitFor(() => expect(router.state.location.pathname).not.toMatch(/^\/admin/));
        expect(router.state.location.pathname).not.toBe(path);
        const asked = fetchMock.mock.calls.map(([input]) => String(input));
        expect(asked.filter((url) => url.includes('/api/v1/admin'))).toEqual([]);
        cleanup();
        vi.unstubAllGlobals();
      }
    },
  );

  it('sends a signed-out visitor from /admin to /', async () => {
    const router = await landsOn('/admin', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('lets an admin open /admin/users', async () => {
    const router = await landsOn('/admin/users', makeUser({ isAdmin: true }));
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('shows the landing page to a signed-out visitor', async () => {
    const router = await landsOn('/', null);
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the stored user type in step with the session', async () => {
    localStorage.setItem(USER_TYPE_STORAGE_KEY, 'customer');
    await landsOn('/terms', null);
    await waitFor(() => expect(localStorage.getItem(USER_TYPE_STORAGE_KEY)).toBeNull());
    cleanup();
    await landsOn('/terms', makeUser({ userType: 'tradesperson' }));
    await waitFor(() => expect(localStorage.getItem(USER_TYPE_STORAGE_KEY)).toBe('tradesperson'));
  });
});

describe('bottom navigation', () => {
  it('appears for a signed-in user, with the page padded clear of it', async () => {
    mockApi(sessionHandler(makeUser()));
    renderApp('/terms');
    const nav = await screen.findByRole('navigation', { name: 'App' });
    expect(nav.textContent).toContain('Profile');
    // Room for the bar and the home indicator, below md where the bar shows.
    expect(nav.parentElement?.className).toContain('pb-[calc(4rem+1px+env(safe-area-inset-bottom))] md:pb-0');
  });

  it('does not appear for a signed-out visitor', async () => {
    mockApi(sessionHandler(null));
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'App' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Log In' })).toBeTruthy();
  });
});
