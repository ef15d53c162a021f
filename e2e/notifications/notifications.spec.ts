import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../support/browser';
import { eventually, pathOf, signUpCustomer } from '../support/journeys';

const overflow = (page: { evaluate: <T>(fn: () => T) => Promise<T> }) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeInBrowser('notifications', (ctx) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reaches the notifications page from the bell on a phone (${colorScheme})`, async () => {
      const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
      await signUpCustomer(page);
      const bell = page.getByRole('link', { name: /^Notifications/ });
      await eventually(() => bell.isVisible()).toBe(true);
      await bell.click();
      await page.waitForURL((url) => url.pathname === '/notifications');
      await eventually(() => page.getByRole('heading', { name: 'No notifications yet' }).isVisible()).toBe(
        true,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(pathOf(page)).toBe('/notifications');
    });
  }

  // Without a token the page asks nothing of the server (an unknown token's 404 would be logged as a
  // console error, which fails a journey); the API's answer to one is covered by the integration tests.
  it('explains a broken unsubscribe link to a visitor, on a phone', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/unsubscribe');
    await eventually(() =>
      page.getByText('This unsubscribe link is not valid.', { exact: false }).isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
