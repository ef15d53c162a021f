import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually } from '../harness/journeys';

// The demo tradesperson's analytics (docs/api/analytics.md): the figures of the last 30 days, then of
// 12 months (kept in the URL), the earnings chart drawn from the seeded released payments, and its
// table behind "Show as table"; from the dashboard, a stat card leads to its chart.

describeInBrowser('analytics', (ctx) => {
  it('shows the figures, switches period, and opens a chart as a table, on a phone in dark mode', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
    const signIn = await page.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
    expect(signIn.status()).toBe(200);
    await page.goto('/tradesperson/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const figures = page.getByRole('region', { name: 'Your figures' });
    await figures.getByText('Quotes sent', { exact: true }).waitFor();
    for (const label of ['Profile views', 'Search appearances', 'Quote win rate', 'Earnings released'])
      expect(await figures.getByText(label, { exact: true }).isVisible()).toBe(true);
    expect(
      await figures.getByText(/on the previous 30 days|in the previous 30 days/).count(),
    ).toBeGreaterThan(0);

    const period = page.getByRole('group', { name: 'Period' });
    await period.getByRole('button', { name: '12 months' }).click();
    await eventually(async () => new URL(page.url()).search).toBe('?period=12m');
    await eventually(() => figures.getByText(/previous 12 months/).count()).toBeGreaterThan(0);
    expect(await period.getByRole('button', { name: '12 months' }).getAttribute('aria-pressed')).toBe('true');

    // The seeded payments were released over the last months: 12 monthly bars, and their table.
    const earnings = page.getByRole('region', { name: 'Earnings released' });
    await eventually(() => earnings.locator('svg rect.fill-primary').count()).toBe(12);
    expect(await earnings.getByRole('table').isVisible()).toBe(false);
    await earnings.getByRole('button', { name: 'Show as table' }).click();
    const table = earnings.getByRole('table', { name: 'Earnings released' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(13);
    expect(await earnings.getByRole('button', { name: 'Hide table' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('leads from a dashboard stat card to its chart, focused', async () => {
    const page = await ctx.newPage();
    const signIn = await page.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
    expect(signIn.status()).toBe(200);
    await page.goto('/tradesperson-dashboard');
    await page.getByRole('link', { name: 'See chart: Total Earnings' }).click();
    await eventually(async () => new URL(page.url()).hash).toBe('#earnings');
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('earnings');
  });
});
