import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { londonToday } from '../../domain/marketplace/schemas';
import { SUBSCRIPTION_MESSAGES as M } from '../../domain/subscriptions/messages';
import { addDays } from '../../domain/subscriptions/rules';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { runScheduledJob } from '../harness/jobs';
import { eventually, ok, signUpThroughApi } from '../harness/journeys';

// Issue 39's repeat work: a customer whose gardening booking is completed asks a landscaper
// for a repeat service from the job's page; the tradesperson proposes fortnightly garden maintenance at
// £35 a visit from tomorrow; the customer, on a phone in dark mode, saves a sandbox card and
// accepts. The first visit, inside the booking window, is booked at once and, inside the charge window,
// charged into escrow by the scheduled job (run now through the harness); the tradesperson marks it
// complete and the customer sees it in the visit's money.

const PHONE = { width: 360, height: 740 };
const TITLE = 'Fortnightly garden maintenance';

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Tomorrow: the first visit is less than 3 days away, so its charge is due at once. */
const tomorrow = () => addDays(londonToday(), 1);

/** A new customer's Gardening job, quoted by a new landscaper, accepted and marked complete. */
async function completedGardening(customer: Page, tradesperson: Page): Promise<string> {
  await signUpThroughApi(customer, { fullName: 'Robin Repeat' });
  const { job } = await ok<{ job: { id: string } }>(
    await customer.request.post('/api/v1/jobs', {
      data: {
        title: `Tidy the garden ${Date.now()}`,
        category: 'Gardening',
        description: 'Mow the lawns, cut back the hedges and clear the beds before winter.',
        budgetMin: 50,
        budgetMax: 150,
        postcode: 'M1 1AE',
      },
    }),
    201,
  );
  // A landscaper of their own, with no working pattern set: every day from tomorrow is bookable.
  await signUpThroughApi(tradesperson, { fullName: 'Sam Landscaper', userType: 'tradesperson' });
  await ok(
    await tradesperson.request.put('/api/v1/tradesperson/profile', {
      data: { trade: 'Landscaper', basePostcode: 'M1 1AE', serviceRadiusMiles: 20 },
    }),
    200,
  );
  const { quote } = await ok<{ quote: { id: string } }>(
    await tradesperson.request.post(`/api/v1/jobs/${job.id}/quotes`, {
      data: { amount: '80', message: 'I can do it this week.' },
    }),
    201,
  );
  const { booking } = await ok<{ booking: { id: string } }>(
    await customer.request.post(`/api/v1/quotes/${quote.id}/accept`),
    200,
  );
  await ok(await tradesperson.request.post(`/api/v1/bookings/${booking.id}/complete`), 200);
  return job.id;
}

/** Payment Methods → Add payment method → the sandbox's card form; back with the saved toast. */
async function saveCard(page: Page) {
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add payment method' }).first().click();
  await page.locator('#card-number').fill('4242424242424242');
  await page.locator('#card-expiry').fill('12 / 34');
  await page.locator('#card-cvc').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL((url) => url.pathname === '/payment-methods');
  await eventually(() => page.getByText('Payment method saved successfully').isVisible()).toBe(true);
}

/** This journey's plan on /subscriptions: the only one either side has. */
const planCard = (page: Page) => page.getByRole('article');
/** The plan's first visit row in its 'Visits and money' list. */
const firstVisit = (page: Page) =>
  planCard(page).getByRole('region', { name: 'Visits and money' }).getByRole('listitem').first();

describeInBrowser('repeat service plans', (ctx) => {
  it('sets up fortnightly gardening; the first visit is charged into escrow and completed', async () => {
    const customer = await ctx.newPage({ viewport: PHONE, colorScheme: 'dark' });
    const tradesperson = await ctx.newPage();
    const jobId = await completedGardening(customer, tradesperson);

    // The customer asks for a repeat service from the completed job's page.
    await customer.goto(`/job/${jobId}`);
    await customer.getByRole('button', { name: 'Ask for a repeat service' }).click();
    const ask = customer.getByRole('dialog', { name: 'Ask for a repeat service' });
    await ask.getByLabel(/^Your message/).fill('Could you keep the garden like this every fortnight?');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await customer.waitForURL((url) => url.pathname === '/subscriptions');
    await eventually(() => customer.getByText('Asked for: waiting for a proposal').isVisible()).toBe(true);

    // The tradesperson proposes the plan.
    const start = tomorrow();
    await tradesperson.goto('/subscriptions');
    await planCard(tradesperson).getByRole('button', { name: 'Propose a plan' }).click();
    const propose = tradesperson.getByRole('dialog', { name: 'Propose a plan' });
    await propose.getByLabel(/^Title/).fill(TITLE);
    await propose
      .getByLabel(/^What is done each visit/)
      .fill('Mow the lawns, trim the edges and hedges, weed the beds and take the cuttings away.');
    await propose.getByLabel(/^Price per visit/).fill('35');
    await propose.getByLabel(/^How often/).selectOption('fortnightly');
    await propose.getByLabel(/^First visit/).fill(start);
    await propose.getByRole('button', { name: 'Propose plan' }).click();
    await eventually(() =>
      planCard(tradesperson).getByText('Proposed: waiting for the customer').isVisible(),
    ).toBe(true);

    // The customer saves a card and accepts.
    await saveCard(customer);
    await customer.goto('/subscriptions');
    const offer = planCard(customer);
    await eventually(() => offer.getByText('Proposed: waiting for your answer').isVisible()).toBe(true);
    expect(await offer.getByText('Every 2 weeks').isVisible()).toBe(true);
    expect(await offer.getByText('£35.00').isVisible()).toBe(true);
    await offer.getByRole('button', { name: 'Accept' }).click();
    const accept = customer.getByRole('dialog', { name: 'Accept this plan?' });
    await eventually(() => accept.getByRole('radio', { name: /4242/ }).isChecked()).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await accept.getByRole('button', { name: 'Accept plan' }).click();
    await eventually(() => customer.getByText(M.accepted).isVisible()).toBe(true);

    // Accepting booked the first visit (it is within 14 days): not charged yet, its charge due now.
    await eventually(async () => (await firstVisit(customer).textContent()) ?? '').toMatch(
      /Booked.*Due — charged shortly/,
    );
    // The every-10-minutes charging job, run now: the visit is charged to the saved card into escrow.
    await runScheduledJob('subscriptions.charge-due');
    await eventually(async () => {
      await customer.reload();
      return (await firstVisit(customer).textContent()) ?? '';
    }).toMatch(/Booked.*Held in escrow until the visit is done/);
    const visitText = await firstVisit(customer).textContent();
    expect(visitText).toContain('£35.00');
    expect(await planCard(customer).textContent()).toMatch(/Card charged\s*Visa\s*••••\s*ending in\s*4242/);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    expect(await noSidewaysScroll(customer)).toBe(true);

    // The visit is a booking of its own (confirmed): the tradesperson opens its job, and marks it
    // complete on the dashboard's Active Jobs, where bookings are completed.
    await tradesperson.goto('/subscriptions');
    const openVisit = firstVisit(tradesperson).getByRole('link', { name: /^Open visit/ });
    const visitJob = (await openVisit.getAttribute('href'))!;
    await openVisit.click();
    await tradesperson.waitForURL((url) => url.pathname === visitJob);
    await eventually(() =>
      tradesperson.getByRole('heading', { level: 1, name: new RegExp(TITLE) }).isVisible(),
    ).toBe(true);
    await tradesperson.goto('/tradesperson-dashboard');
    const active = tradesperson
      .getByRole('listitem')
      .filter({ has: tradesperson.locator(`a[href="${visitJob}"]`) });
    await active.getByRole('button', { name: 'Mark Complete' }).click();
    await tradesperson.getByRole('dialog').getByRole('button', { name: 'Mark as complete' }).click();
    await eventually(() => active.count()).toBe(0);

    // The next run of the charging job starts the protection window of the completed visit.
    await runScheduledJob('subscriptions.charge-due');
    // The customer sees the visit completed, its money still held until approval or the window's end.
    await eventually(async () => {
      await customer.reload();
      return (await firstVisit(customer).textContent()) ?? '';
    }).toMatch(/Completed.*Held in escrow until \d{1,2} \w{3} \d{4}/);
    expect(await seriousAxeViolations(customer)).toEqual([]);
  });
});
