// @vitest-environment happy-dom
import type { BookingView, MyJobView } from '@domain/marketplace/api';
import { PAYMENT_TEXTS } from '@domain/payments/messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '@/lib/leave-app';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { makeBooking, makeHeldPayment, makeMyJob } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, queriesSentTo, requestsTo } from '@/test/requests';
import { VERIFY_POLL } from './use-payment-return';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('@/lib/leave-app', () => ({ leaveTo: vi.fn() }));
vi.mock('@/lib/toast-info', () => ({ showInfo: vi.fn() }));

const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
const CHECKOUT_URL = 'http://localhost/sandbox/checkout/cs_sandbox_abcdefgh';

// The checkout goes in this tab: a new one would be a second copy of the app once the payment returns.
let openSpy: { mockRestore: () => void };

beforeEach(() => {
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => null);
});

afterEach(() => {
  resetBetweenTests();
  openSpy.mockRestore();
});

const readyJob = () =>
  makeMyJob({
    id: 'a',
    title: 'Finished work',
    status: 'in_progress',
    booking: makeBooking({ id: BOOKING_ID, status: 'completed', depositPaid: false, amount: 13_500 }),
  });

type Handlers = Parameters<typeof mockApi>[0];

async function openActiveTab(handlers: Handlers) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler([readyJob()]),
    ...handlers,
  });
  renderApp('/my-jobs');
  await screen.findByRole('link', { name: 'Finished work' }, { timeout: 5000 });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Active' }), { button: 0 });
  const pay = await screen.findByRole('button', { name: 'Pay £135.00' });
  return { fetchMock, pay };
}

describe('Pay £X', () => {
  it('asks for a checkout once however fast the clicks, and goes there in this tab', async () => {
    let answer!: () => void;
    const { fetchMock, pay } = await openActiveTab({
      'POST /api/v1/payments/create-payment': () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ status: 200, body: { url: CHECKOUT_URL, sessionId: 'cs_sandbox_abcdefgh' } });
        }),
    });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(pay);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodiesSentTo(fetchMock, 'POST /api/v1/payments/create-payment')).toEqual([
      { bookingId: BOOKING_ID },
    ]);
    expect(leaveTo).toHaveBeenCalledTimes(1);
    expect(window.open).not.toHaveBeenCalled();
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    expect(showError).not.toHaveBeenCalled();
  });

  it("says 'Payment failed' with the server's message, and stays on My Jobs", async () => {
    const { pay } = await openActiveTab({
      'POST /api/v1/payments/create-payment': () => ({
        status: 409,
        body: { error: { code: 'payment_state', message: 'This booking has already been paid' } },
      }),
    });
    fireEvent.click(pay);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Payment failed', 'This booking has already been paid'),
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("says 'Failed to initiate payment' when the server gave no message", async () => {
    const { pay } = await openActiveTab({
      'POST /api/v1/payments/create-payment': () => ({ status: 502, body: '<html>Bad gateway</html>' }),
    });
    fireEvent.click(pay);
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Payment failed', 'Failed to initiate payment'),
    );
    expect(PAYMENT_TEXTS.startFailedFallback).toBe('Failed to initiate payment');
  });
});

const SESSION = 'cs_sandbox_abcdefgh';

function returnTo(path: string, verify: Handlers[string], jobs: MyJobView[] = []) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler(jobs),
    'POST /api/v1/payments/verify-payment': verify,
  });
  return { ...renderApp(path), fetchMock };
}

const paid = { status: 'paid', bookingId: BOOKING_ID, jobId: 'a', heldUntil: '2026-11-30T12:00:00.000Z' };

describe('returning from the checkout', () => {
  it("verifies a success, says 'Payment successful!', shows Done and resets the address", async () => {
    const { router, fetchMock } = returnTo(`/my-jobs?payment=success&session_id=${SESSION}`, () => ({
      status: 200,
      body: paid,
    }));
    await waitFor(
      () =>
        expect(showSuccess).toHaveBeenCalledWith(
          'Payment successful!',
          'Your payment has been processed and the job is now complete.',
        ),
      { timeout: 5000 },
    );
    expect(router.state.location.pathname).toBe('/my-jobs');
    expect(router.state.location.search).toBe('');
    expect(bodiesSentTo(fetchMock, 'POST /api/v1/payments/verify-payment')).toEqual([{ sessionId: SESSION }]);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Done' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(showError).not.toHaveBeenCalled();
  });

  it('asks again while the payment is pending, then says it succeeded', async () => {
    const interval = VERIFY_POLL.intervalMs;
    VERIFY_POLL.intervalMs = 10;
    try {
      let asked = 0;
      const { fetchMock } = returnTo(`/my-jobs?payment=success&session_id=${SESSION}`, () => {
        asked += 1;
        return { status: 200, body: asked < 3 ? { ...paid, status: 'pending', heldUntil: null } : paid };
      });
      expect(await screen.findByText('Confirming your payment…', undefined, { timeout: 5000 })).toBeTruthy();
      await waitFor(() =>
        expect(showSuccess).toHaveBeenCalledWith(PAYMENT_TEXTS.successTitle, PAYMENT_TEXTS.successBody),
      );
      expect(requestsTo(fetchMock, 'POST /api/v1/payments/verify-payment')).toHaveLength(3);
      await waitFor(() => expect(screen.queryByText('Confirming your payment…')).toBeNull());
    } finally {
      VERIFY_POLL.intervalMs = interval;
    }
  });

  it('says the payment is still being confirmed when it stays pending', async () => {
    const { intervalMs, attempts } = VERIFY_POLL;
    Object.assign(VERIFY_POLL, { intervalMs: 5, attempts: 3 });
    try {
      const { fetchMock } = returnTo(`/my-jobs?payment=success&session_id=${SESSION}`, () => ({
        status: 200,
        body: { ...paid, status: 'pending', heldUntil: null },
      }));
      await waitFor(() => expect(showInfo).toHaveBeenCalledTimes(1), { timeout: 5000 });
      expect(vi.mocked(showInfo).mock.calls[0]![0]).toBe('Payment processing');
      expect(requestsTo(fetchMock, 'POST /api/v1/payments/verify-payment')).toHaveLength(3);
      expect(showSuccess).not.toHaveBeenCalled();
      expect(showError).not.toHaveBeenCalled();
    } finally {
      Object.assign(VERIFY_POLL, { intervalMs, attempts });
    }
  });

  it.each([
    ['a failed payment', { status: 200, body: { ...paid, status: 'failed', heldUntil: null } }],
    ['a cancelled payment', { status: 200, body: { ...paid, status: 'cancelled', heldUntil: null } }],
    [
      'a refused verification',
      { status: 404, body: { error: { code: 'not_found', message: 'Payment not found' } } },
    ],
  ])("says 'Payment verification failed' after %s", async (_, reply) => {
    const { router } = returnTo(`/my-jobs?payment=success&session_id=${SESSION}`, () => reply);
    await waitFor(
      () =>
        expect(showError).toHaveBeenCalledWith(
          'Payment verification failed',
          'Please contact support if payment was deducted.',
        ),
      { timeout: 5000 },
    );
    expect(router.state.location.search).toBe('');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it("says 'Payment cancelled' on return from a cancelled checkout, verifying nothing", async () => {
    const { router, fetchMock } = returnTo('/my-jobs?payment=cancelled', () => ({ status: 200, body: paid }));
    await waitFor(
      () => expect(showError).toHaveBeenCalledWith('Payment cancelled', 'Your payment was cancelled.'),
      {
        timeout: 5000,
      },
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requestsTo(fetchMock, 'POST /api/v1/payments/verify-payment')).toHaveLength(0);
  });

  it("verifies once and says so once under React's StrictMode", async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([]),
      'POST /api/v1/payments/verify-payment': () => ({ status: 200, body: paid }),
    });
    const { router } = renderApp(`/my-jobs?payment=success&session_id=${SESSION}`, { strict: true });
    await waitFor(() => expect(showSuccess).toHaveBeenCalled(), { timeout: 5000 });
    // A second run would have asked at mount: wait until every request made has been answered and
    // handled, then count.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(async () => {
      await Promise.allSettled(fetchMock.mock.results.map((r) => r.value));
    });
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(requestsTo(fetchMock, 'POST /api/v1/payments/verify-payment')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });
});

const heldUntil = '2026-11-30T12:00:00.000Z';
const doneJob = (money: BookingView['money']) =>
  makeMyJob({
    id: 'a',
    title: 'Paid work',
    status: 'completed',
    booking: makeBooking({ id: BOOKING_ID, status: 'completed', depositPaid: true, amount: 13_500, money }),
  });

const moneyView = {
  bookingId: BOOKING_ID,
  jobId: 'a',
  amountPence: 13_500,
  state: 'held',
  payments: [makeHeldPayment()],
  timeline: [],
};

async function openDoneTab(job: MyJobView, handlers: Handlers = {}) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler([job]),
    ...handlers,
  });
  renderApp('/my-jobs');
  await screen.findByRole('link', { name: job.title }, { timeout: 5000 });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Done' }), { button: 0 });
  await waitFor(() =>
    expect(
      queriesSentTo(fetchMock, '/api/v1/jobs/mine').filter((query) => query.toString() === 'tab=done'),
    ).toHaveLength(1),
  );
  const card = within(await waitFor(() => screen.getByRole('link', { name: job.title }).closest('li')!));
  return { fetchMock, card };
}

describe('the money of a paid job on Done', () => {
  it('says where held money is and releases it early after confirming', async () => {
    let released = false;
    const { fetchMock, card } = await openDoneTab(
      doneJob({ state: 'held', heldUntil, frozen: false, milestones: false }),
      {
        [`GET /api/v1/bookings/${BOOKING_ID}/money`]: () => ({ status: 200, body: { money: moneyView } }),
        'POST /api/v1/payments/40000000-0000-4000-8000-000000000001/release': () => {
          released = true;
          return { status: 200, body: { money: { ...moneyView, state: 'released' } } };
        },
      },
    );
    expect(await card.findByText('Held until 30 Nov 2026')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Release payment now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the payment now?' });
    expect(dialog.textContent).toContain('£135.00');
    expect(dialog.textContent).toContain('Tom Pipes');
    expect(dialog.textContent).toContain('30 Nov 2026');
    expect(dialog.textContent).toContain('protection window');
    expect(released).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Payment released', 'Tom Pipes has been paid.'),
    );
    expect(released).toBe(true);
    expect(requestsTo(fetchMock, `GET /api/v1/bookings/${BOOKING_ID}/money`).length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('keeps the money held when the dialog is dismissed', async () => {
    const { fetchMock, card } = await openDoneTab(
      doneJob({ state: 'held', heldUntil, frozen: false, milestones: false }),
    );
    fireEvent.click(await card.findByRole('button', { name: 'Release payment now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it held' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/release'))).toBe(false);
  });

  it("says the release failed in the dialog and the toast, in the server's words", async () => {
    const { card } = await openDoneTab(
      doneJob({ state: 'held', heldUntil, frozen: false, milestones: false }),
      {
        [`GET /api/v1/bookings/${BOOKING_ID}/money`]: () => ({ status: 200, body: { money: moneyView } }),
        'POST /api/v1/payments/40000000-0000-4000-8000-000000000001/release': () => ({
          status: 409,
          body: { error: { code: 'payment_state', message: 'This payment is frozen by a dispute' } },
        }),
      },
    );
    fireEvent.click(await card.findByRole('button', { name: 'Release payment now' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    expect(await within(dialog).findByText('This payment is frozen by a dispute')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Error', 'This payment is frozen by a dispute');
  });

  it.each([
    [{ state: 'held', heldUntil, frozen: true, milestones: false }, 'Frozen by a dispute'],
    [{ state: 'released', heldUntil: null, frozen: false, milestones: false }, 'Released'],
    [{ state: 'refunded', heldUntil: null, frozen: false, milestones: false }, 'Refunded'],
  ] as const)('says %o as %s, without a release button', async (money, text) => {
    const { card } = await openDoneTab(doneJob({ ...money }));
    expect(await card.findByText(text)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Release payment now' })).toBeNull();
    expect(card.queryByText(/Held until/)).toBeNull();
  });
});
