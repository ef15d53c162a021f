import { REVIEW_MESSAGES, REVIEW_REPORT_REASON_LABELS, REVIEW_RULES } from '@domain/reviews/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { mockProfileApi } from '@/test/public-profile';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, queriesSentTo } from '@/test/requests';
import { makeCard, makeProfile, makeReview, reviewsPage, searchPage } from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

function openReviews(...args: Parameters<typeof mockProfileApi>) {
  const api = mockProfileApi(...args);
  return { ...renderApp(`/reviews?tradesperson=${args[0].id}`), ...api };
}

/** The first screen of a file waits for the page's lazy chunk. */
const heading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

const article = (reviewer: string) =>
  within(screen.getByRole('heading', { level: 3, name: reviewer }).closest('article') as HTMLElement);

describe('a tradesperson’s reviews (/reviews?tradesperson=<id>)', () => {
  it('shows who they are, the rating, the 5-to-1 distribution and the reviews, newest published first', async () => {
    const profile = makeProfile({ rating: 4.3, reviewCount: 3 });
    const newest = makeReview({
      reviewerName: 'Ann S.',
      rating: 5,
      publishedAt: '2025-06-02T09:00:00.000Z',
      createdAt: '2025-05-20T09:00:00.000Z',
      reply: 'Thanks Ann!',
      repliedAt: '2025-06-03T09:00:00.000Z',
    });
    const middle = makeReview({ reviewerName: 'Bob T.', rating: 4, publishedAt: '2025-05-25T09:00:00.000Z' });
    const oldest = makeReview({
      reviewerName: 'Cat U.',
      rating: 4,
      comment: null,
      publishedAt: '2025-05-01T09:00:00.000Z',
    });
    openReviews(profile, null, () => reviewsPage([newest, middle, oldest]));

    expect(await heading('Reviews of Tom Pipes')).toBeTruthy();
    expect(screen.getByText('Plumber · Pipes & Sons Ltd')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5 from 3 reviews' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View profile/ }).getAttribute('href')).toBe(
      `/tradesperson/${profile.id}`,
    );
    const avatar = document.querySelector(`img[src="${profile.avatarUrl}"]`);
    expect(avatar?.getAttribute('width')).toBe('64');

    // The summary: the page's own figures (summary), with the five bars.
    const bars = within(await screen.findByRole('list', { name: 'Rating distribution' })).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars: 1 review',
      '4 stars: 2 reviews',
      '3 stars: 0 reviews',
      '2 stars: 0 reviews',
      '1 star: 0 reviews',
    ]);
    // The header's rating and the summary's big figure.
    expect(screen.getAllByText('4.3')).toHaveLength(2);

    const reviews = screen.getByRole('region', { name: 'All reviews' });
    expect(
      within(reviews)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Ann S.', 'Bob T.', 'Cat U.']);
    // The date shown is when the review was published (fair reveal), not when it was written.
    expect(article('Ann S.').getByText('2 June 2025').getAttribute('datetime')).toBe(newest.publishedAt);
    expect(article('Ann S.').getByText('Thanks Ann!')).toBeTruthy();
    expect(article('Ann S.').getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    // A visitor who is not signed in cannot report.
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Reviews — TradeNest'));
  });

  it('pages with Load more, asking for the next cursor', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeReview({ reviewerName: `Reviewer ${i + 1}.` }));
    const older = makeReview({ reviewerName: 'Old Timer O.' });
    const { fetchMock, reviewsPath } = openReviews(makeProfile({ reviewCount: 11 }), null, (cursor) =>
      cursor === 'page-2' ? reviewsPage([older]) : reviewsPage(first, 'page-2'),
    );
    expect(await screen.findByText('Reviewer 1.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Old Timer O.')).toBeNull();
    expect(queriesSentTo(fetchMock, reviewsPath)[0]?.get('limit')).toBe('10');
    expect(queriesSentTo(fetchMock, reviewsPath)[0]?.get('cursor')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Old Timer O.')).toBeTruthy();
    expect(screen.getByText('Reviewer 10.')).toBeTruthy();
    expect(queriesSentTo(fetchMock, reviewsPath).at(-1)?.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when the tradesperson keeps reviews private, and still shows the rating', async () => {
    const profile = makeProfile({ reviewsPublic: false, rating: 4.5, reviewCount: 2 });
    openReviews(profile, null, () => ({
      reviews: [],
      nextCursor: null,
      summary: null,
      reviewsPublic: false,
    }));
    expect(
      await screen.findByText('Tom Pipes has chosen not to show reviews publicly.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Rating distribution' })).toBeNull();
  });

  it("shows a tradesperson without reviews as 'New on TradeNest'", async () => {
    openReviews(makeProfile({ rating: 0, reviewCount: 0 }), null);
    await heading('Reviews of Tom Pipes');
    expect(screen.getByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest })).toBeTruthy();
    expect(await screen.findByText('No published reviews yet')).toBeTruthy();
    expect(screen.queryByText('0.0')).toBeNull();
  });

  it('answers an unknown tradesperson with a not-found state', async () => {
    mockApi({
      ...sessionHandler(null),
      'GET /api/v1/tradespeople/missing': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      }),
    });
    renderApp('/reviews?tradesperson=missing');
    expect(await heading('Tradesperson not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search reviews' }).getAttribute('href')).toBe('/reviews');
  });
});

describe('reporting a review', () => {
  const review = makeReview({ reviewerName: 'Ann S.', comment: 'Rubbish, avoid.' });
  const reportPath = `/api/v1/reviews/${review.id}/reports`;

  it('offers no Report on the viewer’s own review, and says Reported where they have reported', async () => {
    const own = makeReview({ reviewerName: 'Me M.', canReport: false, reported: false });
    const done = makeReview({ reviewerName: 'Bo B.', canReport: false, reported: true });
    openReviews(makeProfile(), makeUser({ userType: 'customer' }), () => reviewsPage([own, done]));
    await screen.findByRole('heading', { level: 3, name: 'Me M.' }, { timeout: 5000 });
    expect(article('Me M.').queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(article('Bo B.').getByText('Reported')).toBeTruthy();
    expect(article('Bo B.').queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('asks for a reason, sends it with the details, and toasts the server’s words', async () => {
    const { fetchMock } = openReviews(
      makeProfile(),
      makeUser({ userType: 'tradesperson' }),
      () => reviewsPage([review]),
      {
        [`POST ${reportPath}`]: () => ({
          status: 201,
          body: { reported: true, message: REVIEW_MESSAGES.reported },
        }),
      },
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Report review by Ann S.' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Report this review?' }));
    expect(dialog.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      REVIEW_REPORT_REASON_LABELS.abusive,
      REVIEW_REPORT_REASON_LABELS.not_about_job,
    ]);

    // No reason: the server's message, beside the choices, and nothing sent.
    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.reportReasonRequired)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, `POST ${reportPath}`)[0]).toBeUndefined();

    fireEvent.click(dialog.getByRole('radio', { name: REVIEW_REPORT_REASON_LABELS.abusive }));
    expect(dialog.queryByText(REVIEW_MESSAGES.reportReasonRequired)).toBeNull();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: '  Insults me personally.  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(REVIEW_MESSAGES.reported));
    expect(bodiesSentTo(fetchMock, `POST ${reportPath}`)[0]).toEqual({
      reason: 'abusive',
      details: 'Insults me personally.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Reported once here: a note instead of the button.
    expect(article('Ann S.').getByText('Reported')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report review by Ann S.' })).toBeNull();
  });

  it('refuses details over the limit with the server’s message', async () => {
    const { fetchMock } = openReviews(makeProfile(), makeUser(), () => reviewsPage([review]));
    fireEvent.click(
      await screen.findByRole('button', { name: 'Report review by Ann S.' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: REVIEW_REPORT_REASON_LABELS.not_about_job }));
    const details = dialog.getByRole('textbox', { name: 'Details (optional)' });
    fireEvent.change(details, { target: { value: 'x'.repeat(REVIEW_RULES.reportDetailsMax + 1) } });
    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    expect(await dialog.findByText(REVIEW_MESSAGES.reportDetailsTooLong)).toBeTruthy();
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(bodiesSentTo(fetchMock, `POST ${reportPath}`)[0]).toBeUndefined();
  });

  it('gives the focus back to Report when cancelled, and opens afresh the next time', async () => {
    const { fetchMock } = openReviews(makeProfile(), makeUser(), () => reviewsPage([review]));
    const report = await screen.findByRole('button', { name: 'Report review by Ann S.' }, { timeout: 5000 });
    fireEvent.click(report);
    let dialog = within(await screen.findByRole('dialog', { name: 'Report this review?' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: 'Not about my job' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(report));
    // Cancelling empties the form, as the other dialogs do: a new open starts afresh.
    fireEvent.click(report);
    dialog = within(await screen.findByRole('dialog', { name: 'Report this review?' }));
    expect((dialog.getByRole('textbox', { name: 'Details (optional)' }) as HTMLTextAreaElement).value).toBe(
      '',
    );
    expect(bodiesSentTo(fetchMock, `POST ${reportPath}`)[0]).toBeUndefined();
  });

  it('says so when the server refuses, as for the author’s own review', async () => {
    openReviews(makeProfile(), makeUser(), () => reviewsPage([review]), {
      [`POST ${reportPath}`]: () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: REVIEW_MESSAGES.reportOwn } },
      }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Report review by Ann S.' }, { timeout: 5000 }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: REVIEW_REPORT_REASON_LABELS.abusive }));
    fireEvent.click(dialog.getByRole('button', { name: 'Report review' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', REVIEW_MESSAGES.reportOwn));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(showSuccess).not.toHaveBeenCalled();
  });
});

describe('finding a tradesperson’s reviews (/reviews)', () => {
  it('searches by trade and links each match to its reviews', async () => {
    const tom = makeCard({ fullName: 'Tom Pipes', trade: 'Plumber', location: 'Leeds' });
    const newcomer = makeCard({ fullName: 'Nia New', trade: 'Plumber', rating: 0, reviewCount: 0 });
    const profile = makeProfile({ id: tom.id });
    const fetchMock = mockApi({
      ...sessionHandler(null),
      'GET /api/v1/tradespeople': () => ({ status: 200, body: searchPage([tom, newcomer]) }),
      [`GET /api/v1/tradespeople/${tom.id}`]: () => ({ status: 200, body: { profile } }),
      [`GET /api/v1/tradespeople/${tom.id}/reviews`]: () => ({
        status: 200,
        body: reviewsPage([makeReview()]),
      }),
    });
    const { router } = renderApp('/reviews');
    expect(await heading('Reviews')).toBeTruthy();
    // Nothing is asked for before a search.
    expect(queriesSentTo(fetchMock, '/api/v1/tradespeople')).toEqual([]);

    const search = within(screen.getByRole('search', { name: 'Find a tradesperson’s reviews' }));
    fireEvent.change(search.getByRole('searchbox', { name: 'Trade or service' }), {
      target: { value: ' plumber ' },
    });
    fireEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=plumber'));
    expect(await screen.findByText('2 tradespeople found')).toBeTruthy();
    expect(queriesSentTo(fetchMock, '/api/v1/tradespeople')[0]?.get('service')).toBe('plumber');

    const results = within(screen.getByRole('list', { name: 'Tradespeople' }));
    expect(results.getByRole('img', { name: 'Rated 4.7 out of 5 from 12 reviews' })).toBeTruthy();
    expect(results.getByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest })).toBeTruthy();
    const link = results.getByRole('link', { name: 'Tom Pipes' });
    expect(link.getAttribute('href')).toBe(`/reviews?tradesperson=${tom.id}`);

    fireEvent.click(link);
    expect(await heading('Reviews of Tom Pipes')).toBeTruthy();
    expect(await screen.findByText('Ann S.')).toBeTruthy();
  });

  it('searches what the box shows, also text React has not been told of yet', async () => {
    // As when a search typed into the server-rendered page is replayed while the app takes it over,
    // before the effect that adopts the typed text has run.
    mockApi({
      ...sessionHandler(null),
      'GET /api/v1/tradespeople': () => ({ status: 200, body: searchPage([]) }),
    });
    const { router } = renderApp('/reviews');
    expect(await heading('Reviews')).toBeTruthy();
    const search = within(screen.getByRole('search', { name: 'Find a tradesperson’s reviews' }));
    (search.getByRole('searchbox', { name: 'Trade or service' }) as HTMLInputElement).value = 'roofer';
    fireEvent.click(search.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=roofer'));
  });

  it('says when nothing matches', async () => {
    mockApi({
      ...sessionHandler(null),
      'GET /api/v1/tradespeople': () => ({ status: 200, body: searchPage([]) }),
    });
    renderApp('/reviews?q=unicorn');
    expect(await screen.findByText('No tradespeople found', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Trade or service' }) as HTMLInputElement).value).toBe(
      'unicorn',
    );
  });
});
