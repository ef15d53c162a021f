// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBooking, makeMyJob, makeTradesperson } from '@/test/fixtures';
import { myJobsHandler } from '@/test/my-jobs';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bookingReviews, CLOSED_AT } from './test-fixtures';

afterEach(resetBetweenTests);

const paid = (title: string, reviews: Partial<BookingView['reviews']>, id = title) =>
  makeMyJob({
    id,
    title,
    status: 'completed',
    booking: makeBooking({
      id: `booking-${id}`,
      status: 'completed',
      depositPaid: true,
      money: { state: 'released', heldUntil: null, frozen: false, milestones: false },
      reviews: bookingReviews(reviews),
      tradesperson: makeTradesperson({ fullName: 'Tom Pipes' }),
    }),
  });

const cardOf = (title: string) => within(screen.getByRole('link', { name: title }).closest('li')!);

describe('My Jobs Done tab: reviews', () => {
  it('shows where each booking’s reviews stand', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([
        paid('To review', {}),
        paid('They reviewed', { tradespersonReviewed: true }),
        paid('I reviewed', { customerReviewed: true }),
        paid('Both published', { customerReviewed: true, tradespersonReviewed: true, published: true }),
        paid('Window closed', { closesAt: CLOSED_AT }),
        paid('Not paid yet', { closesAt: null }),
      ]),
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'To review' });
    // The All tab lists the same jobs without the review row: reviews are left from the Done tab.
    expect(screen.queryByRole('button', { name: 'Leave Review' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Done' }), { button: 0 });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Leave Review' })).toHaveLength(2));

    const toReview = cardOf('To review');
    expect(toReview.getByRole('button', { name: 'Leave Review' })).toBeTruthy();
    expect(toReview.getByText('Reviews close on 7 Dec 2099')).toBeTruthy();

    const theyReviewed = cardOf('They reviewed');
    expect(theyReviewed.getByRole('button', { name: 'Leave Review' })).toBeTruthy();
    expect(theyReviewed.getByText('Tom has reviewed you — leave yours to see it')).toBeTruthy();

    const iReviewed = cardOf('I reviewed');
    expect(iReviewed.queryByRole('button', { name: 'Leave Review' })).toBeNull();
    expect(
      iReviewed.getByText('Review submitted · published when Tom reviews, or on 7 Dec 2099'),
    ).toBeTruthy();

    const published = cardOf('Both published');
    expect(published.getByText('Reviews published')).toBeTruthy();
    expect(published.getByRole('link', { name: 'See My Reviews' }).getAttribute('href')).toBe('/my-reviews');

    for (const title of ['Window closed', 'Not paid yet']) {
      const card = cardOf(title);
      expect(card.queryByRole('button', { name: 'Leave Review' })).toBeNull();
      expect(card.queryByText(/Review submitted|Reviews published|Reviews close/)).toBeNull();
    }
  });

  it('opens the dialog about the tradesperson, telling the customer theirs publishes both', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler([paid('They reviewed', { tradespersonReviewed: true })]),
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'They reviewed' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Done' }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave a review' }));
    expect(dialog.getByText('How did it go with Tom Pipes on ‘Fix a leaking tap’?')).toBeTruthy();
    expect(dialog.getByText('Tom has reviewed you already: yours publishes both.')).toBeTruthy();
  });

  it('once the review is sent, says so where the button was and keeps the focus there', async () => {
    let reviewed = false;
    mockApi({
      ...sessionHandler(makeUser()),
      ...myJobsHandler(() => [paid('To review', { customerReviewed: reviewed }, 'tr')]),
      'POST /api/v1/bookings/booking-tr/reviews': () => {
        reviewed = true;
        return { status: 201, body: {} };
      },
    });
    renderApp('/my-jobs');
    await screen.findByRole('link', { name: 'To review' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Done' }), { button: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave a review' }));
    fireEvent.click(dialog.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    const submitted = await screen.findByText(
      'Review submitted · published when Tom reviews, or on 7 Dec 2099',
    );
    expect(screen.queryByRole('button', { name: 'Leave Review' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(submitted.closest('[tabindex="-1"]')));
  });
});

describe('My Bookings: reviews', () => {
  it('lets the tradesperson review the customer', async () => {
    mockApi({
      ...sessionHandler(makeUser({ userType: 'tradesperson', fullName: 'Tom Pipes' })),
      'GET /api/v1/bookings/mine': () => ({
        status: 200,
        body: {
          bookings: [
            makeBooking({
              status: 'completed',
              depositPaid: true,
              money: { state: 'released', heldUntil: null, frozen: false, milestones: false },
              reviews: bookingReviews({ customerReviewed: true }),
            }),
            makeBooking({
              id: 'b2',
              job: { id: 'j2', title: 'Reviewed already', category: 'Plumbing', outcode: 'M1' },
              status: 'completed',
              depositPaid: true,
              reviews: bookingReviews({ tradespersonReviewed: true }),
            }),
            makeBooking({
              id: 'b3',
              job: { id: 'j3', title: 'Booked only', category: 'Plumbing', outcode: 'M1' },
            }),
          ],
        },
      }),
    });
    renderApp('/my-jobs');
    const card = within(
      await waitFor(() => screen.getByRole('link', { name: 'Fix a leaking tap' }).closest('li')!),
    );
    expect(card.getByText('Ann has reviewed you — leave yours to see it')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave a review' }));
    expect(dialog.getByText('How did it go with Ann Smith on ‘Fix a leaking tap’?')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(
      cardOf('Reviewed already').getByText('Review submitted · published when Ann reviews, or on 7 Dec 2099'),
    ).toBeTruthy();
    expect(cardOf('Booked only').queryByText(/Review/)).toBeNull();
  });
});
