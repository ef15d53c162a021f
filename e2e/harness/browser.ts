import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from './chromium';

export interface BrowserTestContext {
  baseUrl: string;
  /** A new page in a new context; console errors and page errors on it fail the test. */
  newPage(options?: {
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** Console errors the test causes on purpose (a download it makes fail): not counted. */
    expectedConsoleErrors?: RegExp;
  }): Promise<Page>;
}

/**
 * Browser journeys against the built app. Without Chromium they are skipped with one line, unless
 * REQUIRE_E2E=1, which makes the absence a failure.
 */
export function describeInBrowser(name: string, body: (ctx: BrowserTestContext) => void): void {
  const chromiumPath = inject('chromiumPath');
  const baseUrl = inject('baseUrl');
  if (!chromiumPath || !baseUrl) {
    if (process.env.REQUIRE_E2E === '1') {
      describe(name, () => {
        it('needs Chromium (REQUIRE_E2E=1 but no browser at /usr/bin/chromium or CHROMIUM_PATH)', () => {
          throw new Error('REQUIRE_E2E=1 but Chromium was not found');
        });
      });
    } else {
      describe.skip(`${name} [no Chromium: install Debian's chromium package to run]`, () => {});
    }
    return;
  }

  describe(name, () => {
    let browser: Browser;
    const contexts: { context: BrowserContext; errors: string[] }[] = [];
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    });
    afterAll(async () => {
      await browser?.close();
    });
    afterEach(async () => {
      const errors = contexts.flatMap((c) => c.errors);
      // Awaited: a close still pending when afterAll closes the browser rejects with "Target page,
      // context or browser has been closed", an unhandled error that fails the run (seen under load).
      await Promise.all(contexts.splice(0).map((c) => c.context.close().catch(() => {})));
      expect(errors, 'the page logged errors').toEqual([]);
    });

    body({
      baseUrl,
      async newPage(options = {}) {
        const context = await browser.newContext({
          baseURL: baseUrl,
          viewport: options.viewport ?? { width: 1280, height: 800 },
          colorScheme: options.colorScheme ?? 'light',
          locale: 'en-GB',
        });
        const entry = { context, errors: [] as string[] };
        contexts.push(entry);
        const page = await context.newPage();
        page.on('console', (msg) => {
          if (msg.type() === 'error' && !options.expectedConsoleErrors?.test(msg.text()))
            entry.errors.push(`console.error: ${msg.text()}`);
        });
        page.on('pageerror', (err) => entry.errors.push(`page error: ${err.message}`));
        return page;
      },
    });
  });
}

/**
 * Serious and critical axe violations, formatted for a readable assertion failure. Axe must never read a
 * toast half way through fading in or out: it takes the blend for text without contrast. Toasts arrive a
 * moment after what caused them (sonner is loaded on demand), so one can arrive while axe reads the
 * page. While axe reads, the page is told the reader prefers reduced motion, which sonner honours by
 * showing and hiding toasts at once; what the page had before is put back afterwards.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const reducedBefore = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await toastsSettled(page);
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    if (!reducedBefore) await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/** Waits (at most 5 s) until every toast has finished fading in or out. */
async function toastsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        // Toasts fade in, and older ones fade their text out when a new one stacks on them: axe must
        // see each settled (shown or hidden), never half way, or its text reads as low contrast.
        [...document.querySelectorAll('[data-sonner-toast]')].every(
          (toast) =>
            toast.getAttribute('data-mounted') === 'true' &&
            getComputedStyle(toast).opacity === '1' &&
            [...toast.children].every((part) => ['0', '1'].includes(getComputedStyle(part).opacity)),
        ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}
