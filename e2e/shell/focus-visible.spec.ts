import type { Cookie, Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import type { LayoutHandle } from '../../web/src/app/route-handle';
import { routes } from '../../web/src/app/router';
import { type BrowserTestContext, describeInBrowser } from '../harness/browser';
import { DEMO_TRADESPERSON, ok, paidJobThroughApi } from '../harness/journeys';

// WCAG 2.2 2.4.11 Focus Not Obscured: on a phone, every focus stop of every signed-in page, reached with
// Tab, must show whole, never under the sticky header, the fixed tab bar, the assistant's button or any
// other fixed or sticky part of the page.

const PHONE = { width: 360, height: 740 };
/** Tab presses per page at most: enough for every page's stops, bounded for the long lists. */
const MAX_STOPS = 150;

type Role = 'customer' | 'tradesperson' | 'admin';
const DEMO: Record<Role, { email: string; password: string }> = {
  customer: { email: 'customer@tradenest.demo', password: 'tradenest-demo' },
  tradesperson: DEMO_TRADESPERSON,
  admin: { email: 'admin@tradenest.demo', password: 'tradenest-demo' },
};

const join = (base: string, path: string) =>
  path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;

/** The router's signed-in screens (the app layout), as patterns such as /job/:id. */
function signedInPatterns(): string[] {
  const found: string[] = [];
  const walk = (list: readonly RouteObject[], base: string, inApp: boolean) => {
    for (const route of list) {
      const layout = (route.handle as LayoutHandle | undefined)?.layout;
      const app = inApp || layout !== undefined;
      const path = route.path ? join(base, route.path) : base;
      if (route.children) walk(route.children, path, app);
      else if (app && route.path && !route.path.includes('*')) found.push(path);
    }
  };
  walk(routes, '', false);
  return found;
}

/** The route pattern a link of the app opens, or undefined for one outside the signed-in screens. */
function patternOf(href: string, patterns: readonly string[]): string | undefined {
  const { pathname } = new URL(href, 'http://app.invalid');
  const matches = matchRoutes(routes as RouteObject[], pathname) ?? [];
  let path = '';
  for (const match of matches) if (match.route.path) path = join(path, match.route.path);
  return patterns.includes(path) ? path : undefined;
}

const isAdminPage = (pattern: string) => pattern === '/admin' || pattern.startsWith('/admin/');
// Pages opened through a link that carries what they show: the path's parameters, or for /booking the
// quote in the query.
const OPENED_BY_LINK = new Set(['/booking']);
const byLink = (pattern: string) => pattern.includes(':') || OPENED_BY_LINK.has(pattern);

type Stop = {
  /** What the stop is, for a person reading the failure. */
  name: string;
  /** 'fully' when no part of it shows, 'partly' when some does; null when nothing covers it. */
  hidden: 'fully' | 'partly' | null;
  /** What covers it. */
  by: string;
  /** The element, to tell a new stop from one seen before. */
  key: string;
};

/**
 * The focused element and whether a fixed or sticky element is on top of it: the topmost element at
 * each of nine points of its box (corners, edge middles, centre), for the points in the window.
 */
function inspectFocus(): Stop | null {
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === document.documentElement) return null;
  const w = window as unknown as { __focusKeys?: WeakMap<Element, string>; __focusNext?: number };
  w.__focusKeys ??= new WeakMap();
  let key = w.__focusKeys.get(focused);
  if (!key) {
    w.__focusNext = (w.__focusNext ?? 0) + 1;
    key = String(w.__focusNext);
    w.__focusKeys.set(focused, key);
  }
  // Its name, near enough: aria-label, the labelling elements' text, a field's label, its own text.
  const describe = (el: Element) => {
    const textOf = (ids: string) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const labels = 'labels' in el ? [...((el as HTMLInputElement).labels ?? [])] : [];
    const label =
      el.getAttribute('aria-label') ||
      textOf(el.getAttribute('aria-labelledby') ?? '') ||
      labels.map((l) => l.textContent).join(' ') ||
      el.textContent ||
      el.getAttribute('placeholder') ||
      el.getAttribute('title') ||
      el.id;
    const role = el.getAttribute('role');
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 60);
    return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${text}"`;
  };
  const pinned = (el: Element | null): Element | null => {
    for (let at = el; at; at = at.parentElement) {
      const position = getComputedStyle(at).position;
      if (position === 'fixed' || position === 'sticky') return at;
    }
    return null;
  };
  // What of its box can show: ancestors that clip (a title cut to two lines, a scrolling list) cut it.
  const box = focused.getBoundingClientRect();
  let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
  for (let at = focused.parentElement; at && at !== document.body; at = at.parentElement) {
    const style = getComputedStyle(at);
    const clip = at.getBoundingClientRect();
    if (style.overflowX !== 'visible')
      [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
    if (style.overflowY !== 'visible')
      [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
  }
  const rect = { left, top, right, bottom, width: right - left, height: bottom - top };
  const name = describe(focused);
  if (rect.width <= 0 || rect.height <= 0) return { name, hidden: null, by: '', key };
  // The corners' points go inside rounded corners (a round button's corner is not the button).
  const radius = Math.min(
    Number.parseFloat(getComputedStyle(focused).borderTopLeftRadius) || 0,
    rect.width / 2,
  );
  const inset = Math.min(1 + radius * (1 - Math.SQRT1_2), rect.width / 4, rect.height / 4);
  const xs = [rect.left + inset, rect.left + rect.width / 2, rect.right - inset];
  const ys = [rect.top + inset, rect.top + rect.height / 2, rect.bottom - inset];
  let inWindow = 0;
  let covered = 0;
  const coverers = new Set<string>();
  for (const x of xs) {
    for (const y of ys) {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      inWindow += 1;
      const top = document.elementsFromPoint(x, y)[0];
      if (!top || top === focused || focused.contains(top)) continue;
      const cover = pinned(top);
      // A pinned part that holds the focus (the tab bar's own links) does not cover it.
      if (!cover || cover.contains(focused) || focused.contains(cover)) continue;
      covered += 1;
      coverers.add(describe(cover).slice(0, 80));
    }
  }
  if (covered === 0) return { name, hidden: null, by: '', key };
  if (covered === inWindow) return { name, hidden: 'fully', by: [...coverers].join(', '), key };
  // Taller than the window between the pinned parts at its top and bottom (a tab's whole panel): it
  // cannot show whole, and showing in part is what it can do.
  const x = rect.left + rect.width / 2;
  const clearTop = pinned(document.elementsFromPoint(x, 0)[0] ?? null)?.getBoundingClientRect().bottom ?? 0;
  const clearBottom =
    pinned(document.elementsFromPoint(x, window.innerHeight - 1)[0] ?? null)?.getBoundingClientRect().top ??
    window.innerHeight;
  if (rect.height > clearBottom - clearTop) return { name, hidden: null, by: '', key };
  return { name, hidden: 'partly', by: [...coverers].join(', '), key };
}

/** Waits until the page has loaded its data: no loading placeholders, and a stable set of focus stops. */
async function settle(page: Page): Promise<void> {
  await page.locator('main h1, main h2').first().waitFor({ timeout: 15_000 });
  const stops = () =>
    page.evaluate(
      () =>
        `${document.querySelectorAll('[aria-busy="true"]').length}:${
          document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').length
        }`,
    );
  let last = '';
  for (let round = 0; round < 20; round++) {
    const now = await stops();
    if (now === last && now.startsWith('0:')) return;
    last = now;
    await page.waitForTimeout(250);
  }
}

type PageResult = { path: string; stops: number; hidden: string[] };

/** Presses Tab from the top of the page through its stops (at most MAX_STOPS). */
async function tabThrough(page: Page, path: string): Promise<PageResult> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const seen = new Set<string>();
  const hidden: string[] = [];
  let stops = 0;
  for (let press = 0; press < MAX_STOPS; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(inspectFocus);
    if (!stop) {
      if (stops > 0) break;
      continue;
    }
    if (seen.has(stop.key)) break;
    seen.add(stop.key);
    stops += 1;
    if (stop.hidden) hidden.push(`${path}: ${stop.name} is ${stop.hidden} hidden by ${stop.by}`);
  }
  return { path, stops, hidden };
}

async function signInAs(page: Page, role: Role): Promise<void> {
  await ok(await page.request.post('/api/v1/auth/sign-in', { data: DEMO[role] }), 200);
}

/** Links on the page to the signed-in pages opened through a link, those of `role`. */
async function linksOn(page: Page, mine: readonly string[], patterns: readonly string[]) {
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
  );
  return hrefs
    .filter((href) => href.startsWith('/'))
    .map((href) => ({ href, pattern: patternOf(href, patterns) }))
    .filter((link): link is { href: string; pattern: string } => {
      return link.pattern !== undefined && byLink(link.pattern) && mine.includes(link.pattern);
    });
}

/** Pages opened only to look for a link to a page not yet found (the first job shown has no quote). */
const MAX_LOOKS = 6;

/**
 * Visits the role's signed-in pages, first those with a fixed address, then one of each page opened
 * through a link (a job, a conversation, a dispute, a booking…): the first link to it the pages show.
 */
async function visitAll(page: Page, role: Role, patterns: readonly string[]): Promise<PageResult[]> {
  const mine = patterns.filter((p) => (role === 'admin') === isAdminPage(p));
  const queue = mine.filter((p) => !byLink(p));
  const found = new Set<string>();
  const visited = new Set<string>();
  const spare: string[] = [];
  const results: PageResult[] = [];
  let looks = 0;
  for (;;) {
    const target = queue.shift();
    const look = target === undefined;
    if (look && (looks >= MAX_LOOKS || spare.length === 0 || mine.every((p) => !byLink(p) || found.has(p)))) {
      break;
    }
    const address = target ?? spare.shift()!;
    const pattern = patternOf(address, patterns)!;
    if (!look && visited.has(pattern)) continue;
    await page.goto(address);
    await settle(page);
    // A page for the other kind of user sends this one elsewhere: it is tested as that user.
    if (patternOf(page.url(), patterns) !== pattern) continue;
    if (look) looks += 1;
    else {
      visited.add(pattern);
      results.push(await tabThrough(page, address));
    }
    for (const link of await linksOn(page, mine, patterns)) {
      if (!found.has(link.pattern)) {
        found.add(link.pattern);
        queue.push(link.href);
      } else if (!spare.includes(link.href) && link.href !== address) spare.push(link.href);
    }
  }
  return results;
}

/**
 * A dispute for the demo tradesperson to answer (the demo data has none for the demo customer or the
 * demo tradesperson): a new customer's job, paid, disputed. Raised once for the file.
 */
let disputed: Promise<{ customerCookies: Cookie[]; disputeId: string }> | undefined;
function disputeWithDemoTradesperson(ctx: BrowserTestContext) {
  disputed ??= (async () => {
    const { customer, bookingId } = await paidJobThroughApi(() => ctx.newPage(), {
      title: `Box in the boiler pipes ${Date.now()}`,
      description: 'The boiler pipes in the hallway need boxing in with a removable panel.',
      price: '180.00',
      customerName: 'Fay Focus',
    });
    const { dispute } = await ok<{ dispute: { id: string } }>(
      await customer.request.post('/api/v1/disputes', {
        data: {
          bookingId,
          reason: 'Work not completed as agreed',
          description: 'The panel was never fitted and the pipes are still showing in the hallway.',
        },
      }),
      201,
    );
    return { customerCookies: await customer.context().cookies(), disputeId: dispute.id };
  })();
  return disputed;
}

function report(who: string, results: readonly PageResult[]): string[] {
  const total = results.reduce((sum, r) => sum + r.stops, 0);
  const hidden = results.flatMap((r) => r.hidden);
  const pages = results.filter((r) => r.hidden.length > 0).length;
  console.info(
    `${who}: ${hidden.length} of ${total} focus stops hidden, on ${pages} of ${results.length} pages\n` +
      results.map((r) => `  ${r.path}: ${r.hidden.length} of ${r.stops}`).join('\n') +
      hidden.map((line) => `\n    ${line}`).join(''),
  );
  return hidden;
}

describeInBrowser('focus is never hidden on a phone (WCAG 2.4.11)', (ctx) => {
  const patterns = signedInPatterns();
  const reached = new Set<string>();

  for (const role of ['customer', 'tradesperson', 'admin'] as const) {
    it(`keeps every focus stop of the ${role}'s pages clear of fixed and sticky parts`, async () => {
      // The tradesperson's disputes list links to one.
      if (role === 'tradesperson') await disputeWithDemoTradesperson(ctx);
      const page = await ctx.newPage({ viewport: PHONE });
      await signInAs(page, role);
      const results = await visitAll(page, role, patterns);
      if (role === 'customer') {
        // The customer's side of a dispute, as the customer who raised it.
        const { customerCookies, disputeId } = await disputeWithDemoTradesperson(ctx);
        const raiser = await ctx.newPage({ viewport: PHONE });
        await raiser.context().addCookies(customerCookies);
        await raiser.goto(`/disputes/${disputeId}`);
        await settle(raiser);
        results.push(await tabThrough(raiser, `/disputes/${disputeId}`));
      }
      for (const result of results) reached.add(patternOf(result.path, patterns)!);
      expect(report(role, results)).toEqual([]);
    }, 600_000);
  }

  it('has reached every signed-in page of the router', () => {
    expect(patterns.filter((p) => !reached.has(p))).toEqual([]);
  });
});
