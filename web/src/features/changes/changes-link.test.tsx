// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking, TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const tom = makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });

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
      within(within(list).getByRole('link', { name: title }).closest('li')!)
        .queryByRole('link', { name: 'Changes and payments' })
        ?.getAttribute('href');
    expect(link('Confirmed job')).toBe('/booking-changes/b1');
    expect(link('Completed job')).toBe('/booking-changes/b2');
    expect(link('Disputed job')).toBe('/booking-changes/b3');
    expect(link('Pending job')).toBeUndefined();
    expect(link('Cancelled job')).toBeUndefined();
  });
});
