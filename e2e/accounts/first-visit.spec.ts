import { expect, it } from 'vitest';
import { describeInBrowser } from '../harness/browser';
import { eventually, PASSWORD, signUpThroughApi, uniqueEmail } from '../harness/journeys';

// What a new account meets first, in its own words: a tradesperson is told what is true for them and
// greeted as new; and a dialog keeps what was typed when its error toast is closed.

describeInBrowser('first visit', (ctx) => {
  it('tells a new tradesperson to set up, and greets them with Welcome, not Welcome back', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/auth?mode=signup&type=tradesperson');
    await page.getByLabel(/^Email/).fill(uniqueEmail('new-pro'));
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Full name/).fill('Nia Newpro');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await eventually(() => page.getByText('Account created!').isVisible()).toBe(true);
    expect(await page.getByText('Set up your business profile to start finding jobs.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('You can now browse and post jobs.').count()).toBe(0);
    await page.waitForURL((url) => url.pathname === '/tradesperson-dashboard');
    await eventually(() => page.getByText('Welcome, Nia Newpro', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
  });

  it('keeps a dialog open when its error toast is closed with ×', async () => {
    const page = await ctx.newPage();
    // Without sonner's entrance animation the toast holds still to be clicked, as it does for a person.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpThroughApi(page, { fullName: 'Dina Dialog' });
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    await dialog.getByLabel(/^New password/).fill('typed-before-the-error');
    // Nothing in Current password: refused with an error toast.
    await dialog.getByRole('button', { name: 'Change password' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Validation Error' });
    await toast.waitFor();
    // Radix hides everything outside a modal dialog from the accessibility tree, the toaster included.
    await toast.getByRole('button', { name: 'Close toast', includeHidden: true }).click();
    await eventually(() => toast.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel(/^New password/).inputValue()).toBe('typed-before-the-error');
  });
});
