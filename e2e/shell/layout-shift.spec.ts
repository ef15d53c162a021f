import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../harness/browser';
import { DEMO_TRADESPERSON, ok } from '../harness/journeys';
import { demoIds, type Who } from '../harness/layout';

// Cumulative layout shift on the heaviest pages, at phone and desktop sizes, on first load. Every API
// answer is held back a little, as on a slow connection, so the loading states are always painted: a
// placeholder shorter than what replaces it (the footer showing, then jumping 583 px, on /browse) is
// caught whatever the machine's speed. The figure is the sum of every shift not caused by input, which
// is never less than the web-vitals session window; the budget is the "good" threshold, 0.1.

const SIZES = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
const API_DELAY_MS = 400;
const BUDGET = 0.1;

/** Records each layout shift (value, when, what moved) from the first paint, before any page script. */
function recordShifts() {
  const log: { value: number; at: number; moved: string[] }[] = [];
  (window as unknown as { __shifts: typeof log }).__shifts = log;
  (window as unknown as { __lastChange: number }).__lastChange = performance.now();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      (window as unknown as { __lastChange: number }).__lastChange = performance.now();
      log.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        moved: (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          const name = el
            ? `<${el.tagName.toLowerCase()} class="${String(el.getAttribute('class')).slice(0, 40)}">`
            : '?';
          return `${name} y ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`;
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits until the page is drawn with its data and nothing has moved or loaded for a second (at most 20 s). */
async function quiet(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ state: 'attached', timeout: 20_000 });
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __lastChange: number; __height?: number };
      const height = document.documentElement.scrollHeight;
      if (height !== w.__height || document.querySelector('[aria-busy="true"], .animate-pulse')) {
        w.__height = height;
        w.__lastChange = performance.now();
      }
      return performance.now() - w.__lastChange > 1_000;
    },
    undefined,
    { timeout: 20_000, polling: 100 },
  );
}

describeInBrowser('layout shift', (ctx) => {
  it('keeps CLS at or under 0.1 on the heaviest pages at phone and desktop sizes', async () => {
    const ids = await demoIds(ctx);
    const pages: { path: string; as: Who; ready: string }[] = [
      { path: '/browse', as: 'visitor', ready: 'main a[href^="/tradesperson/"]' },
      { path: `/tradesperson/${ids.tradespersonId}`, as: 'visitor', ready: 'main h1' },
      { path: `/reviews?tradesperson=${ids.tradespersonId}`, as: 'visitor', ready: 'main h1' },
      { path: '/tradesperson-dashboard', as: 'tradesperson', ready: 'main h1' },
      { path: '/browse', as: 'tradesperson', ready: 'main a[href^="/job/"]' },
      { path: '/my-jobs', as: 'customer', ready: 'main a[href^="/job/"]' },
    ];
    const figures: string[] = [];
    const failures: string[] = [];
    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const visit of pages) {
        // A new context each time: nothing cached, as on a first visit.
        const page = await ctx.newPage({ viewport });
        if (visit.as !== 'visitor')
          await ok(
            await page.request.post('/api/v1/auth/sign-in', {
              data: { email: `${visit.as}@tradenest.demo`, password: DEMO_TRADESPERSON.password },
            }),
            200,
          );
        await page.route('**/api/v1/**', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
          await route.continue().catch(() => undefined);
        });
        await page.addInitScript(recordShifts);
        await page.goto(visit.path);
        await quiet(page, visit.ready);
        const shifts = await page.evaluate(
          () =>
            (window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] }).__shifts,
        );
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        const name = `${visit.path.replace(ids.tradespersonId, '{id}')} as ${visit.as} on a ${size}`;
        figures.push(`${name}: CLS ${cls.toFixed(3)}`);
        if (cls > BUDGET)
          failures.push(
            `${name}: CLS ${cls.toFixed(3)} from ${shifts.map((s) => `${s.value.toFixed(3)} at ${s.at} ms (${s.moved.join(', ')})`).join('; ')}`,
          );
        await page.context().close();
      }
    }
    process.stdout.write(`layout shift:\n  ${figures.join('\n  ')}\n`);
    expect(failures).toEqual([]);
  }, 300_000);
});
