// @vitest-environment happy-dom

import type { MyQuoteView } from '@domain/marketplace/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
