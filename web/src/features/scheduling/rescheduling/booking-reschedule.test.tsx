// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { londonToday } from '@domain/marketplace/schemas';
import { addDays } from '@domain/scheduling/availability';
import type { RescheduleView } from '@domain/scheduling/reschedules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateOnly } from '@/lib/format';
import { showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { BOOKING_ID as BOOKING, makeBooking, makeMyJob } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

// Three days in a row from the day after tomorrow, all in one month (the next one near a month's end).
const today = londonToday();
const month = (day: string) => day.slice(0, 7);
const soon = addDays(today, 2);
const booked = month(addDays(soon, 2)) === month(soon) ? soon : `${month(addDays(soon, 2))}-01`;
const chosen = addDays(booked, 1);
const full = addDays(booked, 2);

/** The dialog's calendar opens on this month: turned to the booking's when that is the next one. */
function turnToBookedMonth(dialog: ReturnType<typeof within>) {
  if (month(booked) !== month(today)) fireEvent.click(dialog.getByRole('button', { name: 'Next month' }));
}

/** The calendar's button for a day: its name starts with the day, month and year. */
const dayButton = (scope: ReturnType<typeof within>, date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const month = new Date(Date.UTC(y!, m! - 1, d!)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  return scope.getByRole('button', { name: new RegExp(`^\\w+,? ${d} ${month} ${y}`) });
};

function customerBooking(overrides: Partial<BookingView> = {}): BookingView {
  return makeBooking({ scheduledDate: booked, ...overrides });
}

function asCustomer(booking: BookingView, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler([makeMyJob({ status: 'in_progress', booking })]),
    [`GET /api/v1/tradespeople/${booking.tradesperson.id}/bookable-days`]: () => ({
      status: 200,
      body: { days: [{ date: full, refusal: 'full' }] },
    }),
    ...extra,
  });
  renderApp('/my-jobs');
  return fetch;
}

async function activeTab() {
  await screen.findByRole('link', { name: 'Fix a leaking tap' }, { timeout: 5000 });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Active' }), { button: 0 });
  return within(screen.getByRole('tabpanel'));
}

const bodyOf = (fetch: ReturnType<typeof mockApi>, path: string) => {
  const call = fetch.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('rescheduling a booking', () => {
  it('the customer proposes a new date from the days the tradesperson can take, with a note', async () => {
    const fetch = asCustomer(customerBooking(), {
      [`POST /api/v1/bookings/${BOOKING}/reschedules`]: () => ({
        status: 201,
        body: { reschedule: {} },
      }),
    });
    const panel = await activeTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Reschedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a new date' }));
    turnToBookedMonth(dialog);
    expect(dialog.getByText(/Tom Pipes is asked to accept or decline the new date/)).toBeTruthy();
    // The day that is full, and the booking's own day, cannot be chosen.
    await waitFor(() => expect(dayButton(dialog, full).hasAttribute('disabled')).toBe(true));
    expect(dayButton(dialog, booked).hasAttribute('disabled')).toBe(true);
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);

    fireEvent.click(dayButton(dialog, chosen));
    expect(dialog.getByText(`Chosen: ${formatDateOnly(chosen)}`)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Note/), { target: { value: 'We are away that week' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('New date proposed'));
    expect(bodyOf(fetch, `/bookings/${BOOKING}/reschedules`)).toEqual({
      date: chosen,
      note: 'We are away that week',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog and what was typed when the server refuses the day', async () => {
    const message = 'This tradesperson is fully booked on that date';
    asCustomer(customerBooking(), {
      [`POST /api/v1/bookings/${BOOKING}/reschedules`]: () => ({
        status: 409,
        body: { error: { code: 'day_unavailable', message, details: [{ field: 'date', message }] } },
      }),
    });
    const panel = await activeTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Reschedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a new date' }));
    turnToBookedMonth(dialog);
    fireEvent.click(dayButton(dialog, chosen));
    fireEvent.change(dialog.getByLabelText(/Note/), { target: { value: 'Any day works' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect((dialog.getByLabelText(/Note/) as HTMLTextAreaElement).value).toBe('Any day works');
    expect(dialog.getByText(`Chosen: ${formatDateOnly(chosen)}`)).toBeTruthy();
  });

  it('asks for a date before sending anything', async () => {
    const fetch = asCustomer(customerBooking());
    const panel = await activeTab();
    fireEvent.click(await panel.findByRole('button', { name: 'Reschedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a new date' }));
    turnToBookedMonth(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByText('Please select a date')).toBeTruthy();
    expect(bodyOf(fetch, `/bookings/${BOOKING}/reschedules`)).toBeUndefined();
  });

  it('the proposer sees who it waits for and may withdraw it', async () => {
    const fetch = asCustomer(customerBooking({ reschedule: proposal('customer') }), {
      [`POST /api/v1/reschedules/${PROPOSAL}/withdraw`]: () => ({ status: 200, body: { reschedule: {} } }),
    });
    const panel = await activeTab();
    expect(await panel.findByText(`Proposed new date: ${formatDateOnly(chosen)}`)).toBeTruthy();
    expect(panel.getByText(/— waiting for Tom Pipes/)).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(panel.queryByRole('button', { name: 'Accept new date' })).toBeNull();
    fireEvent.click(panel.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('Proposal withdrawn'));
    expect(bodyOf(fetch, `/reschedules/${PROPOSAL}/withdraw`)).toEqual({});
  });

  it('the other side accepts or declines it from My Bookings, and reads the date history', async () => {
    const history: RescheduleView[] = [
      {
        ...proposal('customer'),
        bookingId: BOOKING,
        status: 'pending',
        decisionNote: null,
        decidedAt: null,
      },
      {
        ...proposal('tradesperson'),
        id: 'r0000000-0000-4000-8000-000000000002',
        bookingId: BOOKING,
        toDate: full,
        note: null,
        status: 'declined',
        decisionNote: 'We have guests then',
        decidedAt: '2026-11-20T10:00:00.000Z',
        createdAt: '2026-11-19T10:00:00.000Z',
      },
    ];
    const fetch = mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: { bookings: [customerBooking({ reschedule: proposal('customer') })] },
      }),
      [`POST /api/v1/reschedules/${PROPOSAL}/accept`]: () => ({ status: 200, body: { reschedule: {} } }),
      [`GET /api/v1/bookings/${BOOKING}/reschedules`]: () => ({
        status: 200,
        body: { reschedules: history },
      }),
    });
    renderApp('/my-jobs');
    const list = await screen.findByRole('list', { name: 'Bookings' }, { timeout: 5000 });
    const card = within(list);
    expect(await card.findByText(/— proposed by Ann Smith/)).toBeTruthy();
    expect(card.getByText('“We are away that week”')).toBeTruthy();

    fireEvent.click(card.getByText('Date history'));
    expect(await card.findByText('Reason: We have guests then')).toBeTruthy();
    expect(card.getByText(/Proposed by you on 19 Nov 2026 · Declined on 20 Nov 2026/)).toBeTruthy();
    expect(card.getByText(/Proposed by Ann Smith on .* · Waiting for an answer/)).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);

    fireEvent.click(card.getByRole('button', { name: 'Accept new date' }));
    await waitFor(() => expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('New date accepted'));
    expect(bodyOf(fetch, `/reschedules/${PROPOSAL}/accept`)).toEqual({});
  });

  it('the other side declines it with a reason', async () => {
    const fetch = mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: { bookings: [customerBooking({ reschedule: proposal('customer') })] },
      }),
      [`POST /api/v1/reschedules/${PROPOSAL}/decline`]: () => ({ status: 200, body: { reschedule: {} } }),
    });
    renderApp('/my-jobs');
    const list = await screen.findByRole('list', { name: 'Bookings' }, { timeout: 5000 });
    fireEvent.click(await within(list).findByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline the new date?' }));
    expect(
      dialog.getByText(`Ann Smith proposed ${formatDateOnly(chosen)}. The booking keeps its date.`),
    ).toBeTruthy();
    expect(await seriousAxeViolations(screen.getByRole('dialog'))).toEqual([]);
    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'We have guests then' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline new date' }));
    await waitFor(() => expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('New date declined'));
    expect(bodyOf(fetch, `/reschedules/${PROPOSAL}/decline`)).toEqual({ note: 'We have guests then' });
  });

  it('offers nothing once the booking is completed', async () => {
    asCustomer(customerBooking({ status: 'completed' }));
    const panel = await activeTab();
    await panel.findByRole('link', { name: 'Fix a leaking tap' });
    expect(panel.queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(panel.queryByText('Date history')).toBeNull();
  });
});

const PROPOSAL = 'r0000000-0000-4000-8000-000000000001';

function proposal(by: 'customer' | 'tradesperson'): NonNullable<BookingView['reschedule']> {
  return {
    id: PROPOSAL,
    proposedBy: by,
    fromDate: booked,
    toDate: chosen,
    note: 'We are away that week',
    createdAt: '2026-11-21T10:00:00.000Z',
  };
}
