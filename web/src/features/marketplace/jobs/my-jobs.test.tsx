// @vitest-environment happy-dom
import type { MyJobView } from '@domain/marketplace/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { makeBooking, makeMyJob } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

/** Radix Tabs switch on mousedown (and keyboard), not on click. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

function openMyJobs(jobs: MyJobView[], path = '/my-jobs') {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler(jobs),
  });
  return { ...renderApp(path), fetchMock };
}

const cardOf = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

describe('My Jobs', () => {
  it('shows each job’s budget, postcode, age and real quote count', async () => {
    openMyJobs([
      makeMyJob({ id: 'a', title: 'Range budget', quoteCount: 3 }),
      makeMyJob({ id: 'b', title: 'No budget', budgetMin: null, budgetMax: null, quoteCount: 1 }),
      makeMyJob({ id: 'c', title: 'Min only', budgetMin: 5_000, budgetMax: null, quoteCount: 0 }),
      makeMyJob({ id: 'd', title: 'Max only', budgetMin: null, budgetMax: 8_050, status: 'cancelled' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Range budget' });

    const range = within(cardOf('Range budget'));
    expect(range.getByText('£100-£250')).toBeTruthy();
    expect(range.getByText('3 quotes received')).toBeTruthy();
    expect(range.getByText('M1 1AE')).toBeTruthy();
    expect(range.getByText('Today')).toBeTruthy();
    expect(range.getByText('Open')).toBeTruthy();

    expect(within(cardOf('No budget')).getByText('Budget TBD')).toBeTruthy();
    expect(within(cardOf('No budget')).getByText('1 quote received')).toBeTruthy();
    expect(within(cardOf('Min only')).getByText('From £50')).toBeTruthy();
    expect(within(cardOf('Min only')).getByText('0 quotes received')).toBeTruthy();
    expect(within(cardOf('Max only')).getByText('Up to £81')).toBeTruthy();
    expect(within(cardOf('Max only')).getByText('Cancelled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Range budget' }).getAttribute('href')).toBe('/job/a');
  });

  it('offers Cancel job only on open jobs', async () => {
    openMyJobs([
      makeMyJob({ id: 'a', title: 'Still open' }),
      makeMyJob({ id: 'b', title: 'Under way', status: 'in_progress' }),
    ]);
    await screen.findByRole('link', { name: 'Still open' });
    expect(within(cardOf('Still open')).getByRole('button', { name: 'Cancel job' })).toBeTruthy();
    expect(within(cardOf('Under way')).queryByRole('button', { name: 'Cancel job' })).toBeNull();
  });

  it('cancels an open job after confirming', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([makeMyJob({ title: 'Still open' })]),
      'POST /api/v1/jobs/10000000-0000-4000-8000-000000000001/cancel': () => ({ status: 200, body: {} }),
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'Still open' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel job' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Job cancelled'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/cancel'))).toBe(true);
  });

  it('shows Ready for Payment and an enabled Pay button on the Active tab', async () => {
    const { fetchMock } = openMyJobs([
      makeMyJob({
        id: 'a',
        title: 'Finished work',
        status: 'in_progress',
        booking: makeBooking({ status: 'completed', depositPaid: false, amount: 123_450 }),
      }),
      makeMyJob({
        id: 'b',
        title: 'Booked work',
        status: 'in_progress',
        booking: makeBooking({ status: 'confirmed' }),
      }),
    ]);
    await screen.findByRole('link', { name: 'Finished work' });
    openTab('Active');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/v1/jobs/mine?tab=active')).toBe(true),
    );
    const finished = within(await waitFor(() => cardOf('Finished work')));
    expect(await finished.findByText('Ready for Payment')).toBeTruthy();
    const pay = finished.getByRole('button', { name: 'Pay £1,234.50' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(false);
    expect(finished.queryByText('Payments open soon')).toBeNull();

    const booked = within(cardOf('Booked work'));
    expect(booked.queryByText('Ready for Payment')).toBeNull();
    expect(booked.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/job/b');
  });

  it('shows a page of jobs and the next one under it on Load more', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      // The handler sees no URL: the request it answers is the fetch just recorded.
      'GET /api/v1/jobs/mine': () => {
        const cursor = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost').searchParams.get(
          'cursor',
        );
        return cursor === 'page-2'
          ? { status: 200, body: { jobs: [makeMyJob({ id: 'b', title: 'Older job' })], nextCursor: null } }
          : {
              status: 200,
              body: { jobs: [makeMyJob({ id: 'a', title: 'Newer job' })], nextCursor: 'page-2' },
            };
      },
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'Newer job' });
    expect(screen.queryByRole('link', { name: 'Older job' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Older job' });
    expect(screen.getByRole('link', { name: 'Newer job' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(queriesSentTo(fetchMock, '/api/v1/jobs/mine').map(String)).toEqual([
      'tab=all',
      'tab=all&cursor=page-2',
    ]);
  });

  it('has an empty state with a call to action', async () => {
    openMyJobs([]);
    expect(await screen.findByText('No jobs yet')).toBeTruthy();
    const links = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((l) => l.getAttribute('href'));
    expect(links.filter((href) => href === '/post-job').length).toBeGreaterThanOrEqual(2);
  });

  it('says Payment cancelled on return from a cancelled payment and resets the address', async () => {
    const { router } = openMyJobs([], '/my-jobs?payment=cancelled');
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Payment cancelled', 'Your payment was cancelled.'),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/my-jobs');
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('is My Bookings for a tradesperson, listing their bookings', async () => {
    mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: { bookings: [makeBooking({ amount: 24_999, scheduledDate: '2030-06-20' })] },
      }),
    });
    renderApp('/my-jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bookings' })).toBeTruthy();
    const card = within(await waitFor(() => cardOf('Fix a leaking tap')));
    expect(card.getByText('Ann Smith')).toBeTruthy();
    expect(card.getByText('£249.99')).toBeTruthy();
    expect(card.getByText('Confirmed')).toBeTruthy();
    expect(card.getByText(/20 June 2030/)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows a tradesperson a page of bookings and the next one under it on Load more', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      // The handler sees no URL: the request it answers is the fetch just recorded.
      'GET /api/v1/bookings/mine': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const older = makeBooking({ id: '30000000-0000-4000-8000-000000000009', amount: 10_000 });
        return url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { bookings: [older], nextCursor: null } }
          : { status: 200, body: { bookings: [makeBooking({ amount: 24_999 })], nextCursor: 'page-2' } };
      },
    });
    renderApp('/my-jobs');
    await screen.findByText('£249.99');
    expect(screen.queryByText('£100.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('£100.00');
    expect(screen.getByText('£249.99')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(queriesSentTo(fetchMock, '/api/v1/bookings/mine').map(String)).toEqual(['', 'cursor=page-2']);
  });
});
