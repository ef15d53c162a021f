// @vitest-environment happy-dom
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from '@domain/accounts/schemas';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError, expectNoFieldError, validationErrorReply } from '@/test/field-errors';
import { EMPTY_DASHBOARD } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(() => {
  resetBetweenTests();
  sessionStorage.clear();
});

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function openForm(path: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ ...sessionHandler(null), ...handlers });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...app, fetchMock };
}

describe('the auth form', () => {
  it('shows one Validation Error toast with the first message only, and keeps what was typed', async () => {
    const { fetchMock } = await openForm('/auth?mode=signup');
    type(/^Email/, 'not-an-email');
    type(/^Password/, 'short');
    type(/^Full name/, 'A');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(showError).toHaveBeenCalledWith('Validation Error', ACCOUNT_MESSAGES.invalidEmail);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('not-an-email');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('short');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('A');
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent to the server.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('sign-up'))).toBe(false);
  });

  it('shows each message next to its field, linked for screen readers, and focuses the first one', async () => {
    await openForm('/auth?mode=signup');
    type(/^Email/, 'not-an-email');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'A');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expectFieldError(screen.getByLabelText(/^Email/), ACCOUNT_MESSAGES.invalidEmail));
    expectFieldError(screen.getByLabelText(/^Full name/), ACCOUNT_MESSAGES.nameTooShort);
    expectNoFieldError(screen.getByLabelText(/^Password/));
    // The password's hint is still read with it.
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-describedby')).toContain(
      'auth-password-hint',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
  });

  it('puts the server’s field messages next to their fields and keeps what was typed', async () => {
    await openForm('/auth?mode=signup', {
      'POST /api/v1/auth/sign-up': () => ({
        status: 409,
        body: { error: { code: 'email_taken', message: AUTH_MESSAGES.emailTaken } },
      }),
    });
    type(/^Email/, 'bob@example.com');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'Bob Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expectFieldError(screen.getByLabelText(/^Email/), AUTH_MESSAGES.emailTaken));
    expect(showError).toHaveBeenCalledWith('Error', AUTH_MESSAGES.emailTaken);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Email/)));
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('longenough');
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Bob Jones');
  });

  it('marks the fields a server validation error names', async () => {
    await openForm('/auth?mode=signup', {
      'POST /api/v1/auth/sign-up': () => validationErrorReply('fullName', ACCOUNT_MESSAGES.nameTooShort),
    });
    type(/^Email/, 'bob@example.com');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'Bob Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expectFieldError(screen.getByLabelText(/^Full name/), ACCOUNT_MESSAGES.nameTooShort));
    expect(showError).toHaveBeenCalledWith('Validation Error', ACCOUNT_MESSAGES.nameTooShort);
  });

  it('marks its fields required and sets autocomplete for password managers', async () => {
    await openForm('/auth?mode=signup');
    for (const [label, autocomplete] of [
      [/^Email/, 'email'],
      [/^Password/, 'new-password'],
      [/^Full name/, 'name'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(field.getAttribute('autocomplete')).toBe(autocomplete);
    }
  });

  it('preselects tradesperson from ?type=tradesperson', async () => {
    await openForm('/auth?mode=signup&type=tradesperson');
    expect((screen.getByRole('radio', { name: /Tradesperson/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Customer/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('signs up, says so in the spec’s words and goes to /home', async () => {
    const user = makeUser({ fullName: 'Bob Jones', email: 'bob@example.com' });
    const { router, fetchMock } = await openForm('/auth?mode=signup', {
      'POST /api/v1/auth/sign-up': () => ({ status: 201, body: { user } }),
    });
    type(/^Email/, ' bob@example.com ');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'Bob Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Account created!', 'You can now browse and post jobs.'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const signUp = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/auth/sign-up'));
    expect(JSON.parse(String(signUp?.[1]?.body))).toEqual({
      email: 'bob@example.com',
      password: 'longenough',
      fullName: 'Bob Jones',
      userType: 'customer',
    });
  });

  it('greets a new customer with Welcome, and as returning once they sign in again', async () => {
    const user = makeUser({ fullName: 'Bob Jones', email: 'bob@example.com' });
    await openForm('/auth?mode=signup', {
      'POST /api/v1/auth/sign-up': () => ({ status: 201, body: { user } }),
      'GET /api/v1/tradespeople/featured': () => ({ status: 200, body: { tradespeople: [] } }),
    });
    type(/^Email/, 'bob@example.com');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'Bob Jones');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Bob' })).toBeTruthy();
    cleanup();

    await openForm('/auth', {
      'POST /api/v1/auth/sign-in': () => ({ status: 200, body: { user } }),
      'GET /api/v1/tradespeople/featured': () => ({ status: 200, body: { tradespeople: [] } }),
    });
    type(/^Email/, 'bob@example.com');
    type(/^Password/, 'longenough');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Bob' })).toBeTruthy();
  });

  it('tells a new tradesperson what is true for them: set up, then find jobs; and greets them as new', async () => {
    const user = makeUser({ fullName: 'Tom Trade', email: 'tom@example.com', userType: 'tradesperson' });
    await openForm('/auth?mode=signup&type=tradesperson', {
      'POST /api/v1/auth/sign-up': () => ({ status: 201, body: { user } }),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: EMPTY_DASHBOARD }),
    });
    type(/^Email/, 'tom@example.com');
    type(/^Password/, 'longenough');
    type(/^Full name/, 'Tom Trade');
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Account created!',
        'Set up your business profile to start finding jobs.',
      ),
    );
    expect(showSuccess).not.toHaveBeenCalledWith('Account created!', 'You can now browse and post jobs.');
    expect(await screen.findByText('Welcome, Tom Trade', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('signs in, says so in the spec’s words and goes to /home', async () => {
    const { router } = await openForm('/auth', {
      'POST /api/v1/auth/sign-in': () => ({ status: 200, body: { user: makeUser() } }),
    });
    type(/^Email/, 'ann@example.com');
    type(/^Password/, 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Welcome back!', "You've successfully signed in."),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('takes an admin to the admin console after signing in', async () => {
    const { router, visited } = await openForm('/auth', {
      'POST /api/v1/auth/sign-in': () => ({ status: 200, body: { user: makeUser({ isAdmin: true }) } }),
    });
    type(/^Email/, 'ada@example.com');
    type(/^Password/, 'whatever');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    // Straight there: the guard of /auth and the sign-in agree, so /home is never shown on the way.
    expect(visited).not.toContain('/home');
  });

  it('shows the server’s message under the title Error when sign-in fails', async () => {
    await openForm('/auth', {
      'POST /api/v1/auth/sign-in': () => ({
        status: 401,
        body: { error: { code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials } },
      }),
    });
    type(/^Email/, 'ann@example.com');
    type(/^Password/, 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', AUTH_MESSAGES.invalidCredentials));
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ann@example.com');
    // Also on the form itself, by the button, without saying which field was wrong.
    const form = screen.getByRole('button', { name: 'Log In' }).closest('form')!;
    expect(form.textContent).toContain(AUTH_MESSAGES.invalidCredentials);
    expectNoFieldError(screen.getByLabelText(/^Email/));
  });

  it('switches between sign-in and sign-up', async () => {
    const { router } = await openForm('/auth');
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await screen.findByLabelText(/^Full name/);
    expect(router.state.location.search).toBe('?mode=signup');
  });
});
