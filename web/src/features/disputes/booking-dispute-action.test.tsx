// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_ID, makeBooking, makeJobDetail, makeMyJob } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const canRaise: BookingView['dispute'] = { id: null, status: null, canRaise: true };
const cannot: BookingView['dispute'] = { id: null, status: null, canRaise: false };
const open: BookingView['dispute'] = { id: 'd1', status: 'awaiting_response', canRaise: false };
const resolved: BookingView['dispute'] = { id: 'd2', status: 'resolved', canRaise: false };

const held = { state: 'held' as const, heldUntil: '2099-01-01T00:00:00Z', frozen: false, milestones: false };

function booking(title: string, dispute: BookingView['dispute'], id: string): BookingView {
  return makeBooking({
    id,
    jobId: `job-${id}`,
    status: dispute.id && dispute.status !== 'resolved' ? 'disputed' : 'completed',
    depositPaid: true,
    money: held,
    dispute,
    job: { id: `job-${id}`, title, category: 'Plumbing', outcode: 'M1' },
  });
}

/** The card (list item) that holds the link with this title. */
const cardOf = (list: HTMLElement, title: string) =>
  within(within(list).getByRole('link', { name: title }).closest('li') as HTMLElement);

describe('where a booking’s dispute shows', () => {
  it('My Bookings: Raise Dispute while one may be raised, View dispute with its status once there is one', async () => {
    mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: {
          bookings: [
            booking('Can raise', canRaise, 'b1'),
            booking('Cannot raise', cannot, 'b2'),
            booking('Open one', open, 'b3'),
            booking('Resolved one', resolved, 'b4'),
          ],
        },
      }),
    });
    renderApp('/my-jobs');
    const list = await screen.findByRole('list', { name: 'Bookings' }, { timeout: 5000 });
    expect(cardOf(list, 'Can raise').getByRole('button', { name: 'Raise Dispute' })).toBeTruthy();
    expect(cardOf(list, 'Can raise').queryByRole('link', { name: 'View dispute' })).toBeNull();
    expect(cardOf(list, 'Cannot raise').queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
    expect(cardOf(list, 'Cannot raise').queryByRole('link', { name: 'View dispute' })).toBeNull();
    const openCard = cardOf(list, 'Open one');
    expect(openCard.getByRole('link', { name: 'View dispute' }).getAttribute('href')).toBe('/disputes/d1');
    expect(openCard.getByText('Awaiting response')).toBeTruthy();
    expect(openCard.queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
    const resolvedCard = cardOf(list, 'Resolved one');
    expect(resolvedCard.getByRole('link', { name: 'View dispute' }).getAttribute('href')).toBe(
      '/disputes/d2',
    );
    expect(resolvedCard.getByText('Resolved')).toBeTruthy();
  });

  it('My Bookings: the tradesperson’s dialog opens from the card', async () => {
    mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: { bookings: [booking('Can raise', canRaise, 'b1')] },
      }),
    });
    renderApp('/my-jobs');
    fireEvent.click(await screen.findByRole('button', { name: 'Raise Dispute' }, { timeout: 5000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Raise a dispute' }));
    expect(dialog.getByText(/Ann Smith is told/)).toBeTruthy();
  });

  it.each(['Active', 'Done'])('My Jobs, %s tab: the customer’s card shows the dispute', async (tab) => {
    const jobs = [
      makeMyJob({ id: 'j1', title: 'Can raise', booking: booking('Can raise', canRaise, 'b1') }),
      makeMyJob({ id: 'j2', title: 'Open one', booking: booking('Open one', open, 'b3') }),
      makeMyJob({ id: 'j3', title: 'Cannot raise', booking: booking('Cannot raise', cannot, 'b2') }),
    ];
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler(jobs),
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'Can raise' }, { timeout: 5000 });
    // The All tab lists jobs; the dispute is on the tabs that are about bookings.
    expect(screen.queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: tab }), { button: 0 });
    await screen.findByRole('button', { name: 'Raise Dispute' });
    const panel = screen.getByRole('tabpanel');
    const card = (title: string) =>
      within(within(panel).getByRole('link', { name: title }).closest('li') as HTMLElement);
    expect(card('Can raise').getByRole('button', { name: 'Raise Dispute' })).toBeTruthy();
    expect(card('Open one').getByRole('link', { name: 'View dispute' }).getAttribute('href')).toBe(
      '/disputes/d1',
    );
    expect(card('Cannot raise').queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
  });

  it('job detail: the booking section offers Raise Dispute to its customer', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: {
          job: makeJobDetail({ status: 'in_progress', booking: makeBooking({ dispute: canRaise }) }),
        },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    expect(await screen.findByRole('button', { name: 'Raise Dispute' }, { timeout: 5000 })).toBeTruthy();
  });

  it('job detail: View dispute once one is open, and nothing for someone else’s booking', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: {
          job: makeJobDetail({
            status: 'in_progress',
            booking: makeBooking({ status: 'disputed', dispute: open }),
          }),
        },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    const link = await screen.findByRole('link', { name: 'View dispute' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/disputes/d1');
    expect(screen.getByText('Awaiting response')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
  });

  it('job detail: an admin viewing the job gets no dispute button', async () => {
    mockApi({
      ...sessionHandler(makeUser({ isAdmin: true })),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: {
          job: makeJobDetail({
            status: 'in_progress',
            booking: makeBooking({ dispute: canRaise }),
            viewer: { relation: 'admin', canQuote: false, cannotQuoteReason: null, myQuote: null },
          }),
        },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    await screen.findByRole('heading', { name: 'Booking' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Raise Dispute' })).toBeNull();
  });
});
