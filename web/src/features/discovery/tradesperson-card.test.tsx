// @vitest-environment happy-dom
import type { TradespersonCard as TradespersonCardView } from '@domain/discovery/api';
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/features/accounts';
import { showError } from '@/lib/toast';
import { makeUser, mockApi, resetBetweenTests, sessionHandler } from '@/test/render';
import { useFeaturedTradespeople } from './api';
import { makeCard } from './test-fixtures';
import { TradespersonCard } from './tradesperson-card';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

/** The card as a list shows it: read from the featured query, so saving changes what it renders. */
function FeaturedCards() {
  const featured = useFeaturedTradespeople(6);
  return (
    <ul>
      {featured.data?.map((card) => (
        <li key={card.id}>
          <TradespersonCard tradesperson={card} />
        </li>
      ))}
    </ul>
  );
}

function renderCards(
  cards: TradespersonCardView[],
  user: SessionUser | null,
  handlers: Parameters<typeof mockApi>[0] = {},
) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    'GET /api/v1/tradespeople/featured': () => ({ status: 200, body: { tradespeople: cards } }),
    ...handlers,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <FeaturedCards /> },
      { path: '/auth', element: <h1>Log In</h1> },
      { path: '/tradesperson/:id', element: <h1>Profile</h1> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, fetchMock };
}

describe('a tradesperson card', () => {
  it('shows name, trade, location, real rating, verified mark, rate and 3 specialties', async () => {
    const card = makeCard({
      fullName: 'Tom Pipes',
      trade: 'Plumber',
      location: 'Leeds',
      rating: 4.7,
      reviewCount: 12,
      hourlyRateMin: 25,
      hourlyRateMax: 45,
      specialties: ['Boilers', 'Leaks', 'Bathrooms', 'Radiators'],
      distanceMiles: 3.24,
    });
    renderCards([card], null);
    const article = within((await screen.findByRole('article')) as HTMLElement);
    expect(article.getByRole('link', { name: 'Tom Pipes' }).getAttribute('href')).toBe(
      `/tradesperson/${card.id}`,
    );
    expect(article.getByText('Plumber')).toBeTruthy();
    expect(article.getByText('Leeds')).toBeTruthy();
    expect(article.getByText('· 3.2 miles away')).toBeTruthy();
    expect(article.getByRole('img', { name: 'Rated 4.7 out of 5 from 12 reviews' })).toBeTruthy();
    expect(article.getByText('Verified')).toBeTruthy();
    expect(article.getByText('£25-45')).toBeTruthy();
    const specialties = within(article.getByRole('list', { name: 'Specialties' })).getAllByRole('listitem');
    expect(specialties.map((item) => item.textContent)).toEqual(['Boilers', 'Leaks', 'Bathrooms']);

    const avatar = article.getByRole('img', { name: 'Avatar of Tom Pipes' });
    expect(avatar.getAttribute('src')).toBe(card.avatarUrl);
    expect(avatar.getAttribute('width')).toBe('56');
    expect(avatar.getAttribute('height')).toBe('56');
  });

  it("says 'Rate on request' and 'New on TradeNest' without reviews, and no distance without a search place", async () => {
    renderCards(
      [makeCard({ hourlyRateMin: null, hourlyRateMax: null, rating: 0, reviewCount: 0, verified: false })],
      null,
    );
    const article = within((await screen.findByRole('article')) as HTMLElement);
    expect(article.getByText('Rate on request')).toBeTruthy();
    expect(article.queryByText('per hour')).toBeNull();
    expect(article.getByRole('img', { name: REVIEW_MESSAGES.newOnTradeNest })).toBeTruthy();
    expect(article.getByText(REVIEW_MESSAGES.newOnTradeNest)).toBeTruthy();
    expect(article.queryByText('0.0')).toBeNull();
    expect(article.queryByText('Verified')).toBeNull();
    expect(article.queryByText(/miles away/)).toBeNull();
  });

  it('sends a visitor who taps Save to /auth', async () => {
    const { router } = renderCards([makeCard({ fullName: 'Tom Pipes' })], null);
    fireEvent.click(await screen.findByRole('link', { name: 'Save Tom Pipes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows no Save heart to a tradesperson', async () => {
    renderCards([makeCard({ fullName: 'Tom Pipes' })], makeUser({ userType: 'tradesperson' }));
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Save Tom Pipes' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Save Tom Pipes' })).toBeNull();
  });

  it('saves at once for a customer and keeps it when the server agrees', async () => {
    const card = makeCard({ fullName: 'Tom Pipes' });
    const { fetchMock } = renderCards([card], makeUser(), {
      [`PUT /api/v1/saved-pros/${card.id}`]: () => ({ status: 204 }),
    });
    const heart = await screen.findByRole('button', { name: 'Save Tom Pipes' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Tom Pipes' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/v1/saved-pros/${card.id}`,
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Save Tom Pipes' }).getAttribute('aria-pressed')).toBe('true');
    expect(showError).not.toHaveBeenCalled();
  });

  it('puts the heart back and says so when saving fails', async () => {
    const card = makeCard({ fullName: 'Tom Pipes', saved: true });
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    renderCards([card], makeUser(), {
      [`DELETE /api/v1/saved-pros/${card.id}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Save Tom Pipes' }));
    // Unsaved at once, before the server has answered.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Tom Pipes' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    answer({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Tom Pipes' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(showError).toHaveBeenCalledWith('Error', 'Failed to remove this saved professional');
  });
});
