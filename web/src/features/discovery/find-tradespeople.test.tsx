// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';
import { makeCard, searchPage } from './test-fixtures';

const SEARCH = '/api/v1/tradespeople';

afterEach(resetBetweenTests);

describe('Find Tradespeople (/browse for customers and visitors)', () => {
  it('lists verified tradespeople with the count line in the spec words', async () => {
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({
        status: 200,
        body: searchPage([makeCard(), makeCard({ fullName: 'Sue Sparks' })], { total: 12 }),
      }),
    });
    renderApp('/browse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find Tradespeople' })).toBeTruthy();
    const count = await screen.findByText('12 professionals found');
    expect(count.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('is the same screen for a signed-in customer, who never sees the open jobs', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([makeCard()]) }),
    });
    renderApp('/browse');
    expect(await screen.findByText('1 professional found')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find Tradespeople');
    expect(queriesSentTo(fetchMock, '/api/v1/jobs/open')).toHaveLength(0);
  });

  it('sends the chosen chip as the filter and marks only that chip pressed', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([makeCard()]) }),
    });
    const { router } = renderApp('/browse');
    const chips = within(await screen.findByRole('group', { name: 'Filter professionals' }));
    expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Verified',
      'Top Rated',
      'Nearby',
    ]);
    await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('filter')).toBe('all'));

    for (const [label, value] of [
      ['Verified', 'verified'],
      ['Top Rated', 'top-rated'],
      ['Nearby', 'nearby'],
      ['All', 'all'],
    ] as const) {
      fireEvent.click(chips.getByRole('button', { name: label }));
      await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('filter')).toBe(value));
      for (const other of ['All', 'Verified', 'Top Rated', 'Nearby']) {
        expect(chips.getByRole('button', { name: other }).getAttribute('aria-pressed')).toBe(
          String(other === label),
        );
      }
      // The chip lives in the URL, so Back and a shared link keep it.
      expect(new URLSearchParams(router.state.location.search).get('filter')).toBe(
        value === 'all' ? null : value,
      );
    }
  });

  it('reads ?category=, ?location= and ?service= from the URL and clears each with its chip', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([makeCard()]) }),
    });
    renderApp('/browse?category=plumbing&location=Leeds&service=boiler');
    await screen.findByText('1 professional found');
    const request = queriesSentTo(fetchMock, SEARCH).at(-1);
    expect(request?.get('category')).toBe('plumbing');
    expect(request?.get('location')).toBe('Leeds');
    expect(request?.get('service')).toBe('boiler');

    fireEvent.click(screen.getByRole('button', { name: 'Clear category Plumbing' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.has('category')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Clear location Leeds' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.has('location')).toBe(false));
    expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('service')).toBe('boiler');
  });

  it('searches the place typed in the location box', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({
        status: 200,
        body: searchPage([makeCard({ distanceMiles: 1.26 })], {
          location: { label: 'LS1, Leeds', lat: 53.8, lng: -1.55 },
        }),
      }),
    });
    renderApp('/browse');
    fireEvent.change(await screen.findByLabelText('Town, city or postcode'), { target: { value: ' LS1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('location')).toBe('LS1'));
    expect(await screen.findByText('· nearest to LS1, Leeds first')).toBeTruthy();
    expect(screen.getByText('· 1.3 miles away')).toBeTruthy();
  });

  it("says 'No professionals found' when nothing matches", async () => {
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([]) }),
    });
    renderApp('/browse?filter=top-rated');
    expect(await screen.findByText('No professionals found')).toBeTruthy();
    expect(screen.getByText('0 professionals found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all professionals' })).toBeTruthy();
  });

  it('asks for a postcode when Nearby has no place to measure from', async () => {
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([], { location: null }) }),
    });
    renderApp('/browse?filter=nearby');
    expect(await screen.findByText('No professionals found')).toBeTruthy();
    expect(screen.getByText('Enter a postcode or town above to see professionals near you.')).toBeTruthy();
  });

  it("shows the server's words for a place it cannot find, with a way to clear it", async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () =>
        queriesSentTo(fetchMock, SEARCH).at(-1)?.get('location') === 'Atlantis'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_error',
                  message: 'We could not find that place. Try a town, a city or a postcode.',
                },
              },
            }
          : { status: 200, body: searchPage([makeCard()]) },
    });
    renderApp('/browse?location=Atlantis');
    expect(
      await screen.findByText('We could not find that place. Try a town, a city or a postcode.'),
    ).toBeTruthy();
    // A refused place is an answer: it is not asked again.
    expect(queriesSentTo(fetchMock, SEARCH)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(await screen.findByText('1 professional found')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong.' } } }
          : { status: 200, body: searchPage([makeCard()]) },
    });
    renderApp('/browse');
    // A server error is retried once (after a second) before the screen gives up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 professional found')).toBeTruthy();
  });

  it('loads the next page and appends it', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => {
        const page = queriesSentTo(fetchMock, SEARCH).at(-1)?.get('page');
        return page === '2'
          ? {
              status: 200,
              body: searchPage([makeCard({ fullName: 'Second Page' })], { total: 21, page: 2 }),
            }
          : { status: 200, body: searchPage([makeCard({ fullName: 'First Page' })], { total: 21 }) };
      },
    });
    renderApp('/browse');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Second Page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'First Page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(queriesSentTo(fetchMock, SEARCH).map((params) => params.get('page'))).toEqual(['1', '2']);
  });

  it("says '1,000+' near a busy place and loads more while pages come back full", async () => {
    // The first answer is numbered page 50 (rows 981-1,000), so the count alone offers no more: only a
    // capped count with a full page may, and the short page 51 after it ends the list.
    const full = (page: number) =>
      Array.from({ length: 20 }, (_, i) => makeCard({ fullName: `Pro ${page}-${i}` }));
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => {
        const page = Number(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('page'));
        const cards = page === 1 ? full(1) : [makeCard({ fullName: 'Last One' })];
        return {
          status: 200,
          body: searchPage(cards, { total: 1000, totalCapped: true, page: page === 1 ? 50 : 51 }),
        };
      },
    });
    renderApp('/browse?location=SW1A');
    expect(await screen.findByText('1,000+ professionals found')).toBeTruthy();
    expect(screen.getByText('Showing 20 of 1,000+ professionals')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Last One' })).toBeTruthy();
    // A page short of full is the last.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('opens the tradesperson profile from a card', async () => {
    const card = makeCard({ fullName: 'Tom Pipes' });
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([card]) }),
    });
    const { router } = renderApp('/browse');
    fireEvent.click(await screen.findByRole('link', { name: 'Tom Pipes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tradesperson/${card.id}`));
  });
});
