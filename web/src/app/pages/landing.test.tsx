// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImmediateIntersectionObserver, makeCard } from '@/features/discovery/test-fixtures';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

const FEATURED = 'GET /api/v1/tradespeople/featured';
const VISITOR = 'GET /api/v1/geo/visitor';

afterEach(resetBetweenTests);

const featuredHeading = () => screen.queryByRole('heading', { level: 2, name: 'Featured Professionals' });

describe('the landing page', () => {
  it('shows up to 6 featured professionals once the reader comes near them', async () => {
    vi.stubGlobal('IntersectionObserver', ImmediateIntersectionObserver);
    const cards = Array.from({ length: 6 }, (_, i) => makeCard({ fullName: `Pro ${i + 1}` }));
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: cards } }),
    });
    renderApp('/');
    // The section's chunk is imported on demand: the first import in a run takes a moment.
    const heading = await screen.findByRole('heading', { name: 'Featured Professionals' }, { timeout: 5000 });
    const section = heading.closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(6));
    expect(within(section).getByRole('link', { name: 'Pro 1' }).getAttribute('href')).toBe(
      `/tradesperson/${cards[0]!.id}`,
    );
    expect(queriesSentTo(fetchMock, '/api/v1/tradespeople/featured')[0]?.get('limit')).toBe('6');
  });

  it('loads nothing of the section until the reader scrolls near it', async () => {
    // An observer that records what it watches and never reports: the section stays far from view.
    const watched: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          watched.push(element);
        }
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      },
    );
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [makeCard(), makeCard()] } }),
    });
    renderApp('/');
    // The section waits on the observer rather than loading at once.
    await waitFor(() => expect(watched.length).toBeGreaterThan(0));
    expect(featuredHeading()).toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(queriesSentTo(fetchMock, '/api/v1/tradespeople/featured')).toHaveLength(0);
  });

  it('leaves the section out, silently, when the list cannot be loaded', async () => {
    vi.stubGlobal('IntersectionObserver', ImmediateIntersectionObserver);
    mockApi({
      ...sessionHandler(null),
      [FEATURED]: () => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Featured Professionals' }, { timeout: 5000 });
    await waitFor(() => expect(featuredHeading()).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Ready to get your job done?' })).toBeTruthy();
  });

  it('leaves the section out when there are no featured professionals', async () => {
    vi.stubGlobal('IntersectionObserver', ImmediateIntersectionObserver);
    mockApi({
      ...sessionHandler(null),
      [FEATURED]: () => ({ status: 200, body: { tradespeople: [] } }),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Featured Professionals' }, { timeout: 5000 });
    await waitFor(() => expect(featuredHeading()).toBeNull());
  });

  it('makes only the escrow claims the server keeps: 7 days held, released, refunds by our team', async () => {
    mockApi(sessionHandler(null));
    renderApp('/');
    const how = await screen.findByRole('region', { name: 'How It Works' }, { timeout: 5000 });
    expect(how.textContent).toContain('pay when the work is done. We hold the money in escrow for 7 days.');
    expect(how.textContent).toContain('Release the money when you are happy, or we release it after 7 days.');
    const trust = screen.getByRole('region', { name: 'Why homeowners trust TradeNest' });
    expect(trust.textContent).toContain('We hold the money for 7 days, and our team can refund it');
    expect(document.body.textContent).not.toMatch(/dispute|milestone/i);
  });

  it("names the visitor's town and offers their postcode district", async () => {
    mockApi({
      ...sessionHandler(null),
      [VISITOR]: () => ({ status: 200, body: { city: 'Leeds', district: 'LS1' } }),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find a trusted local tradesperson in Leeds' }),
    ).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Postcode') as HTMLInputElement).value).toBe('LS1'));
  });

  it("says 'your area' when the lookup knows nothing or fails", async () => {
    mockApi({
      ...sessionHandler(null),
      [VISITOR]: () => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }),
    });
    renderApp('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Find a trusted local tradesperson in your area',
      }),
    ).toBeTruthy();
    expect((screen.getByLabelText('Postcode') as HTMLInputElement).value).toBe('');
  });

  it('never overwrites a postcode the visitor has already typed', async () => {
    let answer: (reply: { status: number; body?: unknown }) => void = () => {};
    const fetchMock = mockApi({
      ...sessionHandler(null),
      [VISITOR]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/');
    const postcode = (await screen.findByLabelText('Postcode')) as HTMLInputElement;
    await waitFor(() => expect(queriesSentTo(fetchMock, '/api/v1/geo/visitor')).toHaveLength(1));
    fireEvent.change(postcode, { target: { value: 'M1 1AE' } });
    answer({ status: 200, body: { city: 'Leeds', district: 'LS1' } });
    await screen.findByRole('heading', { level: 1, name: 'Find a trusted local tradesperson in Leeds' });
    expect(postcode.value).toBe('M1 1AE');
  });
});
