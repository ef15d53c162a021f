// @vitest-environment happy-dom
import type { AvailabilityResponse } from '@domain/scheduling/availability-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import { mockApi, type Reply, resetBetweenTests } from '@/test/render';
import { AvailabilitySettings } from './availability-settings';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00Z'));
});
afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
});

const PERIOD_ID = '50000000-0000-4000-8000-000000000001';
const NOT_SET: AvailabilityResponse = {
  availability: {
    isSet: false,
    weeklyPattern: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday: weekday as 1,
      start: '08:00',
      end: '18:00',
    })),
    leadTimeDays: 0,
    jobsPerDay: null,
  },
  timeOff: [{ id: PERIOD_ID, startsOn: '2030-07-01', endsOn: '2030-07-07', note: 'Family holiday' }],
};

function renderSettings(handlers: Record<string, (init: RequestInit | undefined) => Reply> = {}) {
  const fetchMock = mockApi({
    'GET /api/v1/availability': () => ({ status: 200, body: NOT_SET }),
    ...handlers,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvailabilitySettings />
    </QueryClientProvider>,
  );
  const sent = (method: string) =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === method)
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { fetchMock, sent };
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;

describe('availability settings', () => {
  it('says the week is not set, and saves the days ticked with their hours', async () => {
    const { sent } = renderSettings({
      'PUT /api/v1/availability': (init) => ({
        status: 200,
        body: { ...NOT_SET, availability: { ...JSON.parse(String(init?.body)), isSet: true } },
      }),
    });
    expect(await screen.findByText(/You have not set your working week yet/)).toBeTruthy();
    for (const day of ['Saturday', 'Sunday']) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    expect(screen.queryByLabelText(/Start on Saturday/)).toBeNull();
    fireEvent.change(field(/Finish on Friday/), { target: { value: '16:00' } });
    fireEvent.change(field(/Lead time/), { target: { value: '2' } });
    fireEvent.change(field(/Jobs a day/), { target: { value: '3' } });
    expect(await seriousAxeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save working week' }));

    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        'Working week saved',
        'Customers now see the days you take bookings.',
      ),
    );
    expect(sent('PUT')).toEqual([
      {
        weeklyPattern: [
          { weekday: 1, start: '08:00', end: '18:00' },
          { weekday: 2, start: '08:00', end: '18:00' },
          { weekday: 3, start: '08:00', end: '18:00' },
          { weekday: 4, start: '08:00', end: '18:00' },
          { weekday: 5, start: '08:00', end: '16:00' },
        ],
        leadTimeDays: 2,
        jobsPerDay: 3,
      },
    ]);
  });

  it('checks the rows as the server does, on the row they are about, and sends nothing', async () => {
    const { sent } = renderSettings();
    await screen.findByText(/You have not set your working week yet/);
    fireEvent.change(field(/Finish on Tuesday/), { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save working week' }));
    await waitFor(() =>
      expectFieldError(field(/Finish on Tuesday/), 'The finish time must be after the start time'),
    );
    expectFieldError(field(/Jobs a day/), 'Jobs a day must be a whole number from 1 to 10');
    expect(sent('PUT')).toEqual([]);
  });

  it('shows the server’s messages beside their fields, verbatim, and keeps what was typed', async () => {
    renderSettings({
      'PUT /api/v1/availability': () => ({
        status: 400,
        body: {
          error: {
            code: 'validation_error',
            message: 'The finish time must be after the start time',
            details: [
              // The body's third entry is Wednesday (Monday to Friday are ticked).
              { field: 'weeklyPattern.2.end', message: 'The finish time must be after the start time' },
              { field: 'jobsPerDay', message: 'Jobs a day must be a whole number from 1 to 10' },
            ],
          },
        },
      }),
    });
    await screen.findByText(/You have not set your working week yet/);
    for (const day of ['Saturday', 'Sunday']) fireEvent.click(screen.getByRole('checkbox', { name: day }));
    fireEvent.change(field(/Jobs a day/), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save working week' }));
    await waitFor(() =>
      expectFieldError(field(/Finish on Wednesday/), 'The finish time must be after the start time'),
    );
    expectFieldError(field(/Jobs a day/), 'Jobs a day must be a whole number from 1 to 10');
    expect(showError).toHaveBeenCalledWith(
      'Validation Error',
      'The finish time must be after the start time',
    );
    expect(field(/Jobs a day/).value).toBe('4');
    expect((screen.getByRole('checkbox', { name: 'Saturday' }) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(field(/Finish on Wednesday/)));
  });

  it('adds time off, warns of the bookings it covers, and shows a refusal under its field', async () => {
    let overlap = true;
    const { sent } = renderSettings({
      'POST /api/v1/availability/time-off': (init) => {
        if (overlap) return validationErrorReply('startsOn', 'This overlaps time off you have already set');
        const body = JSON.parse(String(init?.body));
        return {
          status: 201,
          body: {
            timeOff: { id: '50000000-0000-4000-8000-000000000002', ...body },
            bookingsCovered: [
              {
                id: '30000000-0000-4000-8000-000000000001',
                scheduledDate: '2030-08-06',
                status: 'confirmed',
                jobTitle: 'Fix a leaking tap',
              },
              {
                id: '30000000-0000-4000-8000-000000000002',
                scheduledDate: '2030-08-07',
                status: 'pending',
                jobTitle: 'Paint the hallway',
              },
            ],
          },
        };
      },
    });
    expect(await screen.findByText('1 Jul 2030 to 7 Jul 2030')).toBeTruthy();
    expect(screen.getByText('Family holiday')).toBeTruthy();
    fireEvent.change(field(/First day/), { target: { value: '2030-07-05' } });
    fireEvent.change(field(/Last day/), { target: { value: '2030-07-09' } });
    fireEvent.change(field(/Note/), { target: { value: 'Camping' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() => expectFieldError(field(/First day/), 'This overlaps time off you have already set'));
    expect(field(/Note/).value).toBe('Camping');

    overlap = false;
    fireEvent.change(field(/First day/), { target: { value: '2030-08-05' } });
    fireEvent.change(field(/Last day/), { target: { value: '2030-08-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    const warning = await screen.findByText(/You have 2 bookings in this period/);
    expect(
      within(warning.closest('[role="status"]') as HTMLElement).getByText(/Paint the hallway/),
    ).toBeTruthy();
    expect(showSuccess).toHaveBeenCalledWith('Time off added', 'You have 2 bookings in this period.');
    expect(sent('POST').at(-1)).toEqual({ startsOn: '2030-08-05', endsOn: '2030-08-09', note: 'Camping' });
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('checks time off before sending it', async () => {
    const { sent } = renderSettings();
    await screen.findByText('1 Jul 2030 to 7 Jul 2030');
    fireEvent.change(field(/First day/), { target: { value: '2030-07-20' } });
    fireEvent.change(field(/Last day/), { target: { value: '2030-07-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add time off' }));
    await waitFor(() =>
      expectFieldError(field(/Last day/), 'The last day off must be on or after the first'),
    );
    expect(sent('POST')).toEqual([]);
  });

  it('removes a period once confirmed', async () => {
    const { fetchMock } = renderSettings({
      [`DELETE /api/v1/availability/time-off/${PERIOD_ID}`]: () => ({ status: 204 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove time off: 1 Jul 2030 to 7 Jul 2030' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this time off?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove time off' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Time off removed'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });

  it('says when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/v1/availability': () => ({ status: 500, body: {} }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AvailabilitySettings />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("We couldn't load your availability.")).toBeTruthy();
  });
});
