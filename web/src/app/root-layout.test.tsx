// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const footer = () => screen.queryByRole('navigation', { name: 'Footer' });

describe('the app layout', () => {
  it.each(['/home', '/my-jobs', '/messages', '/notifications', '/profile', '/post-job'])(
    'leaves the marketing footer off the signed-in screen %s',
    async (path) => {
      mockApi(sessionHandler(makeUser()));
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(footer()).toBeNull();
    },
  );

  it('leaves the footer off /browse for a signed-in user (a tab of the app), not for a visitor', async () => {
    mockApi(sessionHandler(makeUser()));
    renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    expect(footer()).toBeNull();
    cleanup();
    mockApi(sessionHandler(null));
    renderApp('/browse');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(footer()).not.toBeNull());
  });

  it.each(['/terms', '/support'])(
    'keeps the footer on the public page %s, signed in or not',
    async (path) => {
      mockApi(sessionHandler(makeUser()));
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      expect(footer()).not.toBeNull();
    },
  );

  it('lets a conversation fill the screen, with no footer', async () => {
    mockApi(sessionHandler(makeUser()));
    const { container } = renderApp('/conversation/30000000-0000-4000-8000-000000000001');
    await screen.findByRole('navigation', { name: 'App' });
    expect(footer()).toBeNull();
    // One screen tall, in dynamic viewport units: the on-screen keyboard shortens it.
    expect((container.firstElementChild as HTMLElement).className).toContain('h-dvh');
  });
});

describe('the header’s navigation', () => {
  it('offers a signed-in customer the tab bar’s items, and the tab bar only on small screens', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/conversations/unread': () => ({ status: 200, body: { unread: 2 } }),
    });
    renderApp('/my-jobs');
    await screen.findByRole('heading', { level: 1 });
    // The visitor's header shows until the session says who is signed in.
    const main = () => within(screen.getByRole('navigation', { name: 'Main' }));
    await waitFor(() =>
      expect(
        main()
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Home', '/home'],
        ['Browse', '/browse'],
        ['Jobs', '/my-jobs'],
        ['Messages2', '/messages'],
        ['Profile', '/profile'],
      ]),
    );
    expect(main().getByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
    expect(main().getByRole('link', { name: 'Jobs' }).getAttribute('aria-current')).toBe('page');
    // The landing page's items are for visitors.
    expect(main().queryByRole('link', { name: 'For Tradespeople' })).toBeNull();
    // The header's list and the tab bar swap at the same width.
    const tabBar = screen.getByRole('navigation', { name: 'App' });
    expect(tabBar.className).toContain('md:hidden');
    expect(screen.getByRole('navigation', { name: 'Main' }).className).toContain('md:flex');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('offers a tradesperson their own items', async () => {
    mockApi(sessionHandler(makeUser({ userType: 'tradesperson' })));
    renderApp('/manage-quotes');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Main' }))
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/tradesperson-dashboard', '/browse', '/manage-quotes', '/messages', '/profile']),
    );
  });

  it('offers a visitor the landing page’s items and no tab bar', async () => {
    mockApi(sessionHandler(null));
    renderApp('/terms');
    const main = within(await screen.findByRole('navigation', { name: 'Main' }));
    await waitFor(() =>
      expect(main.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Find Trades',
        'How It Works',
        'For Tradespeople',
        'Log In',
        'Sign Up',
      ]),
    );
    expect(screen.queryByRole('navigation', { name: 'App' })).toBeNull();
  });
});

describe('the way into the admin console', () => {
  it('is in the header for an admin, at every size, and marked current in the console', async () => {
    mockApi(sessionHandler(makeUser({ isAdmin: true })));
    const { router } = renderApp('/my-jobs');
    const link = await screen.findByRole('link', { name: 'Admin' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/admin');
    // Not hidden below a breakpoint: phones reach the console from the header too.
    expect(link.className).not.toMatch(/(^|\s)hidden(\s|$)/);
    expect(link.getAttribute('aria-current')).toBeNull();
    await router.navigate('/admin/disputes');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('is not there for anyone else', async () => {
    mockApi(sessionHandler(makeUser()));
    renderApp('/my-jobs');
    await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    await screen.findByRole('link', { name: 'Notifications' });
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: /admin/i })).toBeNull();
  });
});
