// @vitest-environment happy-dom
import type { BookingView } from '@domain/marketplace/api';
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { makeBooking, makeMyJob } from '@/test/fixtures';
import { heldReply } from '@/test/held-reply';
import { myJobsHandler } from '@/test/my-jobs';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { BOOKING_ID, bookingReviews, makeReceivedReview } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const REVIEWS = `POST /api/v1/bookings/${BOOKING_ID}/reviews`;

function doneJob(reviews: Partial<BookingView['reviews']> = {}) {
  return makeMyJob({
    status: 'completed',
    booking: makeBooking({
      status: 'completed',
      depositPaid: true,
      money: { state: 'released', heldUntil: null, frozen: false, milestones: false },
      reviews: bookingReviews(reviews),
    }),
  });
}

/** My Jobs' Done tab with one finished, paid job, and its Leave Review dialog open. */
async function openDialog(answer: (init: RequestInit | undefined) => Reply | Promise<Reply>) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    ...myJobsHandler([doneJob()]),
    [REVIEWS]: answer,
  });
  renderApp('/my-jobs');
  await screen.findByRole('link', { name: 'Fix a leaking tap' });
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Done' }), { button: 0 });
  fireEvent.click(await screen.findByRole('button', { name: 'Leave Review' }));
  const dialog = await screen.findByRole('dialog', { name: 'Leave a review' });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { dialog: within(dialog), dialogElement: dialog, posts };
}

const star = (dialog: ReturnType<typeof within>, name: string) =>
  dialog.getByRole('radio', { name }) as HTMLInputElement;
const checkedStar = (dialog: ReturnType<typeof within>) =>
  (dialog.getAllByRole('radio') as HTMLInputElement[]).find((radio) => radio.checked)?.value ?? null;

describe('Leave Review', () => {
  it('explains fair reveal and the closing date, and passes axe', async () => {
    const { dialog, dialogElement } = await openDialog(() => ({ status: 201, body: {} }));
    expect(dialog.getByRole('group', { name: 'Rating' })).toBeTruthy();
    expect(dialog.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(star(dialog, '1 star')).toBeTruthy();
    expect(star(dialog, '4 stars')).toBeTruthy();
    expect(dialog.getByText(REVIEW_MESSAGES.fairReveal)).toBeTruthy();
    expect(dialog.getByText('Reviews close on 7 Dec 2099')).toBeTruthy();
    expect(dialog.getByText('0 / 2,000 characters')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Comment/), { target: { value: 'Great job' } });
    expect(dialog.getByText('9 / 2,000 characters')).toBeTruthy();
    expect(await seriousAxeViolations(dialogElement)).toEqual([]);
  });

  it('without a rating shows the error toast and sends nothing', async () => {
    const { dialog, posts } = await openDialog(() => ({ status: 201, body: {} }));
    fireEvent.change(dialog.getByLabelText(/Comment/), { target: { value: 'Great job' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Please select a rating'));
    expect(posts()).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Focus goes back to the stars, where the missing answer is.
    expect(document.activeElement).toBe(star(dialog, '1 star'));
  });

  it('chooses stars with the keyboard', async () => {
    const { dialog } = await openDialog(() => ({ status: 201, body: {} }));
    // The stars take focus when the dialog opens; one Tab stop, the first star while none is chosen.
    await waitFor(() => expect(document.activeElement).toBe(star(dialog, '1 star')));
    const key = (name: string) => fireEvent.keyDown(document.activeElement!, { key: name });
    key('ArrowRight');
    expect(checkedStar(dialog)).toBe('1');
    key('ArrowRight');
    key('ArrowRight');
    key('ArrowRight');
    expect(checkedStar(dialog)).toBe('4');
    expect(document.activeElement).toBe(star(dialog, '4 stars'));
    key('ArrowLeft');
    expect(checkedStar(dialog)).toBe('3');
    key('End');
    expect(checkedStar(dialog)).toBe('5');
    key('ArrowRight');
    expect(checkedStar(dialog)).toBe('1');
    key('ArrowUp');
    expect(checkedStar(dialog)).toBe('5');
    key('Home');
    expect(checkedStar(dialog)).toBe('1');
    expect(document.activeElement).toBe(star(dialog, '1 star'));
  });

  it('sends the rating and the trimmed comment, thanks and closes', async () => {
    const { dialog, posts } = await openDialog(() => ({
      status: 201,
      body: { review: makeReceivedReview({ side: 'written', status: 'waiting' }) },
    }));
    fireEvent.click(star(dialog, '4 stars'));
    fireEvent.change(dialog.getByLabelText(/Comment/), { target: { value: '  Quick and tidy.  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Thank you for your review!'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ rating: 4, comment: 'Quick and tidy.' });
    expect(showError).not.toHaveBeenCalled();
  });

  it('sends no comment when it is left empty', async () => {
    const { dialog, posts } = await openDialog(() => ({
      status: 201,
      body: { review: makeReceivedReview() },
    }));
    fireEvent.click(star(dialog, '5 stars'));
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(REVIEW_MESSAGES.thanks));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toEqual({ rating: 5, comment: null });
  });

  it('on a refusal shows the server’s message and keeps the stars and the comment', async () => {
    const { dialog } = await openDialog(() => ({
      status: 409,
      body: { error: { code: 'already_reviewed', message: REVIEW_MESSAGES.alreadyReviewed } },
    }));
    fireEvent.click(star(dialog, '2 stars'));
    fireEvent.change(dialog.getByLabelText(/Comment/), { target: { value: 'Late twice.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith(REVIEW_MESSAGES.alreadyReviewed));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(checkedStar(dialog)).toBe('2');
    expect((dialog.getByLabelText(/Comment/) as HTMLTextAreaElement).value).toBe('Late twice.');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('says Failed to submit review when the server gives no message', async () => {
    const { dialog } = await openDialog(() => ({ status: 502 }));
    fireEvent.click(star(dialog, '3 stars'));
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Failed to submit review'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(checkedStar(dialog)).toBe('3');
  });

  it('sends one request for a double click, the button disabled while sending', async () => {
    const reply = heldReply();
    const { dialog, posts } = await openDialog(reply.answer);
    fireEvent.click(star(dialog, '5 stars'));
    const submit = dialog.getByRole('button', { name: 'Submit Review' }) as HTMLButtonElement;
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(submit.disabled).toBe(true));
    fireEvent.click(submit);
    expect(posts()).toHaveLength(1);
    reply.send({ status: 201, body: { review: makeReceivedReview() } });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledTimes(1));
    expect(posts()).toHaveLength(1);
  });
});
