import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DISPUTE_MESSAGES, DISPUTE_RESOLUTION_LABELS } from '../../domain/disputes/messages';
import { type BrowserTestContext, describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, ok, paidJobThroughApi, signIn } from '../harness/journeys';

const DEMO_ADMIN = { email: 'admin@tradenest.demo', password: 'tradenest-demo' };

// Issue 16's journey, from raising to an admin's split: a new customer's job is quoted by the demo
// tradesperson, accepted, completed and paid through the sandbox (through the API: the payments and
// reviews journeys cover those screens). The customer raises a dispute from the job's page, the money
// is shown frozen, the tradesperson responds on the dispute's page, the demo admin splits the held
// money on the case file, and both parties' money timelines show the refund and the release.

/** A new customer's job, quoted at £200 by the demo tradesperson, accepted, completed and paid. */
const paidJob = (ctx: BrowserTestContext, title: string) =>
  paidJobThroughApi(() => ctx.newPage(), {
    title,
    description: 'The shower tray leaks into the kitchen ceiling below it.',
    price: '200.00',
    customerName: 'Dee Disputer',
  });

const timelineText = async (page: Page) =>
  (await page.getByRole('list', { name: 'Payment history' }).textContent()) ?? '';

describeInBrowser('disputes', (ctx) => {
  it('goes from raising a dispute to an admin split, shown on both parties’ money timelines', async () => {
    const title = `Reseal a shower tray ${Date.now()}`;
    const description = 'The tray still leaks: there is a new stain on the kitchen ceiling below.';
    const { customer, tradesperson, jobId } = await paidJob(ctx, title);

    // The customer raises it from the job's page; submit waits for both fields.
    await customer.goto(`/job/${jobId}`);
    await customer.getByRole('button', { name: 'Raise Dispute' }).click();
    const dialog = customer.getByRole('dialog', { name: 'Raise a dispute' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Raise Dispute' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel(/^Reason/).selectOption('Poor quality of work');
    await dialog.getByLabel(/^Description/).fill('Still leaks.');
    await submit.click();
    await eventually(() => dialog.getByText(DISPUTE_MESSAGES.descriptionTooShort).first().isVisible()).toBe(
      true,
    );
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await dialog.getByLabel(/^Description/).fill(description);
    await submit.click();
    await eventually(() => customer.getByText(DISPUTE_MESSAGES.raised).first().isVisible()).toBe(true);
    await customer.getByRole('link', { name: /View dispute/ }).click();
    await customer.waitForURL(/\/disputes\/[0-9a-f-]+$/);
    const disputeUrl = new URL(customer.url()).pathname;
    await eventually(() => customer.getByText(description).isVisible()).toBe(true);
    await eventually(() => customer.getByText('£200.00').first().isVisible()).toBe(true);

    // The tradesperson responds on the dispute's page.
    await tradesperson.goto(disputeUrl);
    const response = 'The tray was resealed as quoted; the stain is from an old leak in the pipe.';
    await tradesperson.getByLabel('Tell our team your side').fill(response);
    await tradesperson.getByRole('button', { name: /Send response/ }).click();
    await eventually(() => tradesperson.getByText(response).isVisible()).toBe(true);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);

    // The demo admin splits it on the case file: a split that does not add up is refused first.
    const admin = await ctx.newPage();
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto('/admin/disputes');
    await admin.getByRole('link', { name: title }).first().click();
    await admin.waitForURL(/\/admin\/disputes\/[0-9a-f-]+$/);
    await eventually(() => admin.getByText(response).isVisible()).toBe(true);
    await admin.getByLabel(DISPUTE_RESOLUTION_LABELS.split).check();
    await admin.getByRole('textbox', { name: /^Refund to/ }).fill('50');
    await admin.getByRole('textbox', { name: /^Release to/ }).fill('100');
    await admin.getByLabel(/^Note/).fill('Half the work needs redoing; the rest was done as quoted.');
    await admin.getByRole('button', { name: 'Resolve dispute…' }).click();
    await eventually(() => admin.getByText(DISPUTE_MESSAGES.splitMustAddUp).first().isVisible()).toBe(true);
    // The refusal puts focus on the first amount; the second one is corrected after that.
    const refundBox = admin.getByRole('textbox', { name: /^Refund to/ });
    await eventually(() => refundBox.evaluate((el) => el === document.activeElement)).toBe(true);
    await admin.getByRole('textbox', { name: /^Release to/ }).fill('150');
    expect(await refundBox.inputValue()).toBe('50');
    await admin.getByRole('button', { name: 'Resolve dispute…' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Resolve this dispute?' });
    await confirm.waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Resolve dispute' }).click();
    await eventually(() => admin.getByText(DISPUTE_MESSAGES.resolved).first().isVisible()).toBe(true);

    // Both money timelines show where the money went.
    for (const page of [customer, tradesperson]) {
      await page.goto(`/job/${jobId}`);
      await eventually(() => timelineText(page)).toContain('Refunded £50.00 to the customer');
      expect(await timelineText(page)).toContain('Released £150.00 to the tradesperson');
    }
    await customer.goto(disputeUrl);
    await eventually(() => customer.getByText('Resolved').first().isVisible()).toBe(true);
  });

  it('fits a 360 px phone, in dark mode too, and stays axe-clean for both parties and the admin', async () => {
    const title = `Refit a loose radiator ${Date.now()}`;
    const { customer, tradesperson, bookingId } = await paidJob(ctx, title);
    await ok(await customer.request.patch('/api/v1/account/settings', { data: { darkMode: true } }), 200);
    const { dispute } = await ok<{ dispute: { id: string } }>(
      await customer.request.post('/api/v1/disputes', {
        data: {
          bookingId,
          reason: 'Work not completed as agreed',
          description: 'The radiator still rocks on its brackets and one valve weeps.',
        },
      }),
      201,
    );

    const phone = { width: 360, height: 740 };
    const overflow = (page: Page) =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    const pages: { page: Page; paths: string[]; dark: boolean }[] = [];
    const mine = await ctx.newPage({ viewport: phone });
    await mine.context().addCookies(await customer.context().cookies());
    pages.push({ page: mine, paths: ['/disputes', `/disputes/${dispute.id}`], dark: true });
    const theirs = await ctx.newPage({ viewport: phone });
    await theirs.context().addCookies(await tradesperson.context().cookies());
    pages.push({ page: theirs, paths: [`/disputes/${dispute.id}`], dark: false });
    const admin = await ctx.newPage({ viewport: phone });
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    pages.push({ page: admin, paths: ['/admin/disputes', `/admin/disputes/${dispute.id}`], dark: false });

    for (const { page, paths, dark } of pages) {
      for (const path of paths) {
        await page.goto(path);
        await eventually(() => page.getByText(title).first().isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page), path).toEqual([]);
      }
    }
    // The respondent's form is there on the phone.
    expect(await theirs.getByLabel('Tell our team your side').isVisible()).toBe(true);
  });
});
