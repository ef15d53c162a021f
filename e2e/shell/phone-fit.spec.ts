import type { Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { routes } from '../../web/src/app/router';
import { type BrowserTestContext, describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, ok } from '../harness/journeys';
import { demoIds, type Who } from '../harness/layout';

// WCAG 1.4.10 (reflow): at 360 px nothing scrolls sideways, and the text a person needs is read whole
// rather than cut off. Every route in the router is opened as the role it is for, with real ids from
// the demo data, so a page that only overflows once its data is there is caught too.

const PHONE = { width: 360, height: 740 };

type Visit = { path: string; as: Who; ready?: string };

/** Every screen of the router, with the role that sees it and, for some, an element that says its data has arrived. */
function visits(ids: Awaited<ReturnType<typeof demoIds>>, supportId: string): Visit[] {
  return [
    { path: '/', as: 'visitor' },
    { path: '/auth', as: 'visitor' },
    { path: '/auth?mode=signup', as: 'visitor' },
    { path: '/browse-services', as: 'visitor' },
    { path: '/browse', as: 'visitor', ready: 'main a[href^="/tradesperson/"]' },
    { path: '/browse-location', as: 'visitor' },
    { path: `/reviews?tradesperson=${ids.tradespersonId}`, as: 'visitor' },
    { path: '/support', as: 'visitor' },
    { path: `/tradesperson/${ids.tradespersonId}`, as: 'visitor' },
    { path: '/faq', as: 'visitor' },
    { path: '/chat-support', as: 'visitor' },
    { path: '/safety', as: 'visitor' },
    { path: '/unsubscribe', as: 'visitor' },
    { path: '/terms', as: 'visitor' },
    { path: '/privacy', as: 'visitor' },
    { path: '/no-such-page', as: 'visitor' },
    { path: '/home', as: 'customer' },
    { path: '/post-job', as: 'customer' },
    { path: '/booking', as: 'customer' },
    { path: `/booking-milestones/${ids.bookingId}`, as: 'customer' },
    { path: `/booking-changes/${ids.bookingId}`, as: 'customer' },
    { path: '/my-jobs', as: 'customer' },
    { path: `/job/${ids.jobId}`, as: 'customer' },
    { path: `/job/${ids.jobId}/compare`, as: 'customer' },
    { path: '/messages', as: 'customer' },
    { path: '/notifications', as: 'customer' },
    { path: `/conversation/${ids.conversationId}`, as: 'customer' },
    { path: '/profile', as: 'customer' },
    { path: '/my-reviews', as: 'customer' },
    { path: '/subscriptions', as: 'customer' },
    { path: '/saved-pros', as: 'customer' },
    { path: '/documents', as: 'customer' },
    { path: '/payment-methods', as: 'customer' },
    { path: '/chat-support', as: 'customer', ready: 'section[aria-label="Message history"]' },
    { path: '/browse', as: 'customer', ready: 'main a[href^="/tradesperson/"]' },
    { path: '/disputes', as: 'disputer' },
    { path: `/disputes/${ids.disputeId}`, as: 'disputer' },
    { path: '/tradesperson-dashboard', as: 'tradesperson' },
    { path: '/manage-quotes', as: 'tradesperson' },
    { path: '/edit-tradesperson-profile', as: 'tradesperson' },
    { path: '/tradesperson/setup', as: 'tradesperson' },
    { path: '/tradesperson/calendar', as: 'tradesperson' },
    {
      path: '/tradesperson/payments',
      as: 'tradesperson',
      ready: 'section[aria-labelledby="monthly-heading"] table',
    },
    { path: '/tradesperson/analytics', as: 'tradesperson' },
    { path: '/tradesperson/dashboard', as: 'tradesperson' },
    { path: '/browse', as: 'tradesperson' },
    { path: '/my-jobs', as: 'tradesperson' },
    { path: '/profile', as: 'tradesperson' },
    { path: '/admin', as: 'admin' },
    { path: '/admin/verifications', as: 'admin' },
    { path: '/admin/users', as: 'admin' },
    { path: `/admin/users/${ids.userId}`, as: 'admin' },
    { path: '/admin/payments', as: 'admin' },
    { path: '/admin/reviews', as: 'admin' },
    { path: '/admin/disputes', as: 'admin' },
    { path: `/admin/disputes/${ids.disputeId}`, as: 'admin' },
    { path: '/admin/support', as: 'admin' },
    { path: `/admin/support/${supportId}`, as: 'admin', ready: 'section[aria-label="Message history"]' },
    { path: '/admin/no-such-page', as: 'admin' },
    { path: `/sandbox/checkout/${ids.checkoutId}`, as: 'customer', ready: 'button' },
    { path: `/sandbox/onboarding/${ids.onboardingId}`, as: 'tradesperson' },
  ];
}

/** The demo customer's support conversation (opened, or written into if open): its id. */
async function supportConversationId(ctx: BrowserTestContext): Promise<string> {
  const customer = await ctx.newPage();
  await ok(
    await customer.request.post('/api/v1/auth/sign-in', {
      data: { email: 'customer@tradenest.demo', password: DEMO_TRADESPERSON.password },
    }),
    200,
  );
  const opened = await ok<{ id: string }>(
    await customer.request.post('/api/v1/support/conversations', {
      data: { subject: 'Reading on a phone', message: 'Does a long message wrap on a narrow screen?' },
    }),
    201,
  );
  return opened.id;
}

/** Every route object that renders a screen (a leaf), as the list of patterns from the root. */
function leafPatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent.replace(/\/$/, '')}/${route.path}`.replace(/^\/\//, '/') : parent;
    if (route.children?.length) return leafPatterns(route.children, here);
    return [route.index ? parent || '/' : here || '/'];
  });
}

/** The leaf route a visit lands on, as its pattern. */
function patternOf(path: string): string {
  const matches = matchRoutes(routes, new URL(path, 'http://x').pathname) ?? [];
  const parts = matches.map((m) => m.route.path).filter(Boolean);
  return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/^\/\//, '/');
}

/** Waits (at most 15 s) until the screen is drawn with its data: no placeholders, its text if named. */
async function settled(page: Page, ready?: string): Promise<void> {
  await page.locator('main h1, [role="main"] h1, h1').first().waitFor({ timeout: 15_000 });
  if (ready) await page.locator(ready).first().waitFor({ state: 'attached', timeout: 15_000 });
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
}

/** The document's sideways overflow and the elements that reach past the window, named. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; offenders: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > root.clientWidth + 0.5;
      })
      // The outermost of each: its descendants reach past with it.
      .filter((el, _, all) => !all.some((other) => other !== el && other.contains(el)))
      .map((el) => {
        const classes = String(el.getAttribute('class') ?? '').slice(0, 60);
        return `<${el.tagName.toLowerCase()} class="${classes}"> right edge ${Math.round(el.getBoundingClientRect().right)}`;
      });
    return { overflow: root.scrollWidth - root.clientWidth, offenders };
  });
}

async function pagesFor(ctx: BrowserTestContext, ids: Awaited<ReturnType<typeof demoIds>>) {
  const pages = new Map<Who, Page>();
  return async (who: Who) => {
    let page = pages.get(who);
    if (!page) {
      page = await ctx.newPage({ viewport: PHONE });
      if (who !== 'visitor') {
        const account =
          who === 'disputer' ? { email: ids.disputerEmail, password: DEMO_TRADESPERSON.password } : null;
        await ok(
          await page.request.post('/api/v1/auth/sign-in', {
            data: account ?? { email: `${who}@tradenest.demo`, password: DEMO_TRADESPERSON.password },
          }),
          200,
        );
      }
      pages.set(who, page);
    }
    return page;
  };
}

describeInBrowser('phone fit (360 px)', (ctx) => {
  it('lets no route scroll sideways at 360 × 740, every route of the router visited', async () => {
    const ids = await demoIds(ctx);
    const list = visits(ids, await supportConversationId(ctx));
    // A route added to the router without a visit here fails, so the check keeps covering every screen.
    const visited = new Set(list.map((v) => patternOf(v.path)));
    const unvisited = leafPatterns(routes).filter((p) => !visited.has(p) && p !== '/*');
    expect(unvisited, 'routes with no visit in this test').toEqual([]);

    const pageAs = await pagesFor(ctx, ids);
    const failures: string[] = [];
    for (const visit of list) {
      const page = await pageAs(visit.as);
      await page.goto(visit.path);
      await settled(page, visit.ready);
      const { overflow, offenders } = await sidewaysOverflow(page);
      if (overflow > 0)
        failures.push(`${visit.path} as ${visit.as}: ${overflow}px sideways, from ${offenders.join('; ')}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('shows names, emails, payment dates, admin tabs and dispute dates whole at 360 px', async () => {
    const ids = await demoIds(ctx);
    const pageAs = await pagesFor(ctx, ids);
    const checks: { path: string; as: Who; ready?: string; selector: string; what: string }[] = [
      { path: '/profile', as: 'customer', selector: 'main h1', what: 'the customer’s name' },
      { path: '/profile', as: 'customer', selector: 'main h1 + p', what: 'the customer’s email' },
      { path: '/profile', as: 'tradesperson', selector: 'main h1 + p', what: 'the tradesperson’s email' },
      {
        path: '/tradesperson/payments',
        as: 'tradesperson',
        ready: 'section[aria-labelledby="payments-heading"] li',
        selector: 'section[aria-labelledby="payments-heading"] li :is(h3, p)',
        what: 'a payment’s job and date',
      },
      {
        path: '/admin',
        as: 'admin',
        selector: 'nav[aria-label="Admin console"], nav[aria-label="Admin console"] a',
        what: 'the admin tabs',
      },
      {
        path: '/admin/disputes',
        as: 'admin',
        ready: 'main li dt',
        selector: 'main li :is(dt, dd, time)',
        what: 'a dispute’s dates',
      },
      {
        path: '/disputes',
        as: 'disputer',
        ready: 'main li dt',
        selector: 'main li :is(dt, dd, time)',
        what: 'a dispute’s dates',
      },
      {
        path: `/disputes/${ids.disputeId}`,
        as: 'disputer',
        selector: 'main :is(dt, dd, time)',
        what: 'a dispute’s dates',
      },
      {
        path: `/admin/disputes/${ids.disputeId}`,
        as: 'admin',
        selector: 'main :is(dt, dd, time)',
        what: 'a dispute’s dates',
      },
    ];
    const failures: string[] = [];
    for (const check of checks) {
      const page = await pageAs(check.as);
      await page.goto(check.path);
      await settled(page, check.ready);
      const found = await page.locator(check.selector).count();
      if (found === 0) {
        failures.push(`${check.path}: nothing matches ${check.selector} (${check.what})`);
        continue;
      }
      const clipped = await page.locator(check.selector).evaluateAll((elements) =>
        elements
          .filter((el) => {
            const style = getComputedStyle(el);
            const box = el.getBoundingClientRect();
            const cut = el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible';
            return (
              box.width > 0 && (cut || style.textOverflow === 'ellipsis' || box.right > innerWidth + 0.5)
            );
          })
          .map((el) => `"${el.textContent?.trim()}" (${el.scrollWidth}px of text in ${el.clientWidth}px)`),
      );
      for (const text of clipped)
        failures.push(`${check.path} as ${check.as}, ${check.what}: ${text} is cut off`);
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('keeps the screens whose text now wraps clean for axe, phone and desktop, light and dark', async () => {
    const screens: { path: string; as: Who; ready: string }[] = [
      { path: '/profile', as: 'customer', ready: 'main h1' },
      {
        path: '/tradesperson/payments',
        as: 'tradesperson',
        ready: 'section[aria-labelledby="payments-heading"] li',
      },
      { path: '/admin', as: 'admin', ready: 'nav[aria-label="Admin console"]' },
    ];
    const failures: string[] = [];
    for (const viewport of [PHONE, { width: 1280, height: 800 }])
      for (const colorScheme of ['light', 'dark'] as const)
        for (const screen of screens) {
          const page = await ctx.newPage({ viewport, colorScheme });
          if (screen.as !== 'visitor')
            await ok(
              await page.request.post('/api/v1/auth/sign-in', {
                data: { email: `${screen.as}@tradenest.demo`, password: DEMO_TRADESPERSON.password },
              }),
              200,
            );
          await page.goto(screen.path);
          await settled(page, screen.ready);
          for (const violation of await seriousAxeViolations(page))
            failures.push(`${screen.path} at ${viewport.width}px, ${colorScheme}: ${violation}`);
          await page.context().close();
        }
    expect(failures).toEqual([]);
  }, 240_000);
});
