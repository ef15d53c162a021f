// @vitest-environment happy-dom
import type { BookingMoneyView } from '@domain/payments/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toast';
import { JOB_ID, makeBooking, makeHeldPayment, makeJobDetail, TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const BOOKING_ID = '30000000-0000-4000-8000-000000000001';
const PAYMENT_ID = '40000000-0000-4000-8000-000000000001';
const heldUntil = '2026-11-30T12:00:00.000Z';
const MONEY_URL = `GET /api/v1/bookings/${BOOKING_ID}/money`;

const heldBooking = makeBooking({
  status: 'completed',
  depositPaid: true,
  amount: 13_500,
  completedAt: '2026-11-20T10:00:00.000Z',
  money: { state: 'held', heldUntil, frozen: false, milestones: false },
});

const money = (overrides: Partial<BookingMoneyView> = {}): BookingMoneyView => ({
  bookingId: BOOKING_ID,
  jobId: JOB_ID,
  amountPence: 13_500,
  state: 'held',
  payments: [makeHeldPayment()],
  timeline: [
    { kind: 'paid', at: '2026-11-23T12:00:00.000Z', amountPence: 13_500, label: 'Paid £135.00' },
    { kind: 'held', at: '2026-11-23T12:00:00.000Z', amountPence: 13_500, label: 'Held until 30 Nov 2026' },
  ],
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];

function openJob(
  booking: ReturnType<typeof makeBooking> | null,
  handlers: Handlers = {},
  viewer: 'owner' | 'tradesperson' = 'owner',
) {
  const job = makeJobDetail({
    status: booking?.money.state === 'unpaid' ? 'in_progress' : 'completed',
    booking,
    viewer: { relation: viewer, canQuote: false, cannotQuoteReason: null, myQuote: null },
  });
  const user =
    viewer === 'owner'
      ? makeUser()
      : makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [`GET /api/v1/jobs/${JOB_ID}`]: () => ({ status: 200, body: { job } }),
    ...handlers,
  });
  renderApp(`/job/${JOB_ID}`);
  return fetchMock;
}

const history = () => screen.findByRole('list', { name: 'Payment history' }, { timeout: 5000 });

describe('the money on job detail', () => {
  it('shows the customer where held money is, the timeline, and releases it after confirming', async () => {
    let released = false;
    const releasedMoney = () =>
      money({
        state: 'released',
        timeline: [
          ...money().timeline,
          {
            kind: 'released',
            at: '2026-11-24T09:00:00.000Z',
            amountPence: 13_500,
            label: 'Released £135.00',
          },
        ],
      });
    openJob(heldBooking, {
      [MONEY_URL]: () => ({ status: 200, body: { money: released ? releasedMoney() : money() } }),
      [`POST /api/v1/payments/${PAYMENT_ID}/release`]: () => {
        released = true;
        return { status: 200, body: { money: releasedMoney() } };
      },
    });
    const list = within(await history());
    const items = list.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Paid £135.00',
      'Held until 30 Nov 2026',
    ]);
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-23T12:00:00.000Z');
    expect(items[0]!.textContent).toContain('23 Nov 2026');

    const booking = screen.getByRole('heading', { name: 'Booking' }).closest('div.rounded-xl') as HTMLElement;
    expect(within(booking).getByText('Held until 30 Nov 2026')).toBeTruthy();
    fireEvent.click(within(booking).getByRole('button', { name: 'Release payment now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release the payment now?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Payment released', 'Tom Pipes has been paid.'),
    );
    expect(await screen.findByText('Released £135.00')).toBeTruthy();
  });

  it('shows the tradesperson the state and the timeline, without the release button', async () => {
    openJob(heldBooking, { [MONEY_URL]: () => ({ status: 200, body: { money: money() } }) }, 'tradesperson');
    expect(within(await history()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByText('Held until 30 Nov 2026').length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('button', { name: 'Release payment now' })).toBeNull();
  });

  it('says Frozen by a dispute and offers no release while a dispute holds the money', async () => {
    openJob(
      makeBooking({
        ...heldBooking,
        status: 'disputed',
        money: { state: 'held', heldUntil, frozen: true, milestones: false },
      }),
      { [MONEY_URL]: () => ({ status: 200, body: { money: money() } }) },
    );
    expect(await screen.findByText('Frozen by a dispute', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Release payment now' })).toBeNull();
  });

  it('has loading and empty states for the timeline', async () => {
    let answer!: () => void;
    openJob(
      makeBooking({
        status: 'completed',
        money: { state: 'unpaid', heldUntil: null, frozen: false, milestones: false },
      }),
      {
        [MONEY_URL]: () =>
          new Promise((resolve) => {
            answer = () =>
              resolve({
                status: 200,
                body: { money: money({ state: 'unpaid', payments: [], timeline: [] }) },
              });
          }),
      },
    );
    expect(await screen.findByText('Loading payment history…', undefined, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    expect(await screen.findByText('Nothing has been paid for this booking yet.')).toBeTruthy();
    // Completed and unpaid: the customer can pay from here too.
    expect(screen.getByText('Ready for Payment')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay £1,234.50' })).toBeTruthy();
  });

  it('shows no money or timeline before the work is complete', async () => {
    const fetchMock = openJob(makeBooking({ status: 'confirmed' }));
    expect(await screen.findByRole('heading', { name: 'Booking' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Payment history')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay / })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/money'))).toBe(false);
  });
});
