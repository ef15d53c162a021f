// @vitest-environment happy-dom
import type { AnalyticsView, SeriesPoint } from '@domain/analytics/api';
import type { AnalyticsPeriod } from '@domain/analytics/periods';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

// The chart measures its container; happy-dom lays nothing out, so it is given a width here.
vi.mock('@visx/responsive', () => ({
  ParentSize: ({ children }: { children: (size: { width: number; height: number }) => ReactNode }) =>
    children({ width: 640, height: 200 }),
}));

afterEach(resetBetweenTests);

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });
const ANALYTICS = 'GET /api/v1/analytics';

const point = (start: string, end: string, overrides: Partial<SeriesPoint> = {}): SeriesPoint => ({
  start,
  end,
  profileViews: 0,
  searchAppearances: 0,
  quotesSent: 0,
  quotesWon: 0,
  earningsPence: 0,
  reviewCount: 0,
  averageRating: null,
  ...overrides,
});

function view(period: AnalyticsPeriod, overrides: Partial<AnalyticsView> = {}): AnalyticsView {
  return {
    period,
    current: { start: '2026-02-14', end: '2026-03-16' },
    previous: { start: '2026-01-15', end: '2026-02-14' },
    figures: {
      profileViews: { current: 48, previous: 30 },
      searchAppearances: { current: 1_250, previous: 1_250 },
      quotesSent: { current: 4, previous: 1 },
      quotesWon: { current: 2, previous: 1 },
      quotesDecided: { current: 3, previous: 1 },
      winRate: { current: 2 / 3, previous: 1 },
      medianResponseMinutes: { current: 360, previous: 30 },
      areaMedianResponseMinutes: { current: 60, previous: 30 },
      jobsCompleted: { current: 2, previous: 1 },
      earningsPence: { current: 21_250, previous: 0 },
      averageRating: { current: 4, previous: 5 },
      reviewCount: { current: 1, previous: 1 },
      repeatCustomers: { current: 1, previous: 0 },
      completedWithoutReview: 1,
    },
    area: { quotes: { decided: 4, won: 1 }, fast: { decided: 3, won: 1 }, slow: { decided: 1, won: 0 } },
    series: [
      point('2026-03-01', '2026-03-02', { quotesSent: 3, quotesWon: 2, profileViews: 40 }),
      point('2026-03-02', '2026-03-03', { quotesSent: 1, earningsPence: 21_250, profileViews: 8 }),
      point('2026-03-03', '2026-03-04', { searchAppearances: 1_250, reviewCount: 1, averageRating: 4 }),
    ],
    suggestions: [
      {
        kind: 'ask_for_reviews',
        text: 'Ask the customers of your completed jobs for a review: reviews help new customers choose you.',
        basis: '1 job completed in the last 30 days has no review from the customer yet.',
      },
    ],
    ...overrides,
  };
}

function openAnalytics(path = '/tradesperson/analytics', body = view) {
  const fetchMock = mockApi({
    ...sessionHandler(tradesperson),
    [ANALYTICS]: () => {
      const url = String(fetchMock.mock.lastCall?.[0] ?? '');
      const period = (new URL(url, 'http://localhost').searchParams.get('period') ??
        '30d') as AnalyticsPeriod;
      return { status: 200, body: body(period) };
    },
  });
  const { router } = renderApp(path);
  return { fetchMock, router };
}

/** A figure card's value and the words under it, by its label. */
function figure(label: string) {
  const dd = screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  return { value: dd.querySelector('[data-figure]')?.textContent, text: dd.textContent ?? '' };
}

describe('the Analytics page (/tradesperson/analytics)', () => {
  it('shows each figure with its change in words, the suggestions and the charts', async () => {
    openAnalytics();
    await screen.findByText('Profile views', { selector: 'dt' });
    expect(figure('Profile views')).toEqual({ value: '48', text: '48↑ Up 60% on the previous 30 days' });
    expect(figure('Search appearances').text).toBe('1,250No change on the previous 30 days');
    expect(figure('Quote win rate')).toEqual({
      value: '67%',
      text: '67%↓ Down 33 points on the previous 30 days2 won of 3 decided quotes',
    });
    expect(figure('Median time to quote').text).toBe(
      "6 h↑ Slower than 30 min in the previous 30 daysYour area's first quotes: 1 h",
    );
    expect(figure('Earnings released').text).toBe(
      '£212.50↑ Up from none in the previous 30 daysAfter the 15% fee',
    );
    expect(figure('Average rating').text).toBe('4.0↓ Down from 5.0 in the previous 30 daysFrom 1 review');
    expect(figure('Repeat customers').value).toBe('1');
    expect(screen.getByText('14 Feb 2026 to 15 Mar 2026, against the 30 days before')).toBeTruthy();
    const suggestions = within(screen.getByRole('region', { name: 'Suggestions' }));
    expect(
      suggestions.getByText('1 job completed in the last 30 days has no review from the customer yet.'),
    ).toBeTruthy();

    const quotes = within(await screen.findByRole('region', { name: 'Quotes sent and won' }));
    expect(
      quotes.getByText(
        '4 quotes sent in the last 30 days, 2 won; the darker part of each bar is the quotes won.',
      ),
    ).toBeTruthy();
    await quotes.findByTestId('analytics-chart');
    const views = within(screen.getByRole('region', { name: 'Profile views' }));
    expect(views.getByText('48 views in the last 30 days, the most on 1 Mar 2026 (40 views).')).toBeTruthy();
    await waitFor(async () => expect(await seriousAxeViolations()).toEqual([]));
  });

  it('opens a chart as a table', async () => {
    openAnalytics();
    const quotes = within(await screen.findByRole('region', { name: 'Quotes sent and won' }));
    const toggle = quotes.getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toBe('Hide table');
    const table = within(quotes.getByRole('table', { name: 'Quotes sent and won' }));
    const rows = table.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['DatesSentWon', '1 Mar 202632', '2 Mar 202610', '3 Mar 202600']);
    const earnings = within(screen.getByRole('region', { name: 'Earnings released' }));
    fireEvent.click(earnings.getByRole('button', { name: 'Show as table' }));
    expect(earnings.getByRole('row', { name: '2 Mar 2026 £212.50' })).toBeTruthy();
  });

  it('keeps the period in the URL and asks for it', async () => {
    const { fetchMock, router } = openAnalytics('/tradesperson/analytics?period=90d');
    const picker = within(await screen.findByRole('group', { name: 'Period' }));
    expect(picker.getByRole('button', { name: '90 days' }).getAttribute('aria-pressed')).toBe('true');
    await screen.findByText('Profile views', { selector: 'dt' });
    expect(figure('Profile views').text).toContain('on the previous 90 days');
    fireEvent.click(picker.getByRole('button', { name: '12 months' }));
    await waitFor(() => expect(figure('Profile views').text).toContain('on the previous 12 months'));
    expect(router.state.location.search).toBe('?period=12m');
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/analytics'));
    expect(asked.map((url) => new URL(url, 'http://localhost').search)).toEqual([
      '?period=90d',
      '?period=12m',
    ]);
  });

  it('says what to do to get the first figures', async () => {
    const empty = (period: AnalyticsPeriod) => {
      const base = view(period);
      const zero = { current: 0, previous: 0 };
      const none = { current: null, previous: null };
      return view(period, {
        figures: {
          ...base.figures,
          profileViews: zero,
          searchAppearances: zero,
          quotesSent: zero,
          quotesWon: zero,
          quotesDecided: zero,
          winRate: none,
          medianResponseMinutes: none,
          areaMedianResponseMinutes: none,
          earningsPence: zero,
          averageRating: none,
          reviewCount: zero,
          completedWithoutReview: 0,
        },
        area: null,
        series: [point('2026-03-01', '2026-03-02')],
        suggestions: [],
      });
    };
    openAnalytics('/tradesperson/analytics', empty);
    const quotes = within(await screen.findByRole('region', { name: 'Quotes sent and won' }));
    expect(quotes.getByText('No quotes sent in the last 30 days.')).toBeTruthy();
    expect(
      quotes.getByRole('link', { name: 'Send your first quote from Find Jobs' }).getAttribute('href'),
    ).toBe('/browse');
    expect(figure('Quote win rate')).toEqual({
      value: '—',
      text: '—None in the previous 30 days0 won of 0 decided quotes',
    });
    expect(
      screen.getByText(
        "No suggestions for this period: they appear when your figures and your area's have enough behind them.",
      ),
    ).toBeTruthy();
    expect(screen.queryByTestId('analytics-chart')).toBeNull();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('focuses the chart a link names', async () => {
    openAnalytics('/tradesperson/analytics#earnings');
    const earnings = await screen.findByRole('region', { name: 'Earnings released' });
    await waitFor(() => expect(document.activeElement).toBe(earnings));
  });

  it('shows the failure with a retry', async () => {
    mockApi({
      ...sessionHandler(tradesperson),
      [ANALYTICS]: () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong' } },
      }),
    });
    renderApp('/tradesperson/analytics');
    expect(await screen.findByRole('button', { name: /try again/i }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('the analytics chart', () => {
  it('draws a bar per point, with the part over it', async () => {
    const { default: AnalyticsChart } = await import('./analytics-chart');
    const { container } = render(
      <AnalyticsChart
        formatValue={String}
        points={[
          { key: 'a', label: '1 Mar', title: '1 Mar 2026: 3 quotes, 2 won', value: 3, part: 2 },
          { key: 'b', label: '2 Mar', title: '2 Mar 2026: 1 quote, 0 won', value: 1, part: 0 },
        ]}
      />,
    );
    expect([...container.querySelectorAll('title')].map((t) => t.textContent)).toEqual([
      '1 Mar 2026: 3 quotes, 2 won',
      '2 Mar 2026: 1 quote, 0 won',
    ]);
    expect(container.querySelectorAll('rect')).toHaveLength(4);
  });
});
