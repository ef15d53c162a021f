import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, PASSWORD, uniqueEmail } from '../harness/journeys';

// Toasts must be readable in both themes (WCAG AA 4.5:1, checked by axe's color-contrast rule while a
// toast is on screen), and a form's errors must also show next to their fields.

/**
 * Waits for a toast to be fully shown and keeps it there: reduced motion removes sonner's fade (a
 * half-faded toast is not what people read), and the pointer resting on it pauses its timer.
 */
async function holdToast(page: Page, title: string): Promise<void> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await eventually(() => toast.isVisible()).toBe(true);
  await toast.hover();
  await eventually(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the shown toast (its close button, which pokes out of its corner, included). */
async function toastBoxes(page: Page, title: string): Promise<Box[]> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return [(await toast.boundingBox())!, (await toast.locator('[data-close-button]').boundingBox())!];
}

describeInBrowser('toasts and form errors', (ctx) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`shows a readable error toast and the message by its field in ${colorScheme} mode`, async () => {
      const page = await ctx.newPage({ colorScheme });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/auth');
      await page.getByLabel(/^Email/).fill('not-an-email');
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await holdToast(page, 'Validation Error');
      expect(await isDark(page)).toBe(colorScheme === 'dark');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The message is in the toast and next to the field, which has focus and is described by it.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
      expect(await toast.getByText('Invalid email address').isVisible()).toBe(true);
      const email = page.getByLabel(/^Email/);
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
      const describedBy = (await email.getAttribute('aria-describedby')) ?? '';
      const inline = page.locator(`[id="${describedBy.split(' ').at(-1)}"]`);
      expect(await inline.textContent()).toContain('Invalid email address');
      expect(await inline.isVisible()).toBe(true);
      expect(await email.inputValue()).toBe('not-an-email');
    });

    it(`shows a readable success toast in ${colorScheme} mode`, async () => {
      const page = await ctx.newPage({ colorScheme });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // An account whose dark mode setting matches, signed out again, then signed in through the form.
      const email = uniqueEmail('toast');
      const signUp = await page.request.post('/api/v1/auth/sign-up', {
        data: { email, password: PASSWORD, fullName: 'Toast Reader', userType: 'customer' },
      });
      expect(signUp.status()).toBe(201);
      const patch = await page.request.patch('/api/v1/account/settings', {
        data: { darkMode: colorScheme === 'dark' },
      });
      expect(patch.status()).toBe(200);
      expect((await page.request.post('/api/v1/auth/sign-out')).status()).toBe(204);

      await page.goto('/auth');
      await page.getByLabel(/^Email/).fill(email);
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await holdToast(page, 'Welcome back!');
      await eventually(() => isDark(page)).toBe(colorScheme === 'dark');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    it(`shows toasts below the header, clear of its navigation and the tab bar, at ${viewport.width} px`, async () => {
      const page = await ctx.newPage({ viewport });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/auth');
      await page.getByLabel(/^Email/).fill('customer@tradenest.demo');
      await page.getByLabel(/^Password/).fill('tradenest-demo');
      await page.getByRole('button', { name: 'Log In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await holdToast(page, 'Welcome back!');
      // Signed in: the header has the app's items (its navigation from md up, the bell and Log Out).
      await page.getByRole('button', { name: 'Log Out' }).first().waitFor();
      const header = (await page.getByRole('banner').boundingBox())!;
      const tabBar = page.getByRole('navigation', { name: 'App' });
      const bar = (await tabBar.isVisible()) ? await tabBar.boundingBox() : null;
      expect(bar !== null).toBe(viewport.width < 768);
      for (const box of await toastBoxes(page, 'Welcome back!')) {
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
        if (bar) expect(overlaps(box, bar)).toBe(false);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
    });
  }
});
