import type { Page, Route } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, pathOf, signUpThroughApi } from '../harness/journeys';
import { holdBack } from '../harness/network';

// Browse Services' code, a chunk of its own that /terms has not loaded.
const BROWSE_CODE = /\/assets\/browse-services-[\w-]+\.js$/;
// What the browser logs for a download the test makes fail on purpose.
const FAILED_DOWNLOAD = /Failed to load resource|Failed to fetch dynamically imported module/;

const heading = (page: Page) => page.locator('#main h1').first();
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Counts the page's loads from now on (the first visit, a reload). */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count += 1;
  });
  return loads;
}

describeInBrowser('moving around the app', (ctx) => {
  it('keeps the header and navigation when the server stops mid-session, and Retry works once it is back', async () => {
    const page = await ctx.newPage({ expectedConsoleErrors: FAILED_DOWNLOAD });
    await page.goto('/terms');
    await heading(page).waitFor();

    // The server stops: every request to it fails, as with a refused connection.
    const stopped = (route: Route) => route.abort('connectionrefused');
    await page.route('**/*', stopped);
    await mainNav(page).getByRole('link', { name: 'Find Trades' }).click();

    await eventually(() => heading(page).textContent()).toBe('You’re offline');
    expect(await page.getByText('TradeNest can’t reach the server.', { exact: false }).isVisible()).toBe(
      true,
    );
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await page.locator('header').getByRole('link', { name: 'TradeNest' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Still down: it says so, and the app stays.
    await page.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => page.getByRole('status').filter({ hasText: 'Still offline' }).isVisible()).toBe(
      true,
    );

    // Back: Retry brings the page.
    await page.unroute('**/*', stopped);
    await page.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => heading(page).textContent()).toBe('Browse Services');
    expect(pathOf(page)).toBe('/browse-services');
    expect(await mainNav(page).isVisible()).toBe(true);
  });

  it('keeps a signed-in phone’s tab bar when the server stops, and Retry works once it is back', async () => {
    const page = await ctx.newPage({
      viewport: { width: 360, height: 740 },
      expectedConsoleErrors: FAILED_DOWNLOAD,
    });
    await signUpThroughApi(page, { fullName: 'Olive Offline' });
    await page.goto('/home');
    await heading(page).waitFor();
    const tabBar = page.getByRole('navigation', { name: 'App' });
    await tabBar.waitFor();

    const stopped = (route: Route) => route.abort('connectionrefused');
    await page.route('**/*', stopped);
    await tabBar.getByRole('link', { name: 'Jobs' }).click();
    await eventually(() => heading(page).textContent()).toBe('You’re offline');
    expect(await tabBar.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.unroute('**/*', stopped);
    await page.getByRole('button', { name: 'Retry' }).click();
    await eventually(() => heading(page).textContent()).toBe('My Jobs');
    expect(await tabBar.isVisible()).toBe(true);
  });

  it('reloads once to get a new deploy’s code when the old file names are gone', async () => {
    const page = await ctx.newPage({ expectedConsoleErrors: FAILED_DOWNLOAD });
    await page.goto('/terms');
    await heading(page).waitFor();
    const loads = countLoads(page);
    // The old build's chunk is gone (404); the page that loads afresh names the files now served.
    await page.route(BROWSE_CODE, (route) =>
      loads.count === 0 ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
    );
    await mainNav(page).getByRole('link', { name: 'Find Trades' }).click();

    await eventually(() => heading(page).textContent()).toBe('Browse Services');
    expect(pathOf(page)).toBe('/browse-services');
    expect(loads.count).toBe(1);
  });

  it('reloads at most once when the new code is missing too, then shows the error with Retry', async () => {
    const page = await ctx.newPage({ expectedConsoleErrors: FAILED_DOWNLOAD });
    await page.goto('/terms');
    await heading(page).waitFor();
    const loads = countLoads(page);
    await page.route(BROWSE_CODE, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await mainNav(page).getByRole('link', { name: 'Find Trades' }).click();

    await eventually(() => heading(page).textContent()).toBe('Unexpected Application Error!');
    expect(loads.count).toBe(1);
    expect(pathOf(page)).toBe('/browse-services');
    expect(await mainNav(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows progress on a slow link, then names the new page and puts focus on its heading', async () => {
    const page = await ctx.newPage();
    await page.goto('/terms');
    await heading(page).waitFor();
    expect(await page.title()).toBe('Terms of Service — TradeNest');

    // A slow connection: the next page's code and the API's answers take their time.
    const releaseCode = await holdBack(page, BROWSE_CODE);
    const releaseApi = await holdBack(page, (url) => url.pathname.startsWith('/api/'));
    await mainNav(page).getByRole('link', { name: 'Find Trades' }).click();

    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    await bar.waitFor();
    // The old page stays up meanwhile.
    expect(await heading(page).textContent()).toBe('Terms of Service');
    releaseCode();
    releaseApi();

    await eventually(() => heading(page).textContent()).toBe('Browse Services');
    await bar.waitFor({ state: 'detached' });
    await eventually(() =>
      page.evaluate(() => document.activeElement === document.querySelector('#main h1')),
    ).toBe(true);
    expect(await page.title()).toBe('Browse Services — TradeNest');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
