import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { type BrowserTestContext, describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, PASSWORD, uniqueEmail } from '../harness/journeys';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not rendered`);
  return box;
}

/** Signs a new customer up through the API in this page's context; returns their id. */
async function signUpCustomerThroughApi(page: Page): Promise<string> {
  const response = await page.request.post('/api/v1/auth/sign-up', {
    data: { email: uniqueEmail('layout'), password: PASSWORD, fullName: 'Lee Layout', userType: 'customer' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/**
 * A new (unverified, so the verify-email banner shows) customer whose job the demo tradesperson has
 * written to about, with enough messages that the thread scrolls. Returns the customer's page.
 */
async function customerWithConversation(
  ctx: BrowserTestContext,
  viewport: { width: number; height: number },
): Promise<{ page: Page; conversationId: string }> {
  const page = await ctx.newPage({ viewport });
  const customerId = await signUpCustomerThroughApi(page);
  const job = await page.request.post('/api/v1/jobs', {
    data: {
      title: `Dripping kitchen tap ${Date.now()}`,
      category: 'Plumbing',
      description: 'The kitchen mixer tap drips all night and needs a new washer.',
      budgetMin: '100',
      budgetMax: '250',
      postcode: 'M1 1AE',
    },
  });
  expect(job.status()).toBe(201);
  const jobId = ((await job.json()) as { job: { id: string } }).job.id;

  const tradesperson = await ctx.newPage();
  const signIn = await tradesperson.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
  expect(signIn.status()).toBe(200);
  const started = await tradesperson.request.post('/api/v1/conversations', {
    data: { userId: customerId, jobId },
  });
  expect(started.status()).toBe(201);
  const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
  for (let n = 1; n <= 20; n++) {
    const sent = await tradesperson.request.post(`/api/v1/conversations/${conversationId}/messages`, {
      data: { content: `Message number ${n}: I can come round to look at the tap this week.` },
    });
    expect(sent.status()).toBe(201);
  }
  return { page, conversationId };
}

/** The composer (the form around the message box), the tab bar and the viewport, measured. */
async function conversationGeometry(page: Page) {
  const composer = await boxOf(page, 'form:has(textarea)');
  const viewport = page.viewportSize()!;
  const tabBar = page.getByRole('navigation', { name: 'App' });
  const tabBarBox = (await tabBar.isVisible()) ? await tabBar.boundingBox() : null;
  const scroll = await page.evaluate(() => ({
    document: document.documentElement.scrollHeight - window.innerHeight,
  }));
  return { composer, viewport, tabBarBox, scroll };
}

/** The navigations that offer a way around the app, by accessible name, that a person can see. */
async function visibleNavigations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('nav')]
      .filter((nav) => !nav.closest('main') && !nav.closest('footer'))
      .filter((nav) =>
        [...nav.querySelectorAll('a')].some((a) => {
          const rect = a.getBoundingClientRect();
          const style = getComputedStyle(a);
          return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden';
        }),
      )
      .map((nav) => nav.getAttribute('aria-label') ?? '(unnamed)'),
  );
}

/** A visible link to `href` whose name (a badge adds to it) starts with `label`, opening the header's menu if need be. */
async function reachable(page: Page, label: string, href: string): Promise<boolean> {
  const find = () =>
    page.evaluate(
      ([label, href]) =>
        [...document.querySelectorAll('a')].some((a) => {
          const rect = a.getBoundingClientRect();
          return (
            a.getAttribute('href') === href &&
            (a.getAttribute('aria-label') ?? a.textContent ?? '').trim().startsWith(label) &&
            rect.width > 0 &&
            rect.height > 0 &&
            rect.bottom > 0 &&
            rect.top < window.innerHeight
          );
        }),
      [label, href] as const,
    );
  if (await find()) return true;
  const menu = page.getByRole('button', { name: 'Menu' });
  if (!(await menu.isVisible())) return false;
  await menu.click();
  const found = await find();
  await page.keyboard.press('Escape');
  return found;
}

const WIDTHS = [360, 640, 767, 768, 800, 1024, 1280];

const SIGNED_IN_ITEMS = {
  customer: [
    ['Home', '/home'],
    ['Browse', '/browse'],
    ['Jobs', '/my-jobs'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
  ],
  tradesperson: [
    ['Dashboard', '/tradesperson-dashboard'],
    ['Jobs', '/browse'],
    ['Quotes', '/manage-quotes'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
  ],
} as const;

const VISITOR_ITEMS = [
  ['Find Trades', '/browse-services'],
  ['How It Works', '/support#how-it-works'],
  ['For Tradespeople', '/auth?type=tradesperson'],
  ['Log In', '/auth'],
  ['Sign Up', '/auth?mode=signup'],
] as const;

describeInBrowser('the app layout', (ctx) => {
  it('pins the conversation’s composer above the tab bar on a phone, with no footer and a one-line banner', async () => {
    const { page, conversationId } = await customerWithConversation(ctx, PHONE);
    await page.goto(`/conversation/${conversationId}`);
    await eventually(() => page.getByText('Message number 20:', { exact: false }).isVisible()).toBe(true);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await banner.waitFor();

    const { composer, viewport, tabBarBox, scroll } = await conversationGeometry(page);
    expect(tabBarBox, 'the tab bar shows on a phone').not.toBeNull();
    // The whole composer is on screen, above the tab bar.
    expect(composer.y).toBeGreaterThanOrEqual(0);
    expect(composer.y + composer.height).toBeLessThanOrEqual(tabBarBox!.y + 0.5);
    expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height);
    // The page itself does not scroll (no footer below the chat); the history does.
    expect(scroll.document).toBeLessThanOrEqual(0);
    await expect.poll(() => page.getByRole('navigation', { name: 'Footer' }).count()).toBe(0);
    const history = await page
      .getByRole('region', { name: 'Message history' })
      .evaluate((el) => el.scrollHeight - el.clientHeight);
    expect(history).toBeGreaterThan(0);
    // Scrolling the window changes nothing.
    await page.mouse.wheel(0, 2000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect((await boxOf(page, 'form:has(textarea)')).y).toBeCloseTo(composer.y, 0);

    // The verify-email reminder is one line with its action.
    const bannerBox = (await banner.boundingBox())!;
    expect(bannerBox.height).toBeLessThanOrEqual(48);
    const resend = (await banner.getByRole('button', { name: 'Resend email' }).boundingBox())!;
    expect(resend.y).toBeGreaterThanOrEqual(bannerBox.y);
    expect(resend.y + resend.height).toBeLessThanOrEqual(bannerBox.y + bannerBox.height);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The on-screen keyboard shrinks the layout viewport (interactive-widget=resizes-content): the
    // composer stays above the tab bar and on screen.
    await page.getByPlaceholder('Type a message...').focus();
    await page.setViewportSize({ width: PHONE.width, height: 420 });
    const small = await conversationGeometry(page);
    expect(small.composer.y).toBeGreaterThanOrEqual(0);
    expect(small.composer.y + small.composer.height).toBeLessThanOrEqual(
      (small.tabBarBox?.y ?? small.viewport.height) + 0.5,
    );
    expect(small.composer.y + small.composer.height).toBeLessThanOrEqual(small.viewport.height);
  });

  it('fits the conversation to a desktop window without the tab bar or the footer', async () => {
    const { page, conversationId } = await customerWithConversation(ctx, DESKTOP);
    await page.goto(`/conversation/${conversationId}`);
    await eventually(() => page.getByText('Message number 20:', { exact: false }).isVisible()).toBe(true);
    const { composer, viewport, tabBarBox, scroll } = await conversationGeometry(page);
    expect(tabBarBox).toBeNull();
    expect(composer.y + composer.height).toBeLessThanOrEqual(viewport.height);
    expect(scroll.document).toBeLessThanOrEqual(0);
    expect(await page.getByRole('navigation', { name: 'Footer' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows the marketing footer on public pages but not on app screens', async () => {
    const page = await ctx.newPage({ viewport: PHONE });
    await signUpCustomerThroughApi(page);
    for (const path of ['/home', '/my-jobs', '/messages', '/notifications', '/profile', '/post-job']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(await page.getByRole('navigation', { name: 'Footer' }).count(), path).toBe(0);
    }
    for (const path of ['/support', '/terms']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(await page.getByRole('navigation', { name: 'Footer' }).count(), path).toBe(1);
    }
  });

  for (const userType of ['customer', 'tradesperson'] as const) {
    it(`shows the ${userType} exactly one navigation at every width, with every spec item reachable`, async () => {
      const page = await ctx.newPage({ viewport: PHONE });
      if (userType === 'customer') await signUpCustomerThroughApi(page);
      else {
        const signIn = await page.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
        expect(signIn.status()).toBe(200);
      }
      await page.goto('/my-jobs');
      await page.locator('main h1').first().waitFor();
      await page.getByRole('button', { name: 'Log Out' }).waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const navigations = await visibleNavigations(page);
        expect(navigations, `navigations at ${width}px`).toHaveLength(1);
        expect(navigations[0], `navigation at ${width}px`).toBe(width < 768 ? 'App' : 'Main');
        for (const [label, href] of SIGNED_IN_ITEMS[userType]) {
          expect(await reachable(page, label, href), `${label} at ${width}px`).toBe(true);
        }
        expect(await page.getByRole('button', { name: 'Log Out' }).isVisible(), `Log Out at ${width}px`).toBe(
          true,
        );
        expect(await page.getByRole('link', { name: /^Notifications/ }).isVisible()).toBe(true);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `sideways overflow at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.setViewportSize(DESKTOP);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  it('gives a visitor the header navigation at every width, and never the tab bar', async () => {
    const page = await ctx.newPage({ viewport: PHONE });
    await page.goto('/support');
    await page.locator('main h1').first().waitFor();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect(await page.getByRole('navigation', { name: 'App' }).count()).toBe(0);
      for (const [label, href] of VISITOR_ITEMS) {
        expect(await reachable(page, label, href), `${label} at ${width}px`).toBe(true);
      }
    }
  });
});
