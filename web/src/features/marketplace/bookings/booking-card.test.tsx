// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const completed = (title: string, money: BookingView['money'], id: string): BookingView =>
  makeBooking({
    id,
    status: 'completed',
    completedAt: '2026-11-20T17:00:00Z',
    money,
    job: { id: `job-${id}`, title, category: 'Plumbing', outcode: 'M1' },
  });

async function openMyBookings(bookings: BookingView[]) {
  mockApi({
    ...sessionHandler(makeUser({ userType: 'tradesperson' })),
    'GET /api/v1/bookings/mine': () => ({ status: 200, body: { bookings } }),
  });
  renderApp('/my-jobs');
  await screen.findByRole('heading', { level: 1, name: 'My Bookings' }, { timeout: 5000 });
  const list = await screen.findByRole('list', { name: 'Bookings' });
  return (title: string) =>
    within(within(list).getByRole('link', { name: title }).closest('li') as HTMLElement);
}

describe('My Bookings: where a booking’s money is', () => {
  it('shows each completed booking’s money in words, with the held date in en-GB', async () => {
    const card = await openMyBookings([
      completed('Unpaid job', { state: 'unpaid', heldUntil: null, frozen: false, milestones: false }, 'b1'),
      completed(
        'Held job',
        { state: 'held', heldUntil: '2026-11-30T10:00:00Z', frozen: false, milestones: false },
        'b2',
      ),
      completed(
        'Frozen job',
        { state: 'held', heldUntil: '2026-11-30T10:00:00Z', frozen: true, milestones: false },
        'b3',
      ),
      completed(
        'Released job',
        { state: 'released', heldUntil: null, frozen: false, milestones: false },
        'b4',
      ),
      completed(
        'Refunded job',
        { state: 'refunded', heldUntil: null, frozen: false, milestones: false },
        'b5',
      ),
    ]);
    expect(card('Unpaid job').getByText('Awaiting payment')).toBeTruthy();
    expect(card('Held job').getByText('Held until 30 Nov 2026')).toBeTruthy();
    expect(card('Frozen job').getByText('Frozen by a dispute')).toBeTruthy();
    expect(card('Frozen job').queryByText(/Held until/)).toBeNull();
    expect(card('Released job').getByText('Released')).toBeTruthy();
    expect(card('Refunded job').getByText('Refunded')).toBeTruthy();
    // Read as one phrase by a screen reader.
    expect(card('Held job').getByText('Held until 30 Nov 2026').closest('p')!.textContent).toBe(
      'Payment: Held until 30 Nov 2026',
    );
  });

  it('says nothing about money before the work is complete', async () => {
    const card = await openMyBookings([makeBooking({ status: 'confirmed' })]);
    expect(card('Fix a leaking tap').queryByText(/Awaiting payment|Held until|Released/)).toBeNull();
  });
});
