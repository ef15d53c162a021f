import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, signUpThroughApi } from '../harness/journeys';

// A tradesperson's payout account and money: Business Setup step 4 creates the account with the sandbox
// provider, 'Start onboarding' opens the sandbox's hosted onboarding in a new tab, and the provider's
// return (?step=4&connect=return) and the first tab's 5-second recheck both show payouts enabled. The
// Payments page then says so; for the demo tradesperson (seeded with released payments) it shows the
// figures and draws the monthly chart.

/** Errors on a page the test opened itself (the provider's tab) fail the test as well. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  return errors;
}

/** A status box of the payout account card, e.g. statusOf(page, 'Payouts') → 'Enabled'. */
const statusOf = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Payout account' })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`)
    .textContent();

describeInBrowser('payouts', (ctx) => {
  it('creates the payout account, onboards on the provider’s page and comes back with payouts enabled', async () => {
    const page = await ctx.newPage();
    await signUpThroughApi(page, { fullName: 'Pat Payee', userType: 'tradesperson' });

    // Step 4 straight from the link, with nothing connected yet.
    await page.goto('/tradesperson/setup?step=4');
    const card = page.getByRole('region', { name: 'Payout account' });
    await card.getByRole('button', { name: 'Create payout account' }).click();
    const onboarding = card.getByRole('button', { name: /Start onboarding/ });
    await onboarding.waitFor();
    expect(await statusOf(page, 'Payout account')).toBe('Created');
    expect(await statusOf(page, 'Payouts')).toBe('Not enabled yet');
    const needed = card.getByRole('list', { name: 'Still needed by the payment provider' });
    expect(await needed.getByRole('listitem').allTextContents()).toEqual([
      'Legal name',
      'Date of birth',
      'Bank account for payouts',
      'Accept the payment provider’s terms',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The provider's onboarding opens in a new tab.
    const [provider] = await Promise.all([page.context().waitForEvent('page'), onboarding.click()]);
    const errors = watchErrors(provider!);
    await provider!.waitForURL((url) => url.pathname.startsWith('/sandbox/onboarding/'));
    expect(await provider!.evaluate(() => window.opener)).toBeNull();
    await provider!.getByLabel(/^Legal name/).fill('Pat Payee');
    await provider!.getByLabel(/^Date of birth/).fill('1985-04-12');
    await provider!.getByLabel(/^Sort code/).fill('10-88-00');
    await provider!.getByLabel(/^Account number/).fill('00012345');
    await provider!.getByRole('button', { name: 'Finish and return to TradeNest' }).click();

    // The provider sends that tab back to step 4, which checks the account and forgets the answer.
    await provider!.waitForURL((url) => url.pathname === '/tradesperson/setup');
    await eventually(() =>
      provider!.getByText('Welcome back: your payout account is ready.').isVisible(),
    ).toBe(true);
    await eventually(async () => new URL(provider!.url()).search).toBe('?step=4');
    expect(await statusOf(provider!, 'Payouts')).toBe('Enabled');
    expect(errors).toEqual([]);

    // The first tab checked again 5 seconds after onboarding started.
    await page.bringToFront();
    await eventually(() => page.getByText('Your payout account is ready.').isVisible()).toBe(true);
    expect(await statusOf(page, 'Payouts')).toBe('Enabled');
    expect(await statusOf(page, 'Card payments')).toBe('Enabled');
    expect(await card.getByRole('button', { name: /Update details/ }).isVisible()).toBe(true);

    // Payments: nothing paid yet, and no warning about the payout account.
    await page.goto('/tradesperson/payments');
    await page.getByRole('heading', { name: 'No payments yet' }).waitFor();
    expect(
      await page.getByText('Your payout account is ready: released money is paid out to it.').isVisible(),
    ).toBe(true);
    expect(await page.getByText(/waits here until your payout account is ready/).count()).toBe(0);
  });

  it('shows the demo tradesperson’s money: figures, the monthly chart and its table, in dark mode on a phone', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 780 }, colorScheme: 'dark' });
    const signIn = await page.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
    expect(signIn.status()).toBe(200);
    await page.goto('/tradesperson/payments');
    // The figures' labels; the payments list below may say 'Held in escrow' too (a milestone's money,
    // held until approved, when another journey paid the demo tradesperson one).
    const figures = page.getByRole('region', { name: 'Your money' });
    await figures.getByText('Held in escrow', { exact: true }).waitFor();
    for (const label of ['Held in escrow', 'Ready to pay out', 'Paid out', 'Fees']) {
      expect(await figures.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    // The chart arrives in its own chunk and draws a bar per month; its table is for screen readers.
    const chart = page.getByRole('region', { name: 'Earnings per month' });
    await eventually(() => chart.locator('svg rect.fill-primary').count()).toBe(12);
    const table = chart.getByRole('table', { name: /Earnings per month/ });
    expect(await table.getByRole('row').count()).toBe(13);
    expect(await page.getByRole('list', { name: 'Payments' }).getByRole('listitem').count()).toBeGreaterThan(
      0,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('is not a page for customers', async () => {
    const page = await ctx.newPage();
    await signUpThroughApi(page, { fullName: 'Nora Nosy' });
    await page.goto('/tradesperson/payments');
    await page.getByRole('heading', { name: 'Oops! Page not found' }).waitFor();
  });
});
