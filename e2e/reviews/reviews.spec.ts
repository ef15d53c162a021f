import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../domain/reviews/messages';
import { type BrowserTestContext, describeInBrowser, seriousAxeViolations } from '../harness/browser';
import {
  completedJobThroughApi,
  DEMO_TRADESPERSON,
  eventually,
  ok,
  signIn,
  signUpThroughApi,
} from '../harness/journeys';

const DEMO_ADMIN = { email: 'admin@tradenest.demo', password: 'tradenest-demo' };

// Issue 15's journey, from payment to a published pair of reviews and a reply on the public profile:
// the customer pays on the sandbox's hosted page, reviews from My Jobs → Done (hidden until the other
// side reviews: fair reveal), the tradesperson reviews the customer from My Bookings (which publishes
// both), replies on My Reviews, and a visitor reads the review and the reply on the profile. The
// marketplace steps before paying go through the API: the marketplace journey covers their screens.

/** A new customer's job, quoted by the demo tradesperson, accepted and marked complete. */
const completedJob = (ctx: BrowserTestContext, title: string) =>
  completedJobThroughApi(() => ctx.newPage(), {
    title,
    description: 'The bathroom basin drains slowly and gurgles after every use.',
    price: '135.00',
    customerName: 'Rita Reviewer',
  });

/** My Jobs → Active → 'Pay £135.00' → the sandbox's card page → back on My Jobs, paid. */
async function pay(customer: Page, title: string): Promise<Page> {
  await customer.goto('/my-jobs');
  await customer.getByRole('tab', { name: 'Active' }).click();
  const card = customer.getByRole('listitem').filter({ hasText: title });
  await eventually(() => card.getByText('Ready for Payment').isVisible()).toBe(true);
  // The checkout takes this tab, and its return comes back to it.
  await card.getByRole('button', { name: 'Pay £135.00' }).click();
  await customer.getByLabel(/^Card number/).waitFor();
  await customer.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
  await customer.getByRole('button', { name: 'Pay £135.00' }).click();
  await customer.waitForURL((url) => url.pathname === '/my-jobs');
  await eventually(() => customer.getByText('Payment successful!').isVisible()).toBe(true);
  return customer;
}

describeInBrowser('reviews', (ctx) => {
  it('goes from payment to a published pair of reviews and a reply, shown on the public profile', async () => {
    const title = `Unblock a basin ${Date.now()}`;
    const comment = `Quick, tidy and explained everything ${Date.now()}.`;
    const reply = 'Thank you, Rita! Glad the basin drains again.';
    const { customer, tradesperson, tradespersonId } = await completedJob(ctx, title);
    const paid = await pay(customer, title);

    // The customer's review, from Done: no rating is refused, then 4 stars and a comment.
    await eventually(() => paid.getByRole('tab', { name: 'Done' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const done = paid.getByRole('listitem').filter({ hasText: title });
    await done.getByRole('button', { name: 'Leave Review' }).click();
    const dialog = paid.getByRole('dialog', { name: 'Leave a review' });
    await dialog.waitFor();
    expect(await dialog.getByText(REVIEW_MESSAGES.fairReveal).isVisible()).toBe(true);
    expect(await seriousAxeViolations(paid)).toEqual([]);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await eventually(() => paid.getByText(REVIEW_MESSAGES.ratingRequired).isVisible()).toBe(true);
    await dialog.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await dialog.getByLabel(/^Comment/).fill(comment);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await eventually(() => paid.getByText(REVIEW_MESSAGES.thanks).isVisible()).toBe(true);
    await eventually(() => done.getByText(/^Review submitted/).isVisible()).toBe(true);

    // Not public yet: the profile does not show it.
    const visitor = await ctx.newPage();
    await visitor.goto(`/tradesperson/${tradespersonId}`);
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    expect(await visitor.getByText(comment).count()).toBe(0);

    // The tradesperson reviews the customer from My Bookings, which publishes both.
    await tradesperson.goto('/my-jobs');
    const booked = tradesperson.getByRole('listitem').filter({ hasText: title });
    await eventually(() => booked.getByRole('button', { name: 'Leave Review' }).isVisible()).toBe(true);
    await booked.getByRole('button', { name: 'Leave Review' }).click();
    const theirs = tradesperson.getByRole('dialog', { name: 'Leave a review' });
    await theirs.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await theirs.getByRole('button', { name: 'Submit Review' }).click();
    await eventually(() => tradesperson.getByText(REVIEW_MESSAGES.thanks).isVisible()).toBe(true);
    await eventually(() => booked.getByText('Reviews published').isVisible()).toBe(true);

    // The reply, from My Reviews → Received.
    await tradesperson.goto('/my-reviews?tab=received');
    const received = tradesperson.getByRole('article').filter({ hasText: comment });
    await eventually(() => received.isVisible()).toBe(true);
    await received.getByLabel('Reply publicly').fill(reply);
    await received.getByRole('button', { name: 'Post reply' }).click();
    await eventually(() => tradesperson.getByText('Reply posted').isVisible()).toBe(true);
    await eventually(() => received.getByText(reply).isVisible()).toBe(true);
    expect(await received.getByRole('button', { name: 'Edit reply' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);

    // Public: the review and its reply on the profile, and on /reviews with the distribution.
    await visitor.reload();
    const shown = visitor.getByRole('article').filter({ hasText: comment });
    await eventually(() => shown.isVisible()).toBe(true);
    expect(await shown.getByText(reply).isVisible()).toBe(true);
    await visitor.goto(`/reviews?tradesperson=${tradespersonId}`);
    await eventually(() => visitor.getByRole('article').filter({ hasText: comment }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(visitor)).toEqual([]);
  });

  it('takes a report to the admin queue, where an admin keeps the review with a reason, on a phone', async () => {
    const details = `Mentions a different job ${Date.now()}`;
    const reporter = await ctx.newPage();
    await signUpThroughApi(reporter, { fullName: 'Ray Reporter' });
    const pro = await ctx.newPage();
    const { user } = await ok<{ user: { id: string } }>(
      await pro.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON }),
      200,
    );
    const page = await ok<{ reviews: { id: string; canReport: boolean }[] }>(
      await reporter.request.get(`/api/v1/tradespeople/${user.id}/reviews?limit=50`),
      200,
    );
    const target = page.reviews.find((r) => r.canReport)!;
    await ok(
      await reporter.request.post(`/api/v1/reviews/${target.id}/reports`, {
        data: { reason: 'not_about_job', details },
      }),
      201,
    );

    const admin = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.goto('/admin/reviews');
    const card = admin.getByRole('article').filter({ hasText: details });
    await eventually(() => card.isVisible()).toBe(true);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await card.getByRole('button', { name: /^Keep review by/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Keep this review?' });
    await dialog.getByRole('textbox').fill('It is about the job that was booked.');
    await dialog.getByRole('button', { name: 'Keep review' }).click();
    await eventually(() => admin.getByRole('article').filter({ hasText: details }).count()).toBe(0);
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
