// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import { makeBooking, makeMyQuote, QUOTE_ID, TRADESPERSON_ID } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  // Mid-June 2030 in the UK: the 14th is in the past, the 15th is today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00Z'));
});

afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
});

function openBooking(handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    [`GET /api/v1/quotes/${QUOTE_ID}`]: () => ({ status: 200, body: { quote: makeMyQuote() } }),
    ...myJobsHandler([]),
    ...handlers,
  });
  // The URL's amount is display-only: the quote's own amount (£249.99) is the one shown.
  return { ...renderApp(`/booking?quoteId=${QUOTE_ID}&amount=1`), fetchMock };
}

// A day of the calendar: the button in its grid cell, which takes focus and the click.
const day = (label: RegExp) => screen.getByRole('button', { name: label }) as HTMLButtonElement;
// Unavailable days are disabled buttons (aria-disabled while focused, so focus stays on them).
const unavailable = (button: HTMLButtonElement) =>
  button.disabled || button.getAttribute('aria-disabled') === 'true';
// The selection is said by the grid cell around the day.
const selected = (button: HTMLButtonElement) =>
  button.closest('[role="gridcell"]')?.getAttribute('aria-selected') === 'true';
// The month buttons stay focusable at the ends, marked aria-disabled.
const monthButtonDisabled = (name: string) =>
  screen.getByRole('button', { name }).getAttribute('aria-disabled') === 'true';

describe('Book Your Service', () => {
  it('shows the quote’s real amount, not the one in the address', async () => {
    openBooking();
    expect(await screen.findByText('£249.99')).toBeTruthy();
    expect(screen.getByText('Fix a leaking tap')).toBeTruthy();
    expect(screen.queryByText('£1.00')).toBeNull();
  });

  it('says Please select a date when confirming without one', async () => {
    const { fetchMock } = openBooking();
    await screen.findByText('£249.99');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Please select a date'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    // Said by the calendar as well, and focus goes to it.
    const grid = screen.getByRole('grid', { name: 'June 2030' });
    expectFieldError(grid, 'Please select a date');
    await waitFor(() => expect(grid.contains(document.activeElement)).toBe(true));
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(day(/20 June 2030/));
    await waitFor(() => expect(grid.getAttribute('aria-invalid')).toBeNull());
  });

  it('shows the server’s date message by the calendar', async () => {
    openBooking({
      'POST /api/v1/bookings': () =>
        validationErrorReply('scheduledDate', 'Please choose a date from today onwards'),
    });
    await screen.findByText('£249.99');
    fireEvent.click(day(/20 June 2030/));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expectFieldError(
        screen.getByRole('grid', { name: 'June 2030' }),
        'Please choose a date from today onwards',
      ),
    );
    expect(showError).toHaveBeenCalledWith(
      'Error creating booking',
      'Please choose a date from today onwards',
    );
  });

  it('disables past days and the way back to past months', async () => {
    openBooking();
    await screen.findByRole('grid', { name: 'June 2030' });
    expect(unavailable(day(/^Friday 14 June 2030|^Friday, 14 June 2030/))).toBe(true);
    expect(unavailable(day(/15 June 2030, today/))).toBe(false);
    expect(monthButtonDisabled('Previous month')).toBe(true);

    fireEvent.click(day(/14 June 2030/));
    expect(selected(day(/14 June 2030/))).toBe(false);
    expect(screen.getByText('No date selected')).toBeTruthy();
  });

  it('lays the month out in UK weeks, Monday first', async () => {
    openBooking();
    const grid = await screen.findByRole('grid', { name: 'June 2030' });
    // The weekday row is drawn for the eye; each day's button says its weekday in its name.
    expect(Array.from(grid.querySelectorAll('thead th'), (th) => th.textContent)).toEqual([
      'Mo',
      'Tu',
      'We',
      'Th',
      'Fr',
      'Sa',
      'Su',
    ]);
    // 1 June 2030 is a Saturday: the first week has five empty days before it.
    const firstWeek = within(grid).getAllByRole('row')[0]!;
    const cells = within(firstWeek).getAllByRole('gridcell');
    expect(cells.length).toBe(7);
    expect(within(cells[5]!).getByRole('button').textContent).toBe('1');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('offers days up to a year from today and none after, as the server takes', async () => {
    openBooking();
    await screen.findByRole('grid', { name: 'June 2030' });
    for (let i = 0; i < 12; i++) fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('grid', { name: 'June 2031' });
    expect(unavailable(day(/15 June 2031/))).toBe(false);
    expect(unavailable(day(/16 June 2031/))).toBe(true);
    expect(monthButtonDisabled('Next month')).toBe(true);

    fireEvent.click(day(/16 June 2031/));
    expect(screen.getByText('No date selected')).toBeTruthy();
    fireEvent.click(day(/15 June 2031/));
    expect(selected(day(/15 June 2031/))).toBe(true);
  });

  it('moves through days with the arrow keys and selects with Enter', async () => {
    openBooking();
    await screen.findByRole('grid', { name: 'June 2030' });
    const today = day(/15 June 2030/);
    expect(today.getAttribute('tabindex')).toBe('0');
    today.focus();
    // What the browser sends with focus(), which happy-dom leaves out.
    fireEvent.focusIn(today);
    fireEvent.keyDown(today, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement).toBe(day(/22 June 2030/)));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    await screen.findByRole('grid', { name: 'July 2030' });
    await waitFor(() => expect(document.activeElement).toBe(day(/22 July 2030/)));
    // Enter on a day is its button's click, which the browser makes of it (happy-dom does not).
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.click(document.activeElement!);
    expect(selected(day(/22 July 2030/))).toBe(true);
  });

  it('books the chosen date and goes to My Jobs', async () => {
    const { fetchMock, router } = openBooking({
      'POST /api/v1/bookings': () => ({ status: 201, body: { booking: makeBooking({ status: 'pending' }) } }),
    });
    await screen.findByText('£249.99');
    fireEvent.click(day(/20 June 2030/));
    expect(screen.getByText(/20 June 2030/, { selector: 'p' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));

    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Booking created successfully!'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-jobs'));
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/v1/bookings');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ quoteId: QUOTE_ID, scheduledDate: '2030-06-20' });
  });

  it('says Error creating booking with the reason, and Not authenticated without a session', async () => {
    let status = 409;
    openBooking({
      'POST /api/v1/bookings': () =>
        status === 401
          ? { status, body: { error: { code: 'unauthenticated', message: 'Please sign in to continue' } } }
          : {
              status,
              body: {
                error: {
                  code: 'already_accepted',
                  message: 'A quote has already been accepted for this job',
                },
              },
            },
    });
    await screen.findByText('£249.99');
    fireEvent.click(day(/20 June 2030/));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Error creating booking',
        'A quote has already been accepted for this job',
      ),
    );
    status = 401;
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Error creating booking', 'Not authenticated'),
    );
  });

  it('greys out the days the tradesperson cannot take, saying why, month by month', async () => {
    const DAYS = `GET /api/v1/tradespeople/${TRADESPERSON_ID}/bookable-days`;
    const { fetchMock } = openBooking({
      [DAYS]: () => ({
        status: 200,
        body: {
          days: [
            { date: '2030-06-20', refusal: null },
            { date: '2030-06-22', refusal: 'not_working' },
            { date: '2030-06-24', refusal: 'time_off' },
            { date: '2030-06-25', refusal: 'full' },
          ],
        },
      }),
    });
    await screen.findByText('£249.99');
    expect(screen.getByText('Greyed-out days are not available.')).toBeTruthy();
    await waitFor(() => expect(unavailable(day(/22 June 2030/))).toBe(true));
    expect(day(/22 June 2030/).getAttribute('aria-label')).toContain(
      'unavailable: This tradesperson does not work on that day',
    );
    expect(day(/24 June 2030/).getAttribute('aria-label')).toContain(
      'unavailable: This tradesperson is away on that date',
    );
    expect(unavailable(day(/25 June 2030/))).toBe(true);
    expect(unavailable(day(/20 June 2030/))).toBe(false);
    fireEvent.click(day(/22 June 2030/));
    expect(screen.getByText('No date selected')).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);

    const asked = () =>
      fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/bookable-days'))
        .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
    expect(asked()).toEqual(['2030-06-01..2030-06-30']);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('grid', { name: 'July 2030' });
    await waitFor(() => expect(asked()).toEqual(['2030-06-01..2030-06-30', '2030-07-01..2030-07-31']));
  });

  it('shows the server’s refusal of the day under the calendar and asks for the month again', async () => {
    const DAYS = `GET /api/v1/tradespeople/${TRADESPERSON_ID}/bookable-days`;
    const message = 'This tradesperson is fully booked on that date';
    const { fetchMock } = openBooking({
      [DAYS]: () => ({ status: 200, body: { days: [] } }),
      'POST /api/v1/bookings': () => ({
        status: 409,
        body: { error: { code: 'day_unavailable', message, details: [{ field: 'scheduledDate', message }] } },
      }),
    });
    await screen.findByText('£249.99');
    const daysAsked = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/bookable-days')).length;
    await waitFor(() => expect(daysAsked()).toBe(1));
    fireEvent.click(day(/20 June 2030/));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expectFieldError(screen.getByRole('grid', { name: 'June 2030' }), message));
    expect(showError).toHaveBeenCalledWith('Error creating booking', message);
    await waitFor(() => expect(daysAsked()).toBe(2));
  });
});
