// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_ID, makeBooking, makeJobDetail, makeMyJob, TRADESPERSON_ID } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const tom = makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });

const booking = (id: string, status: BookingView['status'], title: string) =>
  makeBooking({ id, status, job: { id: `job-${id}`, title, category: 'Plumbing', outcode: 'M1' } });

const milestonesLink = (scope: ReturnType<typeof within>) =>
  scope.queryByRole('link', { name: 'Milestone payments' })?.getAttribute('href');

describe('the way to a booking’s milestone payments', () => {
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
    const card = (title: string) => within(within(list).getByRole('link', { name: title }).closest('li')!);
    expect(milestonesLink(card('Confirmed job'))).toBe('/booking-milestones/b1');
    expect(milestonesLink(card('Completed job'))).toBe('/booking-milestones/b2');
    expect(milestonesLink(card('Disputed job'))).toBe('/booking-milestones/b3');
    expect(milestonesLink(card('Pending job'))).toBeUndefined();
    expect(milestonesLink(card('Cancelled job'))).toBeUndefined();
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
    expect(milestonesLink(within(link.closest('li')!))).toBe('/booking-milestones/b1');
    const open = screen.getByRole('link', { name: 'Open job' }).closest('li')!;
    expect(milestonesLink(within(open))).toBeUndefined();
  });

  it('is on the job detail’s booking, for its parties', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: {
          job: makeJobDetail({ status: 'in_progress', booking: makeBooking({ status: 'completed' }) }),
        },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    await screen.findByRole('heading', { name: 'Booking' }, { timeout: 5000 });
    expect(milestonesLink(within(document.body))).toBe(`/booking-milestones/${makeBooking().id}`);
  });
});
