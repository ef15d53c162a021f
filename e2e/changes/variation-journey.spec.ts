import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, ok, signUpThroughApi } from '../harness/journeys';

// Issue 38's whole journey: a customer on a 360 px phone posts a job with two photos, two tradespeople
// send itemised quotes, the customer compares them side by side and accepts one; during the work the
// tradesperson finds more to do and proposes a change that raises the price, the customer accepts it,
// pays the new total into escrow through the sandbox's checkout and releases it. The booking's changes
// page shows the money timeline from the price agreed to the release.

const PHONE = { width: 360, height: 740 };

const photo = (background: string) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background } })
    .jpeg()
    .toBuffer();

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Post a Job at phone size with two photos; returns the job's id. */
async function postWithPhotos(customer: Page, title: string): Promise<string> {
  await customer.goto('/post-job');
  await customer.getByLabel(/^Job title/).fill(title);
  await customer.getByLabel(/^Category/).selectOption('Carpentry');
  await customer
    .getByLabel(/^Description/)
    .fill('The kitchen floor bounces by the back door; lift the boards and fix what is underneath.');
  await customer.getByLabel(/^Postcode/).fill('M1 1AE');
  await customer.getByLabel('Choose photos').setInputFiles([
    { name: 'floor.jpg', mimeType: 'image/jpeg', buffer: await photo('#7a5230') },
    { name: 'door.jpg', mimeType: 'image/jpeg', buffer: await photo('#3b6e8f') },
  ]);
  await customer.getByLabel('Caption for photo 2').waitFor();
  await eventually(() => customer.getByRole('progressbar').count()).toBe(0);
  await customer.getByLabel('Caption for photo 1').fill('The soft spot by the back door');
  await customer.getByRole('button', { name: 'Post Job', exact: true }).click();
  await customer.waitForURL((url) => url.pathname === '/my-jobs');
  const link = customer.getByRole('link', { name: title });
  const href = await link.getAttribute('href');
  return href!.split('/').pop()!;
}

/** Two itemised quotes: the demo tradesperson's and a second tradesperson's, through the API. */
async function twoItemisedQuotes(ctx: { newPage: () => Promise<Page> }, jobId: string): Promise<Page> {
  const demo = await ctx.newPage();
  await ok(await demo.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON }), 200);
  await ok(
    await demo.request.post(`/api/v1/jobs/${jobId}/quotes`, {
      data: {
        message: 'Two days, boards included.',
        lineItems: [
          { kind: 'labour', description: 'Lift and relay the floor', quantity: '2', unitPrice: '110' },
          { kind: 'materials', description: 'New boards', quantity: '4', unitPrice: '20' },
        ],
        estimatedDurationDays: 2,
      },
    }),
    201,
  );
  const pro = await ctx.newPage();
  await signUpThroughApi(pro, { fullName: 'Jo Joiner', userType: 'tradesperson' });
  await ok(
    await pro.request.put('/api/v1/tradesperson/profile', {
      data: { trade: 'Carpenter', basePostcode: 'M1 1AE', serviceRadiusMiles: 20 },
    }),
    200,
  );
  await ok(
    await pro.request.post(`/api/v1/jobs/${jobId}/quotes`, {
      data: {
        message: 'I can start on Monday.',
        lineItems: [
          { kind: 'labour', description: 'Lift and relay the floor', quantity: '1.5', unitPrice: '120' },
          { kind: 'materials', description: 'Boards and fixings', quantity: '1', unitPrice: '60' },
        ],
        exclusions: 'Skirting boards',
        estimatedDurationDays: 2,
      },
    }),
    201,
  );
  return pro;
}

describeInBrowser('changes to a booking', (ctx) => {
  it('posts with photos on a phone, compares itemised quotes, agrees a price rise, pays it and releases', async () => {
    const title = `Fix a bouncy kitchen floor ${Date.now()}`;
    const customer = await ctx.newPage({ viewport: PHONE });
    await signUpThroughApi(customer, { fullName: 'Riley Renovator' });
    const jobId = await postWithPhotos(customer, title);
    const pro = await twoItemisedQuotes(ctx, jobId);

    // The job page shows the photos; the comparison puts the quotes side by side, and accepting
    // from it is the job page's own accept.
    await customer.goto(`/job/${jobId}`);
    await customer.getByRole('button', { name: /^Open photo 1 of 2/ }).waitFor();
    await customer.getByRole('link', { name: 'Compare quotes' }).click();
    await customer.waitForURL((url) => url.pathname === `/job/${jobId}/compare`);
    const table = customer.getByRole('table', { name: new RegExp(`^2 quotes for ${title}`) });
    await table.waitFor();
    expect(await table.getByText('Skirting boards').isVisible()).toBe(true);
    expect(await noSidewaysScroll(customer)).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await customer.getByRole('button', { name: 'Accept Jo Joiner' }).click();
    await customer
      .getByRole('dialog', { name: 'Accept this quote?' })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    await eventually(() => customer.getByText('Quote Accepted').isVisible()).toBe(true);
    const { job } = await ok<{ job: { booking: { id: string; amount: number } } }>(
      await customer.request.get(`/api/v1/jobs/${jobId}`),
      200,
    );
    const bookingId = job.booking.id;
    expect(job.booking.amount).toBe(24_000);

    // Under the boards, a rotten joist: the tradesperson proposes a change that raises the price.
    await pro.goto(`/booking-changes/${bookingId}`);
    await pro.getByRole('button', { name: 'Propose a change' }).click();
    const proposal = pro.getByRole('dialog', { name: 'Propose a change' });
    await proposal
      .getByLabel(/What changes/)
      .fill('A joist under the back door is rotten and must be replaced before the floor goes back.');
    await proposal.getByLabel('Price goes up').check();
    await proposal.getByLabel(/Amount of the change/).fill('85');
    await proposal.getByRole('button', { name: 'Propose change' }).click();
    await eventually(() => pro.getByText('Change proposed').isVisible()).toBe(true);

    // The customer accepts it on the phone; nothing was paid yet, so the booking's price moves.
    await customer.goto(`/booking-changes/${bookingId}`);
    const waiting = customer.getByRole('region', { name: 'Waiting for an answer' });
    await waiting.getByText(/A joist under the back door is rotten/).waitFor();
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await waiting.getByRole('button', { name: 'Accept', exact: true }).click();
    await customer.getByRole('button', { name: 'Accept change' }).click();
    await eventually(() => customer.getByText('Change accepted').first().isVisible()).toBe(true);
    await eventually(() => customer.getByText('£325.00').first().isVisible()).toBe(true);

    // The work is finished; the customer pays the new total into escrow through checkout.
    await ok(await pro.request.post(`/api/v1/bookings/${bookingId}/complete`), 200);
    await customer.goto('/my-jobs');
    await customer.getByRole('tab', { name: 'Active' }).click();
    const card = customer.getByRole('listitem').filter({ hasText: title });
    await card.getByRole('button', { name: 'Pay £325.00' }).click();
    await customer.waitForURL((url) => url.pathname.startsWith('/sandbox/checkout/'));
    await customer.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }).click();
    await customer.getByRole('button', { name: 'Pay £325.00' }).click();
    await customer.waitForURL((url) => url.pathname === '/my-jobs');
    await eventually(() => customer.getByText('Payment successful!').isVisible()).toBe(true);

    // And releases it: the tradesperson is paid the agreed price with the change.
    const done = customer.getByRole('listitem').filter({ hasText: title });
    await done.getByRole('button', { name: 'Release payment now' }).click();
    await customer
      .getByRole('dialog', { name: 'Release the payment now?' })
      .getByRole('button', { name: 'Release payment' })
      .click();
    await eventually(() => customer.getByText('Payment released').isVisible()).toBe(true);

    // Both sides read the same history: the price agreed, the change, the charge and the release.
    await customer.goto(`/booking-changes/${bookingId}`);
    const timeline = customer.getByRole('list', { name: 'Money timeline' });
    await eventually(() => timeline.getByRole('listitem').count()).toBe(4);
    expect(await timeline.textContent()).toContain('Change agreed: price up by £85.00, now £325.00');
    expect(await noSidewaysScroll(customer)).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await pro.goto(`/booking-changes/${bookingId}`);
    await eventually(() =>
      pro.getByRole('list', { name: 'Money timeline' }).getByRole('listitem').count(),
    ).toBe(4);
  });
});
