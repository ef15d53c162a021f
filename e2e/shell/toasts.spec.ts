import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../support/browser';
import { eventually, PASSWORD, uniqueEmail } from '../support/journeys';

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
});
