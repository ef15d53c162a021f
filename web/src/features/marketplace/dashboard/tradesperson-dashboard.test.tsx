// @vitest-environment happy-dom
import type { BookingView, DashboardView, MyQuoteView } from '@domain/marketplace/api';
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OwnProfile, profileKeys } from '@/features/profiles';
import { showError, showSuccess } from '@/lib/toast';
import { makeTradesperson, ONE_FIGURE_TERMS } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { SetupReminder } from './setup-reminder';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });

function booking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    jobId: 'j0000000-0000-4000-8000-000000000001',
    quoteId: 'q0000000-0000-4000-8000-000000000001',
    status: 'confirmed',
    amount: 45000,
    depositPaid: false,
    scheduledDate: '2025-07-04',
    completedAt: null,
    createdAt: '2025-06-01T09:00:00Z',
    money: { state: 'unpaid', heldUntil: null, frozen: false, milestones: false },
    reviews: { closesAt: null, customerReviewed: false, tradespersonReviewed: false, published: false },
    dispute: { id: null, status: null, canRaise: true },
    reschedule: null,
    customer: { id: 'c1', fullName: 'Ann Smith', rating: 0, reviewCount: 0 },
    tradesperson: makeTradesperson({ fullName: 'Tom Trade' }),
    job: {
      id: 'j0000000-0000-4000-8000-000000000001',
      title: 'Fit a new boiler',
      category: 'Plumbing',
      outcode: 'LS1',
    },
    ...overrides,
  };
}

const quote: MyQuoteView = {
  id: 'q0000000-0000-4000-8000-000000000009',
  jobId: 'j0000000-0000-4000-8000-000000000009',
  amount: 12050,
  message: 'Happy to help',
  ...ONE_FIGURE_TERMS,
  status: 'pending',
  createdAt: '2025-03-05T12:00:00Z',
  updatedAt: '2025-03-05T12:00:00Z',
  tradesperson: makeTradesperson({ fullName: 'Tom Trade' }),
  job: {
    id: 'j0000000-0000-4000-8000-000000000009',
    title: 'Hang three doors',
    category: 'Carpentry',
    status: 'open',
    outcode: 'M1',
    budgetMin: null,
    budgetMax: null,
  },
};

function dashboard(overrides: Partial<DashboardView> = {}): DashboardView {
  return {
    stats: { activeJobs: 2, pendingQuotes: 3, totalEarningsPence: 123450, rating: 4.3, reviewCount: 7 },
    recentQuotes: [quote],
    activeJobs: [booking()],
    ...overrides,
  };
}

afterEach(resetBetweenTests);

/** The value shown under a stat card's label (without its note). */
function stat(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.firstElementChild?.textContent ?? '';
}

describe('the tradesperson dashboard', () => {
  it('shows the real figures: counts, earnings to 2 decimals and the rating with its reviews', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
    });
    renderApp('/tradesperson-dashboard');
    // The first test in the file also waits for the page's chunk to be imported.
    await screen.findByText('£1,234.50', {}, { timeout: 5000 });
    expect(stat('Active Jobs')).toBe('2');
    expect(stat('Pending Quotes')).toBe('3');
    expect(stat('Total Earnings')).toBe('£1,234.50');
    // The spec's label, and what it counts: money released from escrow, net of the fee.
    expect(screen.getByText('Total Earnings', { selector: 'dt' }).nextElementSibling?.textContent).toContain(
      'Released to you, after the 15% fee',
    );
    const rating = within(screen.getByText('Rating', { selector: 'dt' }).nextElementSibling as HTMLElement);
    expect(rating.getByText('4.3')).toBeTruthy();
    expect(rating.getByText('7 reviews')).toBeTruthy();
    expect(screen.queryByText('4.8')).toBeNull();
  });

  it('links Pending Quotes, Total Earnings and Rating to their charts on Analytics, Active Jobs to the calendar', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
    });
    renderApp('/tradesperson-dashboard');
    await screen.findByText('£1,234.50', {}, { timeout: 5000 });
    const chart = async (name: string) =>
      (await screen.findByRole('link', { name }, { timeout: 5000 })).getAttribute('href');
    expect(await chart('See chart: Pending Quotes')).toBe('/tradesperson/analytics#quotes');
    expect(await chart('See chart: Total Earnings')).toBe('/tradesperson/analytics#earnings');
    expect(await chart('See chart: Rating')).toBe('/tradesperson/analytics#reviews');
    expect(await chart('See calendar: Active Jobs')).toBe('/tradesperson/calendar');
  });
  it("shows 'New on TradeNest' instead of 0.0 without reviews", async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({
        status: 200,
        body: dashboard({
          stats: { activeJobs: 0, pendingQuotes: 0, totalEarningsPence: 0, rating: 0, reviewCount: 0 },
        }),
      }),
    });
    renderApp('/tradesperson-dashboard');
    const dt = await screen.findByText('Rating', { selector: 'dt' });
    const rating = within(dt.nextElementSibling as HTMLElement);
    expect(await rating.findByText(REVIEW_MESSAGES.newOnTradeNest)).toBeTruthy();
    expect(rating.getByText('Your rating appears once your first review is published')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
    expect(screen.queryByText('No reviews yet')).toBeNull();
    expect(stat('Total Earnings')).toBe('£0.00');
  });

  it('links Find Jobs and My Quotes, and each recent quote to its job with an en-GB date', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
    });
    renderApp('/tradesperson-dashboard');
    const main = within(await screen.findByRole('main'));
    await main.findByText('Hang three doors');
    expect(main.getByRole('link', { name: 'Find Jobs' }).getAttribute('href')).toBe('/browse');
    expect(main.getByRole('link', { name: 'My Quotes' }).getAttribute('href')).toBe('/manage-quotes');
    const recent = main.getByRole('link', { name: /Hang three doors/ });
    expect(recent.getAttribute('href')).toBe(`/job/${quote.jobId}`);
    expect(recent.textContent).toContain('05/03/2025');
    expect(recent.textContent).toContain('£120.50');
  });

  it('marks a confirmed job complete with the spec toast and refreshes the dashboard', async () => {
    let loads = 0;
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => {
        loads += 1;
        return { status: 200, body: dashboard() };
      },
      [`POST /api/v1/bookings/${booking().id}/complete`]: () => ({
        status: 200,
        body: { booking: booking({ status: 'completed', completedAt: '2025-07-04T17:00:00Z' }) },
      }),
    });
    renderApp('/tradesperson-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark this job complete?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Mark as complete' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Job Marked Complete', 'Waiting for customer payment'),
    );
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/bookings/${booking().id}/complete`,
      expect.objectContaining({ method: 'POST' }),
    );
    await waitFor(() => expect(loads).toBe(2));
    expect(showError).not.toHaveBeenCalled();
  });

  it('asks before marking a job complete, with the amount and what follows; Cancel changes nothing', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
    });
    renderApp('/tradesperson-dashboard');
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Mark this job complete?' });
    const text = dialog.textContent ?? '';
    expect(text).toContain('Fit a new boiler');
    expect(text).toContain('£450.00');
    // What happens (DOMAIN-RULES 5 and 6): the customer pays into escrow, released less the 15% fee.
    expect(text).toMatch(/Ann Smith .*told/);
    expect(text).toMatch(/ready for payment/i);
    expect(text).toContain('we hold the money in escrow for 7 days');
    expect(text).toContain('less the 15% fee: £382.50');
    expect(text).toMatch(/cannot be undone/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(showSuccess).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('says "Failed to mark job complete" when the server refuses', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
      [`POST /api/v1/bookings/${booking().id}/complete`]: () => ({
        status: 409,
        body: {
          error: { code: 'booking_state', message: 'This booking cannot do that in its current state' },
        },
      }),
    });
    renderApp('/tradesperson-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as complete' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Failed to mark job complete',
        'This booking cannot do that in its current state',
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('confirms a pending booking, and declines one only after asking', async () => {
    const pending = booking({ status: 'pending', scheduledDate: '2025-07-10' });
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({
        status: 200,
        body: dashboard({ activeJobs: [pending] }),
      }),
      [`POST /api/v1/bookings/${pending.id}/confirm`]: () => ({
        status: 200,
        body: { booking: { ...pending, status: 'confirmed' } },
      }),
      [`POST /api/v1/bookings/${pending.id}/decline`]: () => ({
        status: 200,
        body: { booking: { ...pending, status: 'cancelled' } },
      }),
    });
    renderApp('/tradesperson-dashboard');
    expect(await screen.findByText('Proposed date: 10/07/2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Booking Confirmed', expect.any(String)));

    const posts = () =>
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(posts()).not.toContain(`/api/v1/bookings/${pending.id}/decline`);
    fireEvent.click(dialog.getByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Booking Declined', undefined));
    expect(posts()).toContain(`/api/v1/bookings/${pending.id}/decline`);
  });

  it('offers Raise Dispute on an active job, and View dispute once one is raised', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({
        status: 200,
        body: dashboard({
          activeJobs: [
            booking(),
            booking({
              id: 'b0000000-0000-4000-8000-000000000002',
              job: { id: 'j2', title: 'Tile a bathroom', category: 'Tiling', outcode: 'LS2' },
              dispute: { id: 'd1', status: 'under_review', canRaise: false },
            }),
          ],
        }),
      }),
    });
    renderApp('/tradesperson-dashboard');
    const raise = await screen.findByRole('button', { name: 'Raise Dispute' });
    expect(raise.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Disputes open soon')).toBeNull();
    const view = screen.getByRole('link', { name: 'View dispute' });
    expect(view.getAttribute('href')).toBe('/disputes/d1');
    expect(view.closest('article')!.textContent).toContain('Under review');
    expect(screen.getAllByRole('button', { name: 'Raise Dispute' })).toHaveLength(1);
  });

  it('explains itself to a customer who reaches it', async () => {
    const fetchMock = mockApi(sessionHandler(makeUser()));
    renderApp('/tradesperson-dashboard');
    expect(await screen.findByText(/This dashboard is for tradespeople/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/tradesperson/dashboard'))).toBe(false);
  });

  it('points to Business Setup until it is complete', async () => {
    const ownProfile = (setupCompletedAt: string | null): OwnProfile => ({
      businessName: null,
      vatNumber: null,
      phone: null,
      trade: 'Plumber',
      bio: null,
      yearsExperience: null,
      hourlyRateMin: null,
      hourlyRateMax: null,
      specialties: [],
      serviceAreas: [],
      basePostcode: null,
      serviceRadiusMiles: 15,
      avatarUrl: null,
      verified: false,
      setupCompletedAt,
    });
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: dashboard() }),
      'GET /api/v1/tradesperson/profile': () => ({ status: 200, body: { profile: ownProfile(null) } }),
    });
    renderApp('/tradesperson-dashboard');
    const reminder = await screen.findByRole('region', { name: 'Finish your Business Setup' });
    expect(within(reminder).getByRole('link', { name: 'Continue setup' }).getAttribute('href')).toBe(
      '/tradesperson/setup',
    );
    cleanup();

    // Once setup is complete the reminder renders nothing: shown with the profile already loaded.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(profileKeys.own, ownProfile('2026-01-01T00:00:00.000Z'));
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <SetupReminder />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(container.innerHTML).toBe('');
  });
});
