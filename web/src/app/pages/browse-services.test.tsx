// @vitest-environment happy-dom
import { BROWSE_CATEGORY_IDS } from '@domain/catalog/catalog';
import { BROWSE_CATEGORIES } from '@domain/discovery/services';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCard, searchPage } from '@/features/discovery/test-fixtures';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

const SEARCH = '/api/v1/tradespeople';

afterEach(resetBetweenTests);

function categoryLinks() {
  const section = screen.getByRole('heading', { name: 'Browse by category' }).closest('section')!;
  return within(section as HTMLElement)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('href')?.startsWith('/browse?'));
}

describe('Browse Services', () => {
  it('shows the 10 categories, each opening the Find screen for it, and no results without a search', async () => {
    const fetchMock = mockApi(sessionHandler(null));
    renderApp('/browse-services');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Services' })).toBeTruthy();
    expect(categoryLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      BROWSE_CATEGORY_IDS.map((id) => [BROWSE_CATEGORIES[id].label, `/browse?category=${id}`]),
    );
    expect(queriesSentTo(fetchMock, SEARCH)).toHaveLength(0);
  });

  it('lists the professionals for ?service and ?location under a heading that says what was searched', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([makeCard({ fullName: 'Tom Pipes' })]) }),
    });
    renderApp('/browse-services?service=Plumbing&location=LS1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Results for “Plumbing” near LS1' }),
    ).toBeTruthy();
    expect(await screen.findByText('1 professional found')).toBeTruthy();
    // Cards sit one level under the results heading; the verified mark is part of the name.
    expect(screen.getByRole('heading', { level: 3, name: 'Tom Pipes Verified' })).toBeTruthy();
    const request = queriesSentTo(fetchMock, SEARCH).at(-1);
    expect(request?.get('service')).toBe('Plumbing');
    expect(request?.get('location')).toBe('LS1');
    // The search box shows what the results are for.
    expect((screen.getByLabelText('What service do you need?') as HTMLInputElement).value).toBe('Plumbing');
    expect((screen.getByLabelText('Postcode') as HTMLInputElement).value).toBe('LS1');
    expect(categoryLinks()).toHaveLength(10);
  });

  it("says 'No professionals found' for a service nobody offers", async () => {
    mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([]) }),
    });
    renderApp('/browse-services?service=Auto');
    expect(await screen.findByText('No professionals found')).toBeTruthy();
    expect(screen.getByText('0 professionals found')).toBeTruthy();
  });

  it('searches again from its own search box', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [`GET ${SEARCH}`]: () => ({ status: 200, body: searchPage([makeCard()]) }),
    });
    renderApp('/browse-services');
    fireEvent.change(await screen.findByLabelText('What service do you need?'), {
      target: { value: 'Electrician' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “Electrician”' })).toBeTruthy();
    await waitFor(() => expect(queriesSentTo(fetchMock, SEARCH).at(-1)?.get('service')).toBe('Electrician'));
  });
});
