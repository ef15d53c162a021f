import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import {
  DEMO_TRADESPERSON,
  eventually,
  pathOf,
  postJob,
  quoteOnJob,
  signIn,
  signUpCustomer,
  signUpThroughApi,
} from '../harness/journeys';

// The marketplace journey: a customer posts a job, a tradesperson quotes, the customer accepts, the
// tradesperson marks the work complete and the customer sees it ready for payment. Every step goes
// through the screens; nothing here provokes a 4xx (Chromium would log it as a console error).

describeInBrowser('marketplace', (ctx) => {
  it('takes a job from posting through a quote and acceptance to ready for payment', async () => {
    const title = `Fix a dripping tap ${Date.now()}`;
    const customer = await ctx.newPage();
    await signUpCustomer(customer);
    const jobId = await postJob(customer, title);
    const card = customer.getByRole('listitem').filter({ hasText: title });
    await eventually(() => card.getByText('0 quotes received').isVisible()).toBe(true);
    expect(await card.getByText('£100-£250').isVisible()).toBe(true);

    // The tradesperson finds the job in Find Jobs and quotes.
    const tradesperson = await ctx.newPage();
    await signIn(tradesperson, DEMO_TRADESPERSON.email, DEMO_TRADESPERSON.password);
    await tradesperson.waitForURL((url) => url.pathname === '/tradesperson-dashboard');
    await tradesperson.goto('/browse');
    const listed = tradesperson.getByRole('link', { name: title });
    await listed.first().waitFor();
    await listed.first().click();
    await tradesperson.waitForURL((url) => url.pathname === `/job/${jobId}`);
    await eventually(() => tradesperson.getByText('M1 (district)').isVisible()).toBe(true);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);
    await tradesperson.getByLabel(/^Your price/).fill('249.99');
    await tradesperson.getByLabel(/^Message to the customer/).fill('I can replace the washer on Monday.');
    await tradesperson.getByRole('button', { name: 'Submit Quote' }).click();
    await eventually(() => tradesperson.getByText('Quote submitted!').isVisible()).toBe(true);
    await eventually(() => tradesperson.getByText('£249.99').first().isVisible()).toBe(true);

    // The customer sees the quote and accepts it.
    await customer.goto('/my-jobs');
    await eventually(() =>
      customer.getByRole('listitem').filter({ hasText: title }).getByText('1 quote received').isVisible(),
    ).toBe(true);
    await customer.getByRole('link', { name: title }).click();
    await customer.waitForURL((url) => url.pathname === `/job/${jobId}`);
    await customer.getByRole('button', { name: 'Accept' }).click();
    await customer
      .getByRole('dialog', { name: 'Accept this quote?' })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    await eventually(() => customer.getByText('Quote Accepted').isVisible()).toBe(true);
    await eventually(() => customer.getByRole('heading', { name: 'Booking' }).isVisible()).toBe(true);
    // A toast fading in would fail axe's contrast check mid-animation.
    await eventually(() => customer.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousAxeViolations(customer)).toEqual([]);

    // The tradesperson marks the work complete from the dashboard.
    await tradesperson.goto('/tradesperson-dashboard');
    const activeJob = tradesperson.getByRole('article').filter({ hasText: title });
    await activeJob.waitFor();
    const completed = tradesperson.waitForResponse(
      (r) => r.url().endsWith('/complete') && r.request().method() === 'POST',
    );
    await activeJob.getByRole('button', { name: 'Mark Complete' }).click();
    await tradesperson.getByRole('button', { name: 'Mark as complete' }).click();
    expect((await completed).status()).toBe(200);

    // The customer's Active tab shows the job ready for payment (paying: e2e/payments).
    await customer.goto('/my-jobs');
    await customer.getByRole('tab', { name: 'Active' }).click();
    const active = customer.getByRole('listitem').filter({ hasText: title });
    await eventually(() => active.getByText('Ready for Payment').isVisible()).toBe(true);
    const pay = active.getByRole('button', { name: 'Pay £249.99' });
    expect(await pay.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    expect(pathOf(customer)).toBe('/my-jobs');
  });

  it('asks before accepting a quote and before marking a job complete, by keyboard, and Escape changes nothing', async () => {
    const title = `Replace a radiator valve ${Date.now()}`;
    const customer = await ctx.newPage();
    await signUpCustomer(customer);
    const jobId = await postJob(customer, title);
    const tradesperson = await ctx.newPage();
    await signIn(tradesperson, DEMO_TRADESPERSON.email, DEMO_TRADESPERSON.password);
    await quoteOnJob(tradesperson, jobId, '180.50', 'I can swap the valve on Tuesday.');

    const posts: string[] = [];
    for (const page of [customer, tradesperson]) {
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
      });
    }
    const dialogIsOpen = (page: typeof customer) => page.getByRole('dialog').isVisible();
    const focusIsInDialog = (page: typeof customer) =>
      page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

    // Accept: the dialog opens from the keyboard with the amount and what accepting does.
    await customer.goto(`/job/${jobId}`);
    await eventually(() => customer.getByText('£180.50').first().isVisible()).toBe(true);
    await eventually(() => customer.locator('[data-sonner-toast]').count()).toBe(0);
    const accept = customer.getByRole('button', { name: 'Accept', exact: true });
    await accept.focus();
    await customer.keyboard.press('Enter');
    const acceptDialog = customer.getByRole('dialog', { name: 'Accept this quote?' });
    await acceptDialog.waitFor();
    expect(await acceptDialog.textContent()).toContain('£180.50');
    await eventually(() => focusIsInDialog(customer)).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await customer.keyboard.press('Escape');
    await eventually(() => dialogIsOpen(customer)).toBe(false);
    expect(await accept.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(posts.filter((p) => p.endsWith('/accept'))).toEqual([]);
    expect(await accept.isVisible()).toBe(true);

    // Confirmed from the keyboard, it books the tradesperson.
    await customer.keyboard.press('Enter');
    await acceptDialog.waitFor();
    await acceptDialog.getByRole('button', { name: 'Accept quote' }).focus();
    await customer.keyboard.press('Enter');
    await eventually(() => customer.getByText('Quote Accepted').isVisible()).toBe(true);
    await eventually(() => customer.getByRole('heading', { name: 'Booking' }).isVisible()).toBe(true);

    // Mark Complete: the same, on the tradesperson's dashboard.
    await tradesperson.goto('/tradesperson-dashboard');
    const activeJob = tradesperson.getByRole('article').filter({ hasText: title });
    await activeJob.waitFor();
    await eventually(() => tradesperson.locator('[data-sonner-toast]').count()).toBe(0);
    const complete = activeJob.getByRole('button', { name: 'Mark Complete' });
    await complete.focus();
    await tradesperson.keyboard.press('Enter');
    const completeDialog = tradesperson.getByRole('dialog', { name: 'Mark this job complete?' });
    await completeDialog.waitFor();
    expect(await completeDialog.textContent()).toContain('£180.50');
    await eventually(() => focusIsInDialog(tradesperson)).toBe(true);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);
    await completeDialog.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => dialogIsOpen(tradesperson)).toBe(false);
    expect(posts.filter((p) => p.endsWith('/complete'))).toEqual([]);

    await complete.click();
    await completeDialog.getByRole('button', { name: 'Mark as complete' }).click();
    await eventually(() => tradesperson.getByText('Job Marked Complete').isVisible()).toBe(true);
    expect(posts.filter((p) => p.endsWith('/complete'))).toHaveLength(1);
  });

  it('keeps Post a Job and My Jobs usable at 360 px and free of serious accessibility problems', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    // Signed up through the API: a toast fading in would fail axe's contrast check mid-animation.
    await signUpThroughApi(page, { fullName: 'Narrow Screen' });
    await page.goto('/post-job');
    await page.getByLabel(/^Job title/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Post Job', exact: true }).click();
    await eventually(() => page.getByText('Validation Error').isVisible()).toBe(true);
    // The toast carries the first message only; each field shows its own beside it.
    const toast = page.locator('[data-sonner-toast]');
    expect(await toast.getByText('Title must be at least 5 characters').count()).toBe(1);
    expect(await toast.getByText('Description must be at least 20 characters').count()).toBe(0);
    const main = page.locator('main');
    expect(await main.getByText('Title must be at least 5 characters').isVisible()).toBe(true);
    expect(await main.getByText('Description must be at least 20 characters').isVisible()).toBe(true);
    expect(await page.getByLabel(/^Job title/).evaluate((el) => el === document.activeElement)).toBe(true);

    const title = `Paint the hallway ${Date.now()}`;
    await postJob(page, title);
    await eventually(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
