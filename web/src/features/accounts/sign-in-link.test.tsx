// @vitest-environment happy-dom
import { AUTH_MESSAGES } from '@domain/accounts/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

describe('signing in with an emailed link', () => {
  it('asks for a link for the email typed in the form', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      'POST /api/v1/auth/sign-in-link': () => ({
        status: 202,
        body: { sent: true, message: AUTH_MESSAGES.signInLinkSent },
      }),
    });
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ann@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Check your email', AUTH_MESSAGES.signInLinkSent),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/sign-in-link'));
    expect(call?.[1]?.body).toBe(JSON.stringify({ email: 'ann@example.test' }));
  });

  it('marks the email field instead of asking when it is not an address', async () => {
    const fetchMock = mockApi(sessionHandler(null));
    renderApp('/auth');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Validation Error', 'Invalid email address'));
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/sign-in-link'))).toBe(false);
  });

  it('redeems /auth?signin=<token> once and goes to /home', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      'POST /api/v1/auth/sign-in-link/redeem': () => ({ status: 200, body: { user: makeUser() } }),
    });
    const { router } = renderApp('/auth?signin=tok-123');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth'));
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/sign-in-link/redeem'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]?.body).toBe(JSON.stringify({ token: 'tok-123' }));
    expect(showSuccess).toHaveBeenCalledWith('Welcome back!', "You've successfully signed in.");
  });

  it('shows why a stale link failed and returns to the sign-in form', async () => {
    mockApi({
      ...sessionHandler(null),
      'POST /api/v1/auth/sign-in-link/redeem': () => ({
        status: 400,
        body: { error: { code: 'invalid_token', message: AUTH_MESSAGES.invalidSignInLink } },
      }),
    });
    renderApp('/auth?signin=stale');
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', AUTH_MESSAGES.invalidSignInLink));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
  });
});
