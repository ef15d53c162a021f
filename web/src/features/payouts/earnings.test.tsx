// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import EarningsChart from './earnings-chart';
import { makeEarnings, makeEarningsPayment } from './test-fixtures';

// The chart measures its container; happy-dom lays nothing out, so it is given a width here.
vi.mock('@visx/responsive', () => ({
  ParentSize: ({ children }: { children: (size: { width: number; height: number }) => ReactNode }) =>
    children({ width: 640, height: 240 }),
}));

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });
const EARNINGS = 'GET /api/v1/payments/earnings';

afterEach(resetBetweenTests);

async function openPayments(body: unknown, user = tradesperson) {
  mockApi({ ...sessionHandler(user), [EARNINGS]: () => ({ status: 200, body }) });
  const app = renderApp('/tradesperson/payments');
  await screen.findByRole('heading', { level: 1, name: 'Payments' }, { timeout: 5000 });
  return app;
}

/** A figure's amount and note by its label. */
function figure(label: string) {
  const dd = screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  return { value: dd.querySelector('[data-figure]')?.textContent, text: dd.textContent ?? '' };
}

describe('the Payments page (/tradesperson/payments)', () => {
  it('shows the four figures in pounds with 2 decimals, and the next release date', async () => {
    await openPayments(makeEarnings());
    await screen.findByText('Held in escrow', { selector: 'dt' });
    expect(figure('Held in escrow').value).toBe('£400.00');
    expect(figure('Held in escrow').text).toContain('Next release 30 Nov 2026');
    expect(figure('Ready to pay out').value).toBe('£340.00');
    expect(figure('Paid out').value).toBe('£850.00');
    expect(figure('Fees').value).toBe('£210.00');
    expect(figure('Fees').text).toContain('15% of £1,400.00 released');
    await waitFor(() => expect(document.title).toBe('Payments — TradeNest'));
  });

  it('lists payments with the job, the customer, the amount and where the money is', async () => {
    await openPayments(
      makeEarnings({
        payments: [
          makeEarningsPayment(),
          makeEarningsPayment({
            id: 'p2',
            jobId: 'j2',
            jobTitle: 'Rewire the kitchen',
            customerName: 'Bob Jones',
            amountPence: 100_000,
            feePence: 15_000,
            releasedPence: 100_000,
            heldPence: 0,
            heldUntil: null,
          }),
          makeEarningsPayment({
            id: 'p3',
            jobId: 'j3',
            jobTitle: 'Paint the hall',
            customerName: null,
            refundedPence: 40_000,
            heldPence: 0,
            feePence: 0,
            heldUntil: null,
          }),
          makeEarningsPayment({ id: 'p4', jobId: 'j4', jobTitle: 'Fit a boiler', frozen: true }),
        ],
      }),
    );
    const list = within(await screen.findByRole('list', { name: 'Payments' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [held, released, refunded, frozen] = items.map((item) => within(item));
    expect(held!.getByRole('link', { name: 'Fix a leaking tap' }).getAttribute('href')).toBe(
      '/job/10000000-0000-4000-8000-000000000001',
    );
    expect(held!.getByText(/Ann Smith/)).toBeTruthy();
    expect(held!.getByText('£400.00')).toBeTruthy();
    expect(held!.getByText('Held until 30 Nov 2026')).toBeTruthy();
    expect(items[0]!.textContent).toContain('Fee £60.00 · You get £340.00');
    expect(released!.getByText('Released')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Fee £150.00 · You get £850.00');
    expect(refunded!.getByText('Refunded')).toBeTruthy();
    expect(refunded!.getByText(/Deleted user/)).toBeTruthy();
    expect(frozen!.getByText('Frozen by a dispute')).toBeTruthy();
  });

  it('lists payouts with amount, status and date', async () => {
    await openPayments(
      makeEarnings({
        payouts: [
          {
            id: 'po1',
            amountPence: 85_000,
            status: 'paid',
            createdAt: '2026-10-02T09:00:00Z',
            paidAt: '2026-10-03T09:00:00Z',
          },
          {
            id: 'po2',
            amountPence: 34_000,
            status: 'pending',
            createdAt: '2026-11-20T09:00:00Z',
            paidAt: null,
          },
        ],
      }),
    );
    const list = within(await screen.findByRole('list', { name: 'Payouts' }));
    const rows = list.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['£850.003 Oct 2026Paid', '£340.0020 Nov 2026On its way']);
  });

  it('gives the monthly chart a table with the same figures for screen readers', async () => {
    await openPayments(makeEarnings());
    const table = await screen.findByRole('table', { name: /Earnings per month/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Month', 'Earnings'],
      ['September 2026', '£0.00'],
      ['October 2026', '£850.00'],
      ['November 2026', '£340.00'],
    ]);
    expect(screen.getByText(/£1,190.00 in all/)).toBeTruthy();
  });

  it('sends the tradesperson to Business Setup step 4 while payouts are not enabled', async () => {
    await openPayments(
      makeEarnings({
        connect: {
          hasAccount: true,
          chargesEnabled: false,
          payoutsEnabled: false,
          requirementsCurrentlyDue: ['external_account'],
        },
      }),
    );
    const notice = within(
      await screen.findByRole('region', {
        name: 'Your released money waits here until your payout account is ready',
      }),
    );
    expect(notice.getByText(/Still needed: Bank account for payouts/)).toBeTruthy();
    expect(notice.getByRole('link', { name: 'Finish payout setup' }).getAttribute('href')).toBe(
      '/tradesperson/setup?step=4',
    );
    expect(figure('Ready to pay out').text).toContain('Waiting for your payout account');
  });

  it('says payouts are ready, without the warning, once they are enabled', async () => {
    await openPayments(makeEarnings());
    expect(await screen.findByText(/Your payout account is ready/)).toBeTruthy();
    expect(screen.queryByText(/waits here until your payout account is ready/)).toBeNull();
  });

  it('shows an empty state before the first payment, with the way to set up payouts', async () => {
    await openPayments(
      makeEarnings({
        heldPence: 0,
        payablePence: 0,
        paidOutPence: 0,
        releasedPence: 0,
        feesPence: 0,
        nextReleaseAt: null,
        payouts: [],
        payments: [],
        months: [],
        connect: {
          hasAccount: false,
          chargesEnabled: false,
          payoutsEnabled: false,
          requirementsCurrentlyDue: [],
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe(
      '/tradesperson/setup?step=4',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loading state while the figures load', async () => {
    mockApi({ ...sessionHandler(tradesperson), [EARNINGS]: () => new Promise(() => {}) });
    renderApp('/tradesperson/payments');
    expect(await screen.findByText('Loading your payments…', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      [EARNINGS]: () => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }),
    });
    renderApp('/tradesperson/payments');
    expect(await screen.findByText('We could not load your payments.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is not there for customers', async () => {
    const fetchMock = mockApi({ ...sessionHandler(makeUser()) });
    renderApp('/tradesperson/payments');
    expect(
      await screen.findByRole('heading', { name: 'Oops! Page not found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/payments/earnings'))).toBe(false);
  });
});

describe('the earnings chart', () => {
  it('draws one bar per month in the theme’s colours, hidden from screen readers', () => {
    const { container } = render(<EarningsChart months={makeEarnings().months} />);
    const chart = container.firstElementChild as HTMLElement;
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    const bars = container.querySelectorAll('rect.fill-primary');
    expect(bars).toHaveLength(3);
    expect([...bars].map((bar) => bar.querySelector('title')?.textContent)).toEqual([
      'September 2026: £0.00',
      'October 2026: £850.00',
      'November 2026: £340.00',
    ]);
    // Labels and lines take currentColor from the muted text token, so dark mode re-colours them.
    expect(container.querySelector('svg')!.getAttribute('class')).toContain('text-muted-foreground');
    expect(container.textContent).toContain('Sept 26');
    expect(container.textContent).toContain('Nov');
  });
});
