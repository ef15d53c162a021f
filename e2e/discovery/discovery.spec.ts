import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';

// Finding a tradesperson as a visitor: the landing page's search, the results nearest first, a public
// profile, and Message sending a visitor to sign in. The server runs with the seeded demo data, which
// has a verified tradesperson of every trade in each of the 15 cities (Leeds included).

const pathOf = (page: Page) => new URL(page.url()).pathname;
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

describeInBrowser('finding tradespeople', (ctx) => {
  it('serves the landing page pre-rendered, so it reads before any script runs', async () => {
    const page = await ctx.newPage();
    const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Find a trusted local tradesperson');
    expect(html).toContain('Popular Categories');
    // With JavaScript off the visitor still sees the page and its search form.
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, baseURL: ctx.baseUrl });
    const still = await context.newPage();
    await still.goto('/');
    expect(await still.getByRole('heading', { level: 1 }).textContent()).toContain('Find a trusted');
    // Its search works as a plain form too, landing on the results page with the same parameters.
    await still.getByLabel('What service do you need?').fill('plumber');
    await still.getByLabel('Postcode').fill('LS1 4AP');
    await still.getByRole('button', { name: 'Search', exact: true }).click();
    await still.waitForURL((url) => url.pathname === '/browse-services');
    expect(new URL(still.url()).searchParams.get('location')).toBe('LS1 4AP');
    await context.close();
  });

  it("lets a visitor search 'plumber' near 'LS1 4AP', open a profile, and sends them to sign in on Message", async () => {
    const page = await ctx.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.getByLabel('What service do you need?').fill('plumber');
    await page.getByLabel('Postcode').fill('LS1 4AP');
    // Typed text survives the app taking over from the pre-rendered page.
    await page.waitForLoadState('networkidle');
    expect(await page.getByLabel('Postcode').inputValue()).toBe('LS1 4AP');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/browse-services');
    expect(new URL(page.url()).searchParams.get('service')).toBe('plumber');
    expect(new URL(page.url()).searchParams.get('location')).toBe('LS1 4AP');

    // The spec's 'N professional(s) found', in the right number now that the count is known.
    const count = page.getByRole('status').filter({ hasText: /professionals? found/ });
    await eventually(() => count.first().textContent()).toMatch(
      /^(1 professional|([2-9]|[1-9]\d+) professionals) found/,
    );
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    const firstCard = cards.first();
    expect(await firstCard.textContent()).toMatch(/Plumber|Gas Engineer|Heating Engineer/);
    expect(await firstCard.textContent()).toMatch(/miles? away/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await firstCard.getByRole('link').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/tradesperson/'));
    await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await eventually(() =>
      page
        .getByRole('heading', { name: /Reviews/ })
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Message' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
  });

  it('lets a visitor find a tradesperson’s reviews from /reviews, on a phone, with no serious accessibility problems', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto('/reviews');
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Reviews' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Trade or service' }).fill('plumber');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'plumber');
    const results = page.getByRole('list', { name: 'Tradespeople' });
    await results.getByRole('link').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await results.getByRole('link').first().click();
    await page.waitForURL((url) => url.searchParams.has('tradesperson'));
    await eventually(() => page.getByRole('heading', { level: 1, name: /^Reviews of / }).isVisible()).toBe(
      true,
    );
    // Loaded, not a skeleton.
    await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, '/reviews scrolls sideways').toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
