// @vitest-environment happy-dom
import type { NotificationView } from '@domain/notifications/schemas';
import type { MyReviewView } from '@domain/reviews/api';
import { REVIEW_MESSAGES, REVIEW_REPORT_REASON_LABELS } from '@domain/reviews/messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  makeReceivedReview,
  makeReviewTask,
  makeWrittenReview,
  REVIEW_ID,
  reviewsPage,
} from '@/features/reviews/test-fixtures';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const TO_WRITE = 'GET /api/v1/reviews/to-write';
const MINE = 'GET /api/v1/reviews/mine';
const REPLY = `PUT /api/v1/reviews/${REVIEW_ID}/reply`;
const REPORT = `POST /api/v1/reviews/${REVIEW_ID}/reports`;
const tom = makeUser({
  id: '00000000-0000-4000-8000-000000000002',
  fullName: 'Tom Pipes',
  userType: 'tradesperson',
});

/**
 * /my-reviews for Tom against a fake API. `pages` answers GET /reviews/mine by side and cursor;
 * `more` adds or replaces handlers.
 */
function openMyReviews({
  path = '/my-reviews',
  tasks = [],
  received = () => reviewsPage([]),
  written = () => reviewsPage([]),
  more = {},
}: {
  path?: string;
  tasks?: ReturnType<typeof makeReviewTask>[];
  received?: (cursor: string | null) => Reply;
  written?: (cursor: string | null) => Reply;
  more?: Record<string, (init: RequestInit | undefined) => Reply | Promise<Reply>>;
} = {}) {
  const fetchMock: ReturnType<typeof mockApi> = mockApi({
    ...sessionHandler(tom),
    [TO_WRITE]: () => ({ status: 200, body: { bookings: tasks } }),
    // The fake's handlers see only the request's init: the URL is the call being answered, the last one.
    [MINE]: () => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      const cursor = url.searchParams.get('cursor');
      return url.searchParams.get('side') === 'written' ? written(cursor) : received(cursor);
    },
    ...more,
  });
  return { ...renderApp(path), fetchMock };
}

function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

const bodyOf = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init!.body)));

describe('My Reviews', () => {
  it('is for signed-in users only', async () => {
    mockApi(sessionHandler(null));
    const { visited } = renderApp('/my-reviews');
    await waitFor(() => expect(visited.at(-1)).toBe('/auth'));
  });

  it('opens on To write: each booking with Leave Review and its closing date, and passes axe', async () => {
    openMyReviews({
      tasks: [
        makeReviewTask({ otherReviewed: true }),
        makeReviewTask({
          bookingId: 'b2',
          job: { id: 'j2', title: 'Fit a new boiler' },
          other: { id: 'c2', name: 'Bob Jones', userType: 'customer' },
          closesAt: '2099-12-20T12:00:00.000Z',
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Reviews' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'To write', selected: true })).toBeTruthy();
    const list = within(await screen.findByRole('list', { name: 'Reviews to write' }));
    const [first, second] = list.getAllByRole('listitem').map((item) => within(item));
    expect(first!.getByText('Review Ann Smith')).toBeTruthy();
    expect(first!.getByText('Ann has reviewed you — leave yours to see it')).toBeTruthy();
    expect(first!.getByText('Reviews close on 7 Dec 2099')).toBeTruthy();
    expect(first!.getByRole('button', { name: 'Leave Review' })).toBeTruthy();
    expect(second!.getByText('Review Bob Jones')).toBeTruthy();
    expect(second!.getByText('Reviews close on 20 Dec 2099')).toBeTruthy();
    expect(second!.queryByText(/has reviewed you/)).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('takes a reviewed booking off To write, keeping the focus on the list', async () => {
    let tasks = [makeReviewTask()];
    const fetchMock = mockApi({
      ...sessionHandler(tom),
      [TO_WRITE]: () => ({ status: 200, body: { bookings: tasks } }),
      'POST /api/v1/bookings/30000000-0000-4000-8000-000000000001/reviews': () => {
        tasks = [];
        return { status: 201, body: { review: makeWrittenReview({ status: 'waiting' }) } };
      },
    });
    renderApp('/my-reviews');
    expect(await screen.findByText('1 job is waiting for your review.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave a review' }));
    fireEvent.click(dialog.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(dialog.getByLabelText(/Comment/), {
      target: { value: 'Clear instructions, paid on time.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Thank you for your review!'));
    const empty = await screen.findByText('Nothing to review');
    await waitFor(() => expect(document.activeElement).toBe(empty.closest('[tabindex="-1"]')));
    expect(bodyOf(fetchMock, 'POST')).toEqual([{ rating: 4, comment: 'Clear instructions, paid on time.' }]);
  });

  it('has an empty state on every tab', async () => {
    openMyReviews();
    expect(await screen.findByText('Nothing to review')).toBeTruthy();
    openTab('Received');
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
    openTab('Written');
    expect(await screen.findByText('No reviews written')).toBeTruthy();
  });

  it('shows loading placeholders until a tab’s reviews arrive', async () => {
    const answers: ((reply: Reply) => void)[] = [];
    openMyReviews({
      path: '/my-reviews?tab=received',
      more: { [MINE]: () => new Promise<Reply>((resolve) => answers.push(resolve)) },
    });
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(within(screen.getByRole('tabpanel')).getByRole('status', { busy: true })).toBeTruthy();
    answers[0]!(reviewsPage([makeReceivedReview()]));
    expect(await screen.findByText('Quick and tidy.')).toBeTruthy();
    expect(screen.queryByRole('status', { busy: true })).toBeNull();
  });

  it('keeps a received review waiting for fair reveal unread, with no stars', async () => {
    const { router, fetchMock } = openMyReviews({
      tasks: [makeReviewTask({ otherReviewed: true })],
      received: () =>
        reviewsPage([
          makeReceivedReview({ status: 'waiting', rating: null, comment: null, publishedAt: null }),
        ]),
    });
    await screen.findByText('Review Ann Smith');
    openTab('Received');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=received'));
    const item = within(await screen.findByRole('list', { name: 'Reviews received' }));
    expect(
      item.getByText(
        'Ann Smith reviewed you for Fix a leaking tap — leave your review to see it (published by 7 Dec 2099)',
      ),
    ).toBeTruthy();
    expect(item.queryByRole('img', { name: /Rated/ })).toBeNull();
    expect(item.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(item.queryByLabelText('Reply publicly')).toBeNull();
    // Mine publishes both: Leave Review is right there.
    expect(item.getByRole('button', { name: 'Leave Review' })).toBeTruthy();
    const sides = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/reviews/mine')
      .map((url) => url.searchParams.get('side'));
    expect(sides).toEqual(['received']);
  });

  it('shows a published received review with its stars, and posts a reply', async () => {
    let review: MyReviewView = makeReceivedReview();
    const { fetchMock } = openMyReviews({
      path: '/my-reviews?tab=received',
      received: () => reviewsPage([review]),
      more: {
        [REPLY]: (init) => {
          const { reply } = JSON.parse(String(init!.body));
          review = {
            ...review,
            reply,
            repliedAt: '2099-12-07T14:30:00.000Z',
            replyEditableUntil: '2099-12-09T14:30:00.000Z',
          };
          return { status: 200, body: { review } };
        },
      },
    });
    const card = within(await screen.findByRole('article'));
    expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeTruthy();
    expect(card.getByText('Quick and tidy.')).toBeTruthy();
    expect(card.getByText('From Ann Smith')).toBeTruthy();

    // An empty reply is not sent.
    fireEvent.click(card.getByRole('button', { name: 'Post reply' }));
    expect(await card.findByText(REVIEW_MESSAGES.replyRequired)).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT')).toHaveLength(0);

    fireEvent.change(card.getByLabelText('Reply publicly'), { target: { value: ' Thanks, Ann! ' } });
    fireEvent.click(card.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Reply posted'));
    expect(bodyOf(fetchMock, 'PUT')).toEqual([{ reply: 'Thanks, Ann!' }]);
    expect(await card.findByText('Thanks, Ann!')).toBeTruthy();
    expect(card.getByText(/^You can edit your reply until 9 Dec 2099, \d\d:\d\d$/)).toBeTruthy();
    expect(card.queryByLabelText('Reply publicly')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('edits a reply while it may, then shows it read-only', async () => {
    let review: MyReviewView = makeReceivedReview({
      reply: 'Thanks, Ann!',
      repliedAt: '2099-12-07T14:30:00.000Z',
      replyEditableUntil: '2099-12-09T14:30:00.000Z',
    });
    const { fetchMock } = openMyReviews({
      path: '/my-reviews?tab=received',
      received: () => reviewsPage([review]),
      more: {
        [REPLY]: (init) => {
          review = { ...review, reply: JSON.parse(String(init!.body)).reply };
          return { status: 200, body: { review } };
        },
      },
    });
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Your reply')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Edit reply' }));
    const field = card.getByLabelText('Edit your reply') as HTMLTextAreaElement;
    expect(field.value).toBe('Thanks, Ann!');
    fireEvent.change(field, { target: { value: 'Thanks, Ann, see you next time!' } });
    fireEvent.click(card.getByRole('button', { name: 'Save reply' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Reply updated'));
    expect(bodyOf(fetchMock, 'PUT')).toEqual([{ reply: 'Thanks, Ann, see you next time!' }]);
    expect(await card.findByText('Thanks, Ann, see you next time!')).toBeTruthy();
    cleanup();

    // 48 hours on, the server says it can no longer be changed.
    openMyReviews({
      path: '/my-reviews?tab=received',
      received: () => reviewsPage([{ ...review, canReply: false }]),
    });
    const locked = within(await screen.findByRole('article'));
    expect(locked.getByText('Thanks, Ann, see you next time!')).toBeTruthy();
    expect(locked.getByText(REVIEW_MESSAGES.replyLocked)).toBeTruthy();
    expect(locked.queryByRole('button', { name: 'Edit reply' })).toBeNull();
    expect(locked.queryByRole('textbox')).toBeNull();
  });

  it('keeps the typed reply when saving it fails', async () => {
    openMyReviews({
      path: '/my-reviews?tab=received',
      received: () => reviewsPage([makeReceivedReview()]),
      more: {
        [REPLY]: () => ({
          status: 409,
          body: { error: { code: 'review_state', message: REVIEW_MESSAGES.replyLocked } },
        }),
      },
    });
    const card = within(await screen.findByRole('article'));
    fireEvent.change(card.getByLabelText('Reply publicly'), { target: { value: 'Thanks!' } });
    fireEvent.click(card.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', REVIEW_MESSAGES.replyLocked));
    expect((card.getByLabelText('Reply publicly') as HTMLTextAreaElement).value).toBe('Thanks!');
  });

  it('reports a received review with a reason, then shows it as Reported', async () => {
    let review = makeReceivedReview();
    const { fetchMock } = openMyReviews({
      path: '/my-reviews?tab=received',
      received: () => reviewsPage([review]),
      more: {
        [REPORT]: () => {
          review = { ...review, reported: true };
          return { status: 201, body: { reported: true, message: REVIEW_MESSAGES.reported } };
        },
      },
    });
    const card = within(await screen.findByRole('article'));
    fireEvent.click(card.getByRole('button', { name: 'Report review by Ann Smith' }));
    const dialogElement = await screen.findByRole('dialog', { name: 'Report this review?' });
    const dialog = within(dialogElement);
    expect(dialog.getByRole('radio', { name: REVIEW_REPORT_REASON_LABELS.abusive })).toBeTruthy();
    expect(dialog.getByRole('radio', { name: 'Not about this job' })).toBeTruthy();
    expect(dialog.getByText('0 / 500 characters')).toBeTruthy();
    expect(await seriousAxeViolations(dialogElement)).toEqual([]);

    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.reportReasonRequired)).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('radio', { name: 'Not about this job' }));
    fireEvent.change(dialog.getByLabelText(/Details/), { target: { value: 'This was another job.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(REVIEW_MESSAGES.reported));
    expect(bodyOf(fetchMock, 'POST')).toEqual([
      { reason: 'not_about_job', details: 'This was another job.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card.findByText('Reported')).toBeTruthy();
    expect(card.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('says when TradeNest removed a review', async () => {
    openMyReviews({
      path: '/my-reviews?tab=received',
      received: () =>
        reviewsPage([
          makeReceivedReview({ status: 'hidden', hiddenReason: 'Personal details in the comment' }),
        ]),
    });
    const card = within(await screen.findByRole('article'));
    expect(card.getByText('Removed by TradeNest: Personal details in the comment')).toBeTruthy();
    expect(card.queryByText('Quick and tidy.')).toBeNull();
    expect(card.queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('lists written reviews with where each stands, and loads more', async () => {
    const { fetchMock } = openMyReviews({
      path: '/my-reviews?tab=written',
      written: (cursor) =>
        cursor === null
          ? reviewsPage(
              [
                makeWrittenReview({ id: 'w1', status: 'waiting', publishedAt: null }),
                makeWrittenReview({
                  id: 'w2',
                  job: { id: 'j2', title: 'Fit a new boiler' },
                  reply: 'Thank you, Tom.',
                  repliedAt: '2026-11-03T10:00:00.000Z',
                }),
              ],
              'cursor-2',
            )
          : reviewsPage([
              makeWrittenReview({
                id: 'w3',
                job: { id: 'j3', title: 'Paint the hall' },
                status: 'hidden',
                hiddenReason: 'Not about the job',
              }),
            ]),
    });
    const list = await screen.findByRole('list', { name: 'Reviews written' });
    const [waiting, published] = within(list)
      .getAllByRole('article')
      .map((item) => within(item));
    expect(waiting!.getByText('Waiting for Ann')).toBeTruthy();
    expect(waiting!.getByText('Published when Ann reviews you, or on 7 Dec 2099')).toBeTruthy();
    expect(waiting!.getByText('Your review of Ann Smith')).toBeTruthy();
    expect(waiting!.getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(published!.getByText('Published')).toBeTruthy();
    expect(published!.getByText('Reply from Ann Smith')).toBeTruthy();
    expect(published!.getByText('Thank you, Tom.')).toBeTruthy();
    expect(published!.queryByRole('button', { name: /Report|Edit reply/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const removed = within((await screen.findByRole('link', { name: 'Paint the hall' })).closest('article')!);
    expect(removed.getByText('Removed')).toBeTruthy();
    expect(removed.getByText('Removed by TradeNest: Not about the job')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const cursors = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/reviews/mine')
      .map((url) => url.searchParams.get('cursor'));
    expect(cursors).toEqual([null, 'cursor-2']);
  });

  it('is linked from My Account for customers and tradespeople', async () => {
    for (const user of [makeUser(), tom]) {
      mockApi(sessionHandler(user));
      renderApp('/profile');
      const account = within(await screen.findByRole('navigation', { name: 'Account' }));
      expect(account.getByRole('link', { name: 'My Reviews' }).getAttribute('href')).toBe('/my-reviews');
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('review notifications', () => {
  it('show the four review kinds and open where they point', async () => {
    const note = (kind: NotificationView['kind'], title: string, n: number): NotificationView => ({
      id: `50000000-0000-4000-8000-00000000000${n}`,
      kind,
      title,
      body: 'Fix a leaking tap',
      link: '/my-reviews?tab=received',
      read: false,
      createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    });
    mockApi({
      ...sessionHandler(tom),
      'GET /api/v1/notifications/unread-count': () => ({ status: 200, body: { unread: 4 } }),
      'GET /api/v1/notifications': () => ({
        status: 200,
        body: {
          notifications: [
            note('review.submitted', 'Ann Smith reviewed you', 1),
            note('review.published', 'Your reviews are published', 2),
            note('review.replied', 'Ann Smith replied to your review', 3),
            note('review.hidden', 'A review was removed', 4),
          ],
          nextCursor: null,
        },
      }),
      [TO_WRITE]: () => ({ status: 200, body: { bookings: [] } }),
      [MINE]: () => reviewsPage([makeReceivedReview()]),
    });
    const { router } = renderApp('/notifications');
    for (const title of [
      'Ann Smith reviewed you',
      'Your reviews are published',
      'Ann Smith replied to your review',
      'A review was removed',
    ]) {
      expect((await screen.findByRole('link', { name: new RegExp(title) })).getAttribute('href')).toBe(
        '/my-reviews?tab=received',
      );
    }
    fireEvent.click(screen.getByRole('link', { name: /Your reviews are published/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reviews'));
    expect(await screen.findByRole('tab', { name: 'Received', selected: true })).toBeTruthy();
    expect(await screen.findByText('Quick and tidy.')).toBeTruthy();
  });
});
