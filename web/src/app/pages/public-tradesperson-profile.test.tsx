import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, makeReview, reviewsPage } from '@/features/discovery/test-fixtures';
import { CONVERSATION_ID, makeConversation, makePerson } from '@/features/messaging/test-fixtures';
import { showError } from '@/lib/toast';
import { mockProfileApi } from '@/test/public-profile';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

function openProfile(...args: Parameters<typeof mockProfileApi>) {
  const api = mockProfileApi(...args);
  return { ...renderApp(`/tradesperson/${args[0].id}`), ...api };
}

describe('the public tradesperson profile', () => {
  it('shows the real profile: trade, business, bio, experience, rate, specialties, areas, base and checks', async () => {
    const profile = makeProfile();
    openProfile(profile, null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' })).toBeTruthy();
    expect(screen.getByText('Plumber · Pipes & Sons Ltd')).toBeTruthy();
    expect(screen.getByText('Twenty years fixing leaks across West Yorkshire.')).toBeTruthy();
    expect(screen.getByText('20 years')).toBeTruthy();
    expect(screen.getByText('£30-50')).toBeTruthy();
    expect(screen.getByText('LS1, Leeds · covers 15 miles')).toBeTruthy();
    expect(textOf('Member since November 2024')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5 from 2 reviews' }).length).toBeGreaterThan(
      0,
    );

    const specialties = screen.getByRole('heading', { name: 'Specialties' }).closest('.rounded-xl')!;
    expect(
      within(specialties as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Boilers', 'Leaks', 'Bathrooms', 'Radiators']);
    const areas = screen.getByRole('heading', { name: 'Service areas' }).closest('.rounded-xl')!;
    expect(
      within(areas as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Leeds', 'Bradford']);
    expect(textOf('Verified 14 March 2025')).toBeTruthy();
    expect(textOf('Verified 15 March 2025 · valid until 1 June 2026')).toBeTruthy();
    const avatar = screen.getByRole('img', { name: 'Avatar of Tom Pipes' });
    expect(avatar.getAttribute('width')).toBe('96');
  });

  it("says 'Rate on request' without a rate", async () => {
    openProfile(makeProfile({ hourlyRateMin: null, hourlyRateMax: null }), null);
    expect(await screen.findByText('Rate on request')).toBeTruthy();
  });

  it("answers a 404 with 'Tradesperson not found'", async () => {
    mockApi({
      ...sessionHandler(null),
      'GET /api/v1/tradespeople/missing': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      }),
    });
    renderApp('/tradesperson/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tradesperson not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Tradespeople' }).getAttribute('href')).toBe('/browse');
  });

  it('loads reviews 10 at a time with the tradesperson’s replies', async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeReview({ reviewerName: `Reviewer ${i + 1}.` }));
    const older = makeReview({
      reviewerName: 'Old Timer O.',
      comment: 'Came back to fix it free.',
      reply: 'Thank you, glad it is sorted!',
      repliedAt: '2025-05-12T08:00:00.000Z',
    });
    const { fetchMock, reviewsPath } = openProfile(makeProfile({ reviewCount: 11 }), null, (cursor) =>
      cursor === 'page-2' ? reviewsPage([older]) : reviewsPage(first, 'page-2'),
    );
    expect(await screen.findByText('Reviewer 1.')).toBeTruthy();
    expect(screen.queryByText('Old Timer O.')).toBeNull();
    expect(queriesSentTo(fetchMock, reviewsPath)[0]?.get('limit')).toBe('10');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Old Timer O.')).toBeTruthy();
    expect(screen.getByText('Reviewer 10.')).toBeTruthy();
    expect(screen.getByText('Reply from Tom Pipes')).toBeTruthy();
    expect(screen.getByText('Thank you, glad it is sorted!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(queriesSentTo(fetchMock, reviewsPath).at(-1)?.get('cursor')).toBe('page-2');
  });

  it('shows the 5-to-1 distribution above the reviews, dated when published, and links to all of them', async () => {
    const profile = makeProfile({ rating: 4.5, reviewCount: 2 });
    openProfile(profile, null, () =>
      reviewsPage([
        makeReview({
          rating: 5,
          publishedAt: '2025-06-01T10:00:00.000Z',
          createdAt: '2025-05-01T10:00:00.000Z',
        }),
        makeReview({ rating: 4, reviewerName: 'Bob T.' }),
      ]),
    );
    const bars = within(await screen.findByRole('list', { name: 'Rating distribution' })).getAllByRole('img');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      '5 stars: 1 review',
      '4 stars: 1 review',
      '3 stars: 0 reviews',
      '2 stars: 0 reviews',
      '1 star: 0 reviews',
    ]);
    expect(screen.getByText('1 June 2025').getAttribute('datetime')).toBe('2025-06-01T10:00:00.000Z');
    expect(screen.queryByText('1 May 2025')).toBeNull();
    expect(screen.getByRole('link', { name: 'See all reviews' }).getAttribute('href')).toBe(
      `/reviews?tradesperson=${profile.id}`,
    );
  });

  it("shows a tradesperson without reviews as 'New on TradeNest', with no link to reviews", async () => {
    openProfile(makeProfile({ rating: 0, reviewCount: 0 }), null);
    await screen.findByRole('heading', { level: 1, name: 'Tom Pipes' });
    expect(screen.getAllByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest }).length).toBeGreaterThan(0);
    expect(screen.queryByText('0.0')).toBeNull();
    expect(await screen.findByText('No reviews have been published yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See all reviews' })).toBeNull();
  });

  it('says so when the tradesperson keeps reviews private', async () => {
    openProfile(makeProfile({ reviewsPublic: false }), null);
    expect(await screen.findByText('Tom Pipes has chosen not to show reviews publicly.')).toBeTruthy();
  });

  it('sends a visitor to sign in from Request Quote, Message and Save', async () => {
    openProfile(makeProfile(), null);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Request Quote' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Save Tom Pipes' }).getAttribute('href')).toBe('/auth');
  });

  it('lets a customer request a quote through Post a Job', async () => {
    const profile = makeProfile();
    const { router } = openProfile(profile, makeUser());
    const request = await screen.findByRole('link', { name: 'Request Quote' });
    expect(request.getAttribute('href')).toBe(`/post-job?tradesperson=${profile.id}`);
    expect(screen.queryByText('Messaging opens soon')).toBeNull();
    fireEvent.click(request);
    await waitFor(() => expect(router.state.location.pathname).toBe('/post-job'));
  });

  it('lets a signed-in customer message the tradesperson, without naming a job', async () => {
    const profile = makeProfile();
    const { router, fetchMock } = openProfile(profile, makeUser(), undefined, {
      'POST /api/v1/conversations': () => ({
        status: 201,
        body: { conversation: makeConversation({ other: makePerson({ id: profile.id }) }) },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/conversation/${CONVERSATION_ID}`));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/conversations')!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: profile.id });
  });

  it('says Failed to start conversation when the server refuses', async () => {
    const profile = makeProfile();
    const { router } = openProfile(profile, makeUser(), undefined, {
      'POST /api/v1/conversations': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Conversation not found' } },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Error', 'Failed to start conversation'));
    expect(router.state.location.pathname).toBe(`/tradesperson/${profile.id}`);
  });

  it('lets a customer save the tradesperson', async () => {
    const profile = makeProfile();
    const { fetchMock } = openProfile(profile, makeUser(), undefined, {
      [`PUT /api/v1/saved-pros/${profile.id}`]: () => ({ status: 204 }),
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/saved-pros/${profile.id}`,
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
  });

  it('offers another tradesperson no quote request, Message or Save', async () => {
    openProfile(makeProfile(), makeUser({ userType: 'tradesperson' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Request Quote' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the tradesperson their own profile with a way to edit it', async () => {
    openProfile(makeProfile({ isOwnProfile: true }), makeUser({ userType: 'tradesperson' }));
    expect((await screen.findByRole('link', { name: 'Edit Profile' })).getAttribute('href')).toBe(
      '/edit-tradesperson-profile',
    );
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });
});

/** The element whose whole text is `text`, though its dates are <time> elements of their own. */
function textOf(text: string) {
  return screen.getByText(
    (_content, element) =>
      element?.tagName !== 'TIME' &&
      element?.textContent === text &&
      [...(element?.children ?? [])].every((child) => child.textContent !== text),
  );
}
