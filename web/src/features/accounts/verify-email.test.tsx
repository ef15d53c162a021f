// @vitest-environment happy-dom
import { AUTH_MESSAGES } from '@domain/accounts/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

describe('email verification', () => {
  it('sends the link’s token once, says so, drops the parameter and only then leaves /', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser({ emailVerified: false })),
      'POST /api/v1/auth/verify-email': () => ({ status: 200, body: { verified: true, user: makeUser() } }),
    });
    const { router, visited } = renderApp('/?verify=token-123');

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Email verified', expect.any(String)));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const verifyCalls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/auth/verify-email'));
    expect(verifyCalls).toHaveLength(1);
    expect(verifyCalls[0]?.[1]?.body).toBe(JSON.stringify({ token: 'token-123' }));
    expect(router.state.location.search).toBe('');
    expect(visited[0]).toBe('/');
  });

  it('shows the server’s message when the link is no good', async () => {
    mockApi({
      ...sessionHandler(null),
      'POST /api/v1/auth/verify-email': () => ({
        status: 400,
        body: { error: { code: 'invalid_token', message: AUTH_MESSAGES.invalidVerificationLink } },
      }),
    });
    const { router } = renderApp('/?verify=stale');
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Error', AUTH_MESSAGES.invalidVerificationLink),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reminds an unverified user, resends on request and can be dismissed', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser({ emailVerified: false })),
      'POST /api/v1/auth/resend-verification': () => ({ status: 204 }),
    });
    renderApp('/terms');
    expect(
      await screen.findByText((_, element) =>
        element?.tagName === 'P'
          ? element.textContent === 'Please verify your email address. We sent a link to ann@example.com.'
          : false,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Verification email sent'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/resend-verification'))).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Resend email' })).toBeNull();
  });

  it('says nothing to a verified user', async () => {
    mockApi(sessionHandler(makeUser()));
    renderApp('/terms');
    await screen.findByRole('navigation', { name: 'App' });
    expect(screen.queryByRole('button', { name: 'Resend email' })).toBeNull();
  });
});
