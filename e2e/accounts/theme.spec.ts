import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../harness/browser';
import { eventually, PASSWORD, uniqueEmail } from '../harness/journeys';

/**
 * Watches every frame from the start of each document: once <body> exists, the page must carry the
 * `dark` class and paint a dark body. A class change that removes `dark`, even for a moment between
 * frames, counts too. What it saw is in `window.__lightSeen`.
 */
async function watchForLight(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __lightSeen: string[] }).__lightSeen = seen;
    const isLight = (colour: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return a > 0 && (r + g + b) / 3 > 128;
    };
    const check = (when: string) => {
      if (!document.body) return;
      const root = document.documentElement;
      if (!root.classList.contains('dark')) seen.push(`${when}: no dark class at ${location.pathname}`);
      const background = getComputedStyle(document.body).backgroundColor;
      if (isLight(background)) seen.push(`${when}: body ${background} at ${location.pathname}`);
    };
    const frame = () => {
      check('frame');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    // The script runs before <html> exists: watch the document for it.
    new MutationObserver((records) => {
      if (records.some((record) => record.target === document.documentElement)) check('class change');
    }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
  });
}

const lightSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { __lightSeen?: string[] }).__lightSeen ?? []);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** An account made through the API from a throwaway context, so `page` stays signed out. */
async function newAccount(page: Page, settings?: { darkMode: boolean }): Promise<string> {
  const email = uniqueEmail('theme');
  const request = page.context().request;
  const signUp = await request.post('/api/v1/auth/sign-up', {
    data: { email, password: PASSWORD, fullName: 'Dee Dark', userType: 'customer' },
  });
  expect(signUp.status()).toBe(201);
  if (settings) {
    const patch = await request.patch('/api/v1/account/settings', { data: settings });
    expect(patch.status()).toBe(200);
  }
  expect((await request.post('/api/v1/auth/sign-out')).status()).toBe(204);
  return email;
}

async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/home');
  await page.locator('main h1').waitFor();
}

describeInBrowser('theme', (ctx) => {
  it('keeps a dark device dark through sign-in, the settings loading and a reload', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    const email = await newAccount(page);
    await watchForLight(page);

    await signInThroughForm(page, email);
    // Long enough for the session, the settings and any theme change to have landed.
    await page.waitForTimeout(500);
    expect(await lightSeen(page)).toEqual([]);
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    const darkMode = page.getByRole('switch', { name: 'Dark mode' });
    // Nothing chosen yet: the switch says what the page shows, the device's dark.
    await eventually(() => darkMode.getAttribute('aria-checked')).toBe('true');
    expect(await lightSeen(page)).toEqual([]);

    await page.reload();
    await page.locator('main h1').waitFor();
    await page.waitForTimeout(300);
    expect(await lightSeen(page)).toEqual([]);
    expect(await isDark(page)).toBe(true);
  });

  it('lets an explicit choice win over the device, from the first paint', async () => {
    // Light chosen on a dark device.
    const dark = await ctx.newPage({ colorScheme: 'dark' });
    const lightEmail = await newAccount(dark, { darkMode: false });
    await signInThroughForm(dark, lightEmail);
    await eventually(() => isDark(dark)).toBe(false);
    await dark.reload();
    await dark.locator('main h1').waitFor();
    expect(await isDark(dark)).toBe(false);

    // Dark chosen on a light device: dark from the first frame after a reload.
    const light = await ctx.newPage({ colorScheme: 'light' });
    const darkEmail = await newAccount(light, { darkMode: true });
    await signInThroughForm(light, darkEmail);
    await eventually(() => isDark(light)).toBe(true);
    await watchForLight(light);
    await light.reload();
    await light.locator('main h1').waitFor();
    expect(await lightSeen(light)).toEqual([]);
  });

  it('follows the device when the account goes back to no choice', async () => {
    const page = await ctx.newPage({ colorScheme: 'dark' });
    const email = await newAccount(page, { darkMode: false });
    await signInThroughForm(page, email);
    await eventually(() => isDark(page)).toBe(false);
    const reset = await page.request.patch('/api/v1/account/settings', { data: { darkMode: null } });
    expect(reset.status()).toBe(200);
    expect(((await reset.json()) as { settings: { darkMode: unknown } }).settings.darkMode).toBeNull();
    await page.reload();
    await page.locator('main h1').waitFor();
    await eventually(() => isDark(page)).toBe(true);
  });
});
