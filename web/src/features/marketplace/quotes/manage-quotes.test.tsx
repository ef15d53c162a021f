// @vitest-environment happy-dom

import type { MyQuoteView } from '@domain/marketplace/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeOwnProfile } from '@/features/profiles/test-fixtures';
import { makeTradesperson, ONE_FIGURE_TERMS } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

const tradesperson = makeUser({ userType: 'tradesperson' });

let sequence = 0;
function myQuote(overrides: Partial<MyQuoteView> = {}): MyQuoteView {
  sequence += 1;
  const jobId = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id: `10000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    jobId,
    amount: 24999,
    message: 'I can fit a new washer and check the valve on Tuesday morning.',
    ...ONE_FIGURE_TERMS,
    status: 'pending',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    tradesperson: makeTradesperson(),
    job: {
      id: jobId,
      title: 'Fix the leaking tap',
      category: 'Plumbing',
      status: 'open',
      outcode: 'M1',
      budgetMin: null,
      budgetMax: null,
    },
    ...overrides,
  };
}

/** Radix Tabs switch on mousedown (and keyboard), not on click. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

function tabsRequested(fetchMock: ReturnType<typeof mockApi>): (string | null)[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/quotes/mine')
    .map((url) => url.searchParams.get('tab'));
}

afterEach(resetBetweenTests);

describe('Manage Quotes', () => {
  it('shows the tabs and a card with title, category, district, amount, status and message', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/quotes/mine': () => ({
        status: 200,
        body: {
          quotes: [myQuote(), myQuote({ status: 'withdrawn', job: { ...myQuote().job, title: 'Old job' } })],
        },
      }),
    });
    renderApp('/manage-quotes');
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'All',
      'Pending',
      'Accepted',
      'Rejected',
    ]);
    const [first, second] = await screen.findAllByRole('article');
    const card = within(first!);
    expect(card.getByRole('link', { name: 'Fix the leaking tap' })).toBeTruthy();
    expect(card.getByText('Plumbing')).toBeTruthy();
    expect(card.getByText('M1')).toBeTruthy();
    expect(card.getByText('£249.99')).toBeTruthy();
    expect(card.getByText('Pending')).toBeTruthy();
    expect(card.getByText('Sent Today')).toBeTruthy();
    expect(card.getByText(/new washer/)).toBeTruthy();
    expect(within(second!).getByText('Withdrawn')).toBeTruthy();
  });

  it('shows a page of quotes and the next one under it on Load more', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      // The handler sees no URL: the request it answers is the fetch just recorded.
      'GET /api/v1/quotes/mine': () => {
        const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
        const older = myQuote({ job: { ...myQuote().job, title: 'Older job' } });
        return url.searchParams.get('cursor') === 'page-2'
          ? { status: 200, body: { quotes: [older], nextCursor: null } }
          : { status: 200, body: { quotes: [myQuote()], nextCursor: 'page-2' } };
      },
    });
    renderApp('/manage-quotes');
    await screen.findByRole('link', { name: 'Fix the leaking tap' });
    expect(screen.getByText('1 quote shown, more to load')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Older job' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 quotes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/v1/quotes/mine')
        .map((url) => url.search),
    ).toEqual(['?tab=all', '?tab=all&cursor=page-2']);
  });

  it('asks the API for each tab', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/quotes/mine': () => ({ status: 200, body: { quotes: [myQuote()] } }),
    });
    const { router } = renderApp('/manage-quotes');
    await screen.findByRole('article');
    for (const [label, tab] of [
      ['Pending', 'pending'],
      ['Accepted', 'accepted'],
      ['Rejected', 'rejected'],
    ] as const) {
      openTab(label);
      await waitFor(() => expect(tabsRequested(fetchMock).at(-1)).toBe(tab));
      expect(screen.getByRole('tab', { name: label }).getAttribute('aria-selected')).toBe('true');
      expect(router.state.location.search).toBe(`?tab=${tab}`);
    }
    expect(tabsRequested(fetchMock)[0]).toBe('all');
  });

  it('shows an empty state per tab with a Find Jobs link to /browse', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/quotes/mine': () => ({ status: 200, body: { quotes: [] } }),
    });
    renderApp('/manage-quotes?tab=accepted');
    expect(await screen.findByText('No accepted quotes yet')).toBeTruthy();
    const panel = within(screen.getByRole('tabpanel'));
    expect(panel.getByRole('link', { name: 'Find Jobs' }).getAttribute('href')).toBe('/browse');
  });

  it('opens the job when a quote card is clicked', async () => {
    const quote = myQuote();
    mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/quotes/mine': () => ({ status: 200, body: { quotes: [quote] } }),
    });
    const { router } = renderApp('/manage-quotes');
    fireEvent.click(await screen.findByRole('link', { name: quote.job.title }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/job/${quote.jobId}`));
  });

  it('explains to a customer that quotes are sent by tradespeople, with a link home', async () => {
    const fetchMock = mockApi(sessionHandler(makeUser()));
    renderApp('/manage-quotes');
    expect(await screen.findByText(/Quotes are sent by tradespeople/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    expect(tabsRequested(fetchMock)).toHaveLength(0);
  });
});

describe('revising from Manage Quotes', () => {
  it('marks a revised or expired quote and revises a pending one in a dialog, keeping the rest of the list', async () => {
    const quote = myQuote({ revision: 2, expired: true, validUntil: '2020-01-31' });
    const fetchMock = mockApi({
      ...sessionHandler(tradesperson),
      'GET /api/v1/quotes/mine': () => ({ status: 200, body: { quotes: [quote] } }),
      'GET /api/v1/tradesperson/profile': () => ({ status: 200, body: { profile: makeOwnProfile() } }),
      [`PATCH /api/v1/quotes/${quote.id}`]: () => ({ status: 200, body: { quote } }),
    });
    renderApp('/manage-quotes');
    const [article] = await screen.findAllByRole('article');
    const card = within(article!);
    expect(card.getByText('Revised')).toBeTruthy();
    expect(card.getByText('Expired')).toBeTruthy();
    expect(card.getByText('Expired after 31 Jan 2020')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Revise quote for Fix the leaking tap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revise your quote' });
    expect((within(dialog).getByLabelText(/^Your price/) as HTMLInputElement).value).toBe('249.99');
    fireEvent.click(within(dialog).getByText('Validity, start date and exclusions (optional)'));
    fireEvent.change(within(dialog).getByLabelText(/^Valid until/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save revision' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ amount: '249.99', message: quote.message });
  });
});
