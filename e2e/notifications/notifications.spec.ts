import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import {
  DEMO_TRADESPERSON,
  eventually,
  pathOf,
  postJob,
  quoteOnJob,
  signIn,
  signUpCustomer,
} from '../harness/journeys';

const overflow = (page: { evaluate: <T>(fn: () => T) => Promise<T> }) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Subjects of the quote emails the development outbox holds for this address (sign-up's own aside). */
async function quoteEmailsTo(page: Page, email: string): Promise<string[]> {
  const res = await page.request.get('/api/v1/dev/outbox');
  const { emails } = (await res.json()) as { emails: { to: string; subject: string }[] };
  return emails.filter((e) => e.to === email && /quote/i.test(e.subject)).map((e) => e.subject);
}

describeInBrowser('notifications', (ctx) => {
  // The journey: the customer's bell lights up without a reload when a quote arrives, and the
  // email lands in the outbox; with 'Quote updates' switched off the bell still lights, no email goes.
  it('lights the bell live when a tradesperson quotes, and emails unless Quote updates is off', async () => {
    const tradesperson = await ctx.newPage();
    await signIn(tradesperson, DEMO_TRADESPERSON.email, DEMO_TRADESPERSON.password);
    await tradesperson.waitForURL((url) => url.pathname === '/tradesperson-dashboard');

    const customer = await ctx.newPage();
    const email = await signUpCustomer(customer);
    const jobId = await postJob(customer, `Dripping bath tap ${Date.now()}`);
    await customer.goto('/home');
    const bell = customer.getByRole('link', { name: /^Notifications/ });
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications');

    await quoteOnJob(tradesperson, jobId, '180', 'I can fit a new cartridge on Thursday.');
    await eventually(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(pathOf(customer)).toBe('/home');
    await eventually(() => quoteEmailsTo(customer, email)).toEqual([
      expect.stringMatching(/^New quote for 'Dripping bath tap/),
    ]);
    await bell.click();
    await customer.waitForURL((url) => url.pathname === '/notifications');
    await eventually(() =>
      customer
        .getByText(/sent you a quote of £180.00/)
        .first()
        .isVisible(),
    ).toBe(true);

    // A second customer who wants no quote emails.
    const quiet = await ctx.newPage();
    const quietEmail = await signUpCustomer(quiet);
    await quiet.goto('/profile');
    await quiet.getByRole('tab', { name: 'Settings' }).click();
    const saved = quiet.waitForResponse(
      (response) => response.url().endsWith('/api/v1/account/settings') && response.status() === 200,
    );
    await quiet.getByRole('switch', { name: 'Quote updates' }).click();
    await saved;
    const quietJob = await postJob(quiet, `Loose stair rail ${Date.now()}`);
    await quiet.goto('/home');
    const quietBell = quiet.getByRole('link', { name: /^Notifications/ });
    await eventually(() => quietBell.getAttribute('aria-label')).toBe('Notifications');
    await quoteOnJob(tradesperson, quietJob, '95', 'I can fix the rail on Friday.');
    await eventually(() => quietBell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    // The email decision commits with the in-app notification, so by now it would be there.
    expect(await quoteEmailsTo(quiet, quietEmail)).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`reaches the notifications page from the bell on a phone (${colorScheme})`, async () => {
      const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
      await signUpCustomer(page);
      const bell = page.getByRole('link', { name: /^Notifications/ });
      await eventually(() => bell.isVisible()).toBe(true);
      // On a phone 'Account created!' lies over the header for its few seconds. A click on the bell
      // then lands on the toast, and the pointer resting there keeps the toast open (sonner pauses
      // while hovered): the click never gets through. A person waits for it to go; so does the test.
      await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
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
