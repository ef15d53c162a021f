// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking, makeMyJob, TRADESPERSON_ID } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const tom = makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });

const changesLink = (scope: ReturnType<typeof within>) =>
  scope.queryByRole('link', { name: 'Changes and payments' })?.getAttribute('href');

const booking = (id: string, status: BookingView['status'], title: string) =>
  makeBooking({ id, status, job: { id: `job-${id}`, title, category: 'Plumbing', outcode: 'M1' } });

describe('the way to a booking’s changes and payments', () => {
  it('is on My Bookings cards of confirmed, completed and disputed bookings only', async () => {
    mockApi({
      ...sessionHandler(tom),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: {
          bookings: [
            booking('b1', 'confirmed', 'Confirmed job'),
            booking('b2', 'completed', 'Completed job'),
            booking('b3', 'disputed', 'Disputed job'),
            booking('b4', 'pending', 'Pending job'),
            booking('b5', 'cancelled', 'Cancelled job'),
          ],
        },
      }),
    });
    renderApp('/my-jobs');
    const list = await screen.findByRole('list', { name: 'Bookings' }, { timeout: 5000 });
    const link = (title: string) =>
      changesLink(within(within(list).getByRole('link', { name: title }).closest('li')!));
    expect(link('Confirmed job')).toBe('/booking-changes/b1');
    expect(link('Completed job')).toBe('/booking-changes/b2');
    expect(link('Disputed job')).toBe('/booking-changes/b3');
    expect(link('Pending job')).toBeUndefined();
    expect(link('Cancelled job')).toBeUndefined();
  });

  it('is on the customer’s My Jobs card of a booked job', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([
        makeMyJob({
          id: 'a',
          title: 'Booked job',
          status: 'in_progress',
          booking: booking('b1', 'confirmed', 'x'),
        }),
        makeMyJob({ id: 'b', title: 'Open job' }),
      ]),
    });
    renderApp('/my-jobs');
    const link = await screen.findByRole('link', { name: 'Booked job' }, { timeout: 5000 });
    expect(changesLink(within(link.closest('li')!))).toBe('/booking-changes/b1');
    const open = screen.getByRole('link', { name: 'Open job' }).closest('li')!;
    expect(changesLink(within(open))).toBeUndefined();
  });
});
