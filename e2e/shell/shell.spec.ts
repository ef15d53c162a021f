import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';

const PAGES = [
  '/',
  '/terms',
  '/privacy',
  '/browse-services',
  '/support',
  '/browse-location',
  '/no-such-page',
];

describeInBrowser('the web shell', (ctx) => {
  it('renders the landing page with its hero, search and How It Works', async () => {
    const page = await ctx.newPage();
    await page.goto('/');
    await expect.poll(() => page.locator('h1').count()).toBe(1);
    for (const text of [
      'Post Your Job',
      'Get Quotes',
      'Book & Pay Securely',
      'Review & Done',
      'Popular Categories',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }
    await page
      .getByLabel(/service/i)
      .first()
      .fill('Plumbing');
    await page
      .getByLabel(/postcode/i)
      .first()
      .fill('M1 1AE');
    await page
      .getByRole('button', { name: /search/i })
      .first()
      .click();
    await page.waitForURL(/\/browse-services\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('service')).toBe('Plumbing');
    expect(url.searchParams.get('location')).toBe('M1 1AE');
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    const page = await ctx.newPage();
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await page.getByRole('link', { name: /home/i }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
  });

  it('answers unknown API paths with a JSON 404, not the web app', async () => {
    const response = await fetch(`${ctx.baseUrl}/api/v1/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  for (const path of PAGES) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`has no serious accessibility violations on ${path} in ${colorScheme} mode on a phone`, async () => {
        const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        // Nothing may overflow a 360 px screen sideways.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  }
});
