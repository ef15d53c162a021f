import type { Locator, Page, Route } from 'playwright-core';

/**
 * Holds back every matching request (a script, the API) until the returned `release` is called: the
 * moment before it arrives then lasts as long as a test needs.
 */
export async function holdBack(page: Page, url: RegExp | ((url: URL) => boolean)): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React has hydrated (or rendered) the element: it marks each one with its props. */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));
}
