// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { makeOverview } from './test-fixtures';

// The charts measure their container; happy-dom lays nothing out, so they are given a width here.
vi.mock('@visx/responsive', () => ({
  ParentSize: ({ children }: { children: (size: { width: number; height: number }) => ReactNode }) =>
    children({ width: 320, height: 160 }),
}));

const admin = makeUser({ isAdmin: true, fullName: 'Ada Admin' });
const OVERVIEW = 'GET /api/v1/admin/overview';
const METRICS = 'GET /api/v1/admin/support/metrics';

afterEach(resetBetweenTests);

describe('the admin dashboard (/admin)', () => {
  it('shows the five live counts, each leading to its part of the console', async () => {
    mockApi({ ...sessionHandler(admin), [OVERVIEW]: () => ({ status: 200, body: makeOverview() }) });
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, { timeout: 5000 }),
    ).toBeTruthy();
    const counts = within(await screen.findByRole('region', { name: 'Counts' }));
    const tiles = counts.getAllByRole('link').map((link) => ({
      href: link.getAttribute('href'),
      count: link.querySelector('[data-count]')?.textContent,
      text: link.textContent,
    }));
    expect(tiles.map(({ href, count }) => [href, count])).toEqual([
      ['/admin/verifications', '3'],
      ['/admin/reviews', '2'],
      ['/admin/disputes', '1'],
      ['/admin/users', '1,234'],
      ['/admin/payments', '£1,234.50'],
    ]);
    expect(tiles[0]?.text).toContain('Pending verifications');
    expect(tiles[1]?.text).toContain('Reported reviews');
    expect(tiles[1]?.text).toContain('Waiting for a decision');
    expect(tiles[2]?.text).toContain('Open disputes');
    expect(tiles[4]?.text).toContain('Payments held');
    expect(tiles[4]?.text).toContain('In escrow on 4 payments');
    await waitFor(() => expect(document.title).toBe('Admin Dashboard — TradeNest'));
  });

  it('draws three weekly charts, each with its figures in a table for screen readers', async () => {
    mockApi({ ...sessionHandler(admin), [OVERVIEW]: () => ({ status: 200, body: makeOverview() }) });
    renderApp('/admin');
    const signUps = await screen.findByRole('region', { name: 'Sign-ups per week' }, { timeout: 5000 });
    expect(signUps.textContent).toContain('78 sign-ups in the last 12 weeks');
    const table = within(signUps).getByRole('table', { name: 'Sign-ups per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]?.textContent).toBe('Week of 7 September 20261');
    const paid = screen.getByRole('region', { name: 'Money paid per week' });
    expect(paid.textContent).toContain('£6,600.00 paid in the last 12 weeks');
    expect(screen.getByRole('region', { name: 'Jobs posted per week' })).toBeTruthy();
    // The charts (their own chunk) arrive: twelve bars each, hidden from assistive technology.
    await waitFor(() => expect(screen.getAllByTestId('weekly-chart')).toHaveLength(3));
    const chart = within(signUps).getByTestId('weekly-chart');
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
  });

  it('says when the counts cannot be loaded, and tries again', async () => {
    let calls = 0;
    mockApi({
      ...sessionHandler(admin),
      [OVERVIEW]: () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: 'Boom' } } }
          : { status: 200, body: makeOverview({ pendingVerifications: 7 }) };
      },
      [METRICS]: () => ({ status: 200, body: makeSupportMetrics() }),
    });
    renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    const link = await screen.findByRole('link', { name: /Pending verifications/ });
    expect(link.querySelector('[data-count]')?.textContent).toBe('7');
  });

  it('offers the console’s sections in its own navigation', async () => {
    mockApi({ ...sessionHandler(admin), [OVERVIEW]: () => ({ status: 200, body: makeOverview() }) });
    renderApp('/admin');
    const nav = within(await screen.findByRole('navigation', { name: 'Admin console' }, { timeout: 5000 }));
    expect(nav.getAllByRole('link').map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Verifications', '/admin/verifications'],
      ['Users', '/admin/users'],
      ['Payments', '/admin/payments'],
      ['Reviews', '/admin/reviews'],
      ['Disputes', '/admin/disputes'],
      ['Support', '/admin/support'],
    ]);
    expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the disputes queue inside the console', async () => {
    mockApi({
      ...sessionHandler(admin),
      'GET /api/v1/admin/disputes': () => ({ status: 200, body: { disputes: [] } }),
    });
    renderApp('/admin/disputes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute Management' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByText('No open disputes')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Admin console' }));
    expect(nav.getByRole('link', { name: 'Disputes' }).getAttribute('aria-current')).toBe('page');
  });

  it('charts support’s median first response and resolution time, with tables for screen readers', async () => {
    mockApi({
      ...sessionHandler(admin),
      [OVERVIEW]: () => ({ status: 200, body: makeOverview() }),
      [METRICS]: () => ({ status: 200, body: makeSupportMetrics() }),
    });
    const fetchMock = vi.mocked(fetch);
    renderApp('/admin');
    const first = await screen.findByRole(
      'region',
      { name: 'Median first response (minutes)' },
      { timeout: 5000 },
    );
    expect(first.textContent).toContain(
      '15 minutes in the latest week with a figure (Week of 23 November 2026)',
    );
    const rows = within(
      within(first).getByRole('table', { name: 'Median first response (minutes)' }),
    ).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]?.textContent).toBe('Week of 7 September 2026No conversations answered');
    expect(rows[2]?.textContent).toBe('Week of 14 September 20265 minutes');
    const resolution = screen.getByRole('region', { name: 'Median resolution time (hours)' });
    expect(within(resolution).getAllByRole('row')[12]?.textContent).toBe('Week of 23 November 20262.5 hours');
    await waitFor(() =>
      expect(within(resolution).getByTestId('weekly-chart').querySelectorAll('rect')).toHaveLength(12),
    );
    expect(
      fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/admin/support/metrics?weeks=12'),
    ).toBe(true);
  });

  it('says when the support times cannot be loaded, apart from the counts', async () => {
    mockApi({ ...sessionHandler(admin), [OVERVIEW]: () => ({ status: 200, body: makeOverview() }) });
    renderApp('/admin');
    expect(
      await screen.findByText('We could not load support response times.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Counts' })).toBeTruthy();
  });
});

function makeSupportMetrics() {
  return {
    weeks: Array.from({ length: 12 }, (_, i) => ({
      weekStart: new Date(Date.UTC(2026, 8, 7 + i * 7)).toISOString().slice(0, 10),
      opened: i,
      medianFirstResponseMinutes: i === 0 ? null : i === 11 ? 15 : i * 5,
      closed: i,
      medianResolutionHours: i === 0 ? null : i === 11 ? 2.5 : i,
    })),
  };
}
