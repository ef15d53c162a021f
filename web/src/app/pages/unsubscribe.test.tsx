// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const TOKEN = 'k3Jd9-random_token';
const LINK = 'GET /api/v1/notifications/unsubscribe';
const UNSUBSCRIBE = 'POST /api/v1/notifications/unsubscribe';
const INVALID = 'This unsubscribe link is not valid. You can turn emails off under Profile, Settings.';
const unknown = () => ({ status: 404, body: { error: { code: 'not_found', message: INVALID } } });

const posts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('Unsubscribe', () => {
  it('explains which emails stop, and stops them only when the button is pressed, signed out', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [LINK]: () => ({ status: 200, body: { setting: 'quoteUpdates' } }),
      [UNSUBSCRIBE]: () => ({ status: 200, body: { setting: 'quoteUpdates' } }),
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeTruthy();
    expect(
      await screen.findByText(
        /You will stop getting emails about your quotes and bookings \('Quote updates' in your settings\)/,
      ),
    ).toBeTruthy();
    // Opening the page (as a mail scanner would) changes nothing.
    expect(posts(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeTruthy();
    expect(screen.getByText(/You will no longer get emails about your quotes and bookings/)).toBeTruthy();
    const [post] = posts(fetchMock);
    expect(JSON.parse(String(post![1]!.body))).toEqual({ token: TOKEN });
  });

  it('says clearly when the link is unknown, or has no token', async () => {
    const fetchMock = mockApi({ ...sessionHandler(null), [LINK]: unknown });
    renderApp('/unsubscribe?token=forged');
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(posts(fetchMock)).toHaveLength(0);
    cleanup();

    mockApi(sessionHandler(null));
    renderApp('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toContain(INVALID);
  });

  it('keeps the button and says so when unsubscribing fails', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(null),
      [LINK]: () => ({ status: 200, body: { setting: 'quoteUpdates' } }),
      [UNSUBSCRIBE]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { status: 200, body: { setting: 'quoteUpdates' } },
    });
    renderApp(`/unsubscribe?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not unsubscribe you. Please try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed')).toBeTruthy();
  });
});
