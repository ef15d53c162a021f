// @vitest-environment happy-dom
import { HOME_POPULAR_SERVICES } from '@domain/catalog/catalog';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCard } from '@/features/discovery/test-fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

const FEATURED = 'GET /api/v1/tradespeople/featured';

afterEach(resetBetweenTests);

describe('Customer home', () => {
  it('has Post a Job, the trust tiles and the Popular Services', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [] } }),
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ann' })).toBeTruthy();
    const header = within(screen.getByRole('heading', { level: 1 }).closest('header')!);
    expect(header.getByRole('link', { name: 'Post a Job' }).getAttribute('href')).toBe('/post-job');
    expect(header.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    for (const tile of ['Verified Pros', 'Fully Insured', 'Top Rated']) {
      expect(screen.getByRole('heading', { level: 3, name: tile })).toBeTruthy();
    }
    const services = within(
      screen.getByRole('heading', { name: 'Popular Services' }).closest('section')!,
    ).getAllByRole('link');
    expect(services.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      HOME_POPULAR_SERVICES.map((service) => [service, `/browse-services?service=${service}`]),
    );
  });

  it('searches with what needs doing and the postcode', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [] } }),
    });
    const { router } = renderApp('/home');
    fireEvent.change(await screen.findByLabelText('What do you need done?'), {
      target: { value: 'Boiler repair' },
    });
    fireEvent.change(screen.getByLabelText('Postcode'), { target: { value: 'LS1 4AP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/browse-services'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('service')).toBe('Boiler repair');
    expect(params.get('location')).toBe('LS1 4AP');
  });

  it('shows up to 3 featured professionals', async () => {
    const cards = [
      makeCard({ fullName: 'A One' }),
      makeCard({ fullName: 'B Two' }),
      makeCard({ fullName: 'C Three' }),
    ];
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: cards } }),
    });
    renderApp('/home');
    expect(await screen.findByRole('link', { name: 'C Three' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(queriesSentTo(fetchMock, '/api/v1/tradespeople/featured')[0]?.get('limit')).toBe('3');
  });

  it("says 'No tradespeople available yet' when there are none", async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [] } }),
    });
    renderApp('/home');
    expect(await screen.findByText('No tradespeople available yet')).toBeTruthy();
  });

  it('signs out to the landing page from its Sign Out button', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [] } }),
      'POST /api/v1/auth/sign-out': () => ({ status: 204 }),
    });
    const { router } = renderApp('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a visitor to / and a tradesperson to their dashboard', async () => {
    mockApi(sessionHandler(null));
    const visitor = renderApp('/home');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/'));
    cleanup();
    mockApi(sessionHandler(makeUser({ userType: 'tradesperson' })));
    const tradesperson = renderApp('/home');
    await waitFor(() => expect(tradesperson.router.state.location.pathname).toBe('/tradesperson-dashboard'));
  });
});
