import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';

const PASSWORD = 'a-long-enough-password';
const DEMO_CUSTOMER = { email: 'customer@tradenest.demo', password: 'tradenest-demo' };

let counter = 0;
/** A fresh address for every account a test creates, so runs never collide. */
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signUpThroughForm(page: Page, userType: 'customer' | 'tradesperson'): Promise<string> {
  const email = uniqueEmail(userType);
  await page.goto(`/auth?mode=signup${userType === 'tradesperson' ? '&type=tradesperson' : ''}`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Full name/).fill(`New ${userType}`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect.poll(() => page.getByText('Account created!').isVisible()).toBe(true);
  return email;
}

async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect.poll(() => page.getByText('Welcome back!').isVisible()).toBe(true);
}

/** Signs up through the API, sharing the page's cookies: quicker where the form is not the point. */
async function signUpThroughApi(page: Page, settings?: { darkMode: boolean }): Promise<string> {
  const email = uniqueEmail('api');
  const signUp = await page.request.post('/api/v1/auth/sign-up', {
    data: { email, password: PASSWORD, fullName: 'Axe Checker', userType: 'customer' },
  });
  expect(signUp.status()).toBe(201);
  if (settings) {
    const patch = await page.request.patch('/api/v1/account/settings', { data: settings });
    expect(patch.status()).toBe(200);
  }
  return email;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describeInBrowser('accounts', (ctx) => {
  it('signs a new customer up, out and back in', async () => {
    const page = await ctx.newPage();
    const email = await signUpThroughForm(page, 'customer');
    await page.waitForURL((url) => url.pathname === '/home');
    // On a desktop the app's items are in the header (the tab bar is for phones).
    const appItems = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' });
    await expect.poll(() => appItems.isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('link', { name: 'Log In' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('navigation', { name: 'App' }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tradenest.userType'))).toBeNull();

    await signInThroughForm(page, email);
    await page.waitForURL((url) => url.pathname === '/home');
  });

  it('takes a new tradesperson to the tradesperson dashboard', async () => {
    const page = await ctx.newPage();
    await signUpThroughForm(page, 'tradesperson');
    await page.waitForURL((url) => url.pathname === '/tradesperson-dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Quotes' }).isVisible()).toBe(true);
  });

  it('signs the demo customer in and shows the account screen', async () => {
    const page = await ctx.newPage();
    await signInThroughForm(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.waitForURL((url) => url.pathname === '/home');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => page.getByText('customer account').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(DEMO_CUSTOMER.email).isVisible()).toBe(true);
  });

  it('keeps dark mode after a reload and on a fresh sign-in elsewhere', async () => {
    const page = await ctx.newPage();
    const email = await signUpThroughForm(page, 'customer');
    await page.waitForURL((url) => url.pathname === '/home');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const darkMode = page.getByRole('switch', { name: 'Dark mode' });
    expect(await darkMode.getAttribute('aria-checked')).toBe('false');
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/account/settings') && response.status() === 200,
    );
    await darkMode.click();
    await expect.poll(() => isDark(page)).toBe(true);
    await saved;

    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await isDark(page)).toBe(true);

    // Another browser (a new context has no stored theme) picks it up from the account.
    const elsewhere = await ctx.newPage();
    await elsewhere.goto('/');
    expect(await isDark(elsewhere)).toBe(false);
    await signInThroughForm(elsewhere, email);
    await elsewhere.waitForURL((url) => url.pathname === '/home');
    await expect.poll(() => isDark(elsewhere)).toBe(true);
  });

  it('follows a sign-out made in another tab', async () => {
    const page = await ctx.newPage();
    await signUpThroughApi(page);
    await page.goto('/profile');
    await page.locator('main h1').waitFor();
    // A second tab of the same browser: same cookie, its own query cache.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/profile');
    await otherTab.locator('main h1').waitFor();

    await page.getByRole('tab', { name: 'Info' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await otherTab.waitForURL((url) => url.pathname === '/auth');
  });

  it('changes the password, then deletes the account and returns to /', async () => {
    const page = await ctx.newPage();
    const email = await signUpThroughApi(page);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();

    await page.getByRole('button', { name: 'Change password' }).click();
    const changeDialog = page.getByRole('dialog');
    await changeDialog.getByLabel(/^Current password/).fill(PASSWORD);
    await changeDialog.getByLabel(/^New password/).fill('another-long-password');
    await changeDialog.getByLabel(/^Confirm new password/).fill('another-long-password');
    await changeDialog.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password changed').isVisible()).toBe(true);
    await expect.poll(() => changeDialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const deleteDialog = page.getByRole('dialog');
    const confirm = deleteDialog.getByRole('button', { name: 'Delete my account' });
    await deleteDialog.getByLabel(/^Password/).fill('another-long-password');
    expect(await confirm.isDisabled()).toBe(true);
    await deleteDialog.getByLabel(/^Type DELETE/).fill('DELETE');
    await confirm.click();
    await expect.poll(() => page.getByText('Account deleted').isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/');

    const session = await page.request.get('/api/v1/auth/session');
    expect(await session.json()).toEqual({ user: null });
    const signIn = await page.request.post('/api/v1/auth/sign-in', {
      data: { email, password: 'another-long-password' },
    });
    expect(signIn.status()).toBe(401);
  });

  it('sends a signed-out visitor from /profile to /auth', async () => {
    const page = await ctx.newPage();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(pathOf(page)).toBe('/auth');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious accessibility violations on /auth (sign-up) in ${colorScheme} mode on a phone`, async () => {
      const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
      await page.goto('/auth?mode=signup');
      await page.locator('main h1').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    it(`has no serious accessibility violations on /profile in ${colorScheme} mode on a phone`, async () => {
      const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme });
      // A signed-in user's theme is their account's dark mode setting, not the device's.
      await signUpThroughApi(page, { darkMode: colorScheme === 'dark' });
      await page.goto('/profile');
      await page.locator('main h1').waitFor();
      await expect.poll(() => isDark(page)).toBe(colorScheme === 'dark');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('switch', { name: 'Dark mode' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
