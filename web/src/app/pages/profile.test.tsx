// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError } from '@/lib/toast';
import { describedText } from '@/test/field-errors';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  resetBetweenTests();
  document.documentElement.classList.remove('dark');
});

/** Radix Tabs switch on mousedown (and keyboard), not on click. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('the Account screen', () => {
  it('falls back to "User" without a name and shows "<type> account"', async () => {
    mockApi(sessionHandler(makeUser({ fullName: null, userType: 'tradesperson' })));
    renderApp('/profile');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('User');
    expect(screen.getByText('tradesperson account')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
  });

  it('gives tradespeople their dashboard, quotes and profile editing links, and admins theirs', async () => {
    mockApi(sessionHandler(makeUser({ userType: 'tradesperson', isAdmin: true })));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of [
      '/tradesperson-dashboard',
      '/manage-quotes',
      '/edit-tradesperson-profile',
      '/admin',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Log Out' })).toBeTruthy();
  });

  it('signs out to / (not to the sign-in page) and forgets the stored user type', async () => {
    mockApi({ ...sessionHandler(makeUser()), 'POST /api/v1/auth/sign-out': () => ({ status: 204 }) });
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(localStorage.getItem('tradenest.userType')).toBe('customer'));
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('link', { name: 'Log In' });
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('tradenest.userType')).toBeNull();
  });

  it('saves a switch at once and keeps it when the server agrees', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      'PATCH /api/v1/account/settings': (init) => ({
        status: 200,
        body: { settings: { ...makeUser().settings, ...JSON.parse(String(init?.body)) } },
      }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    openTab('Settings');
    const quotes = await screen.findByRole('switch', { name: 'Quote updates' });
    expect(quotes.getAttribute('aria-checked')).toBe('true');

    fireEvent.click(quotes);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Quote updates' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/account/settings',
        expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ quoteUpdates: false }) }),
      ),
    );
    expect(screen.getByRole('switch', { name: 'Quote updates' }).getAttribute('aria-checked')).toBe('false');
    expect(showError).not.toHaveBeenCalled();
  });

  it('puts a switch back and shows Error when the server refuses', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      'PATCH /api/v1/account/settings': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong. Please try again.' } },
      }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    openTab('Settings');
    fireEvent.click(await screen.findByRole('switch', { name: 'New messages' }));

    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Error', 'Something went wrong. Please try again.'),
    );
    expect(screen.getByRole('switch', { name: 'New messages' }).getAttribute('aria-checked')).toBe('true');
    // Said next to the switch too, and read with it.
    const row = screen.getByRole('switch', { name: 'New messages' }).closest('li')!;
    expect(row.textContent).toContain('Something went wrong. Please try again.');
    expect(describedText(screen.getByRole('switch', { name: 'New messages' }))).toContain(
      'Something went wrong. Please try again.',
    );
    expect(screen.getByRole('switch', { name: 'Quote updates' }).closest('li')!.textContent).not.toContain(
      'Something went wrong',
    );
  });

  it('switches the theme at once with dark mode', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      'PATCH /api/v1/account/settings': () => ({
        status: 200,
        body: { settings: { ...makeUser().settings, darkMode: true } },
      }),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1 });
    openTab('Settings');
    fireEvent.click(await screen.findByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
  });
});
