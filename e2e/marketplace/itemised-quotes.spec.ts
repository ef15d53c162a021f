import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, ok, signIn, signUpThroughApi } from '../harness/journeys';

// Itemised quotes: a tradesperson itemises a quote on the job page, another sends one figure, and the
// customer compares them side by side on a 360 px phone and accepts one from the comparison.

const PHONE = { width: 360, height: 740 };

describeInBrowser('itemised quotes', (ctx) => {
  it('itemises a quote, compares two on a phone and accepts from the comparison', async () => {
    const title = `Replace a radiator ${Date.now()}`;
    const customer = await ctx.newPage({ viewport: PHONE });
    await signUpThroughApi(customer, { fullName: 'Pat Phone' });
    const { job } = await ok<{ job: { id: string } }>(
      await customer.request.post('/api/v1/jobs', {
        data: {
          title,
          category: 'Plumbing',
          description: 'The bedroom radiator is cold at the top and weeps at the valve.',
          postcode: 'M1 1AE',
        },
      }),
      201,
    );

    // The demo tradesperson itemises their quote on the job page.
    const pro = await ctx.newPage();
    await signIn(pro, DEMO_TRADESPERSON.email, DEMO_TRADESPERSON.password);
    await pro.goto(`/job/${job.id}`);
    const itemise = pro.getByRole('button', { name: 'Itemise this quote' });
    await eventually(() => itemise.isEnabled()).toBe(true);
    await itemise.click();
    await pro.getByLabel(/^Description/).fill('Fit the radiator');
    await pro.getByLabel(/^Quantity/).fill('2.5');
    await pro.getByLabel(/^Unit price/).fill('45');
    await pro.getByRole('button', { name: 'Add item' }).click();
    const second = pro.getByRole('group', { name: 'Item 2' });
    await second.getByLabel(/^Description/).fill('Radiator and valves');
    await second.getByLabel(/^Kind/).selectOption('materials');
    await second.getByLabel(/^Unit price/).fill('120.49');
    await eventually(() => pro.getByText('£232.99').first().isVisible()).toBe(true);
    await pro.getByLabel(/^Message to the customer/).fill('Half a day, radiator included.');
    await pro.getByRole('button', { name: 'Submit Quote' }).click();
    await eventually(() => pro.getByText('Quote submitted!').isVisible()).toBe(true);

    // A second tradesperson sends one figure, through the API.
    const other = await ctx.newPage();
    await signUpThroughApi(other, { fullName: 'Olly Other', userType: 'tradesperson' });
    await ok(
      await other.request.put('/api/v1/tradesperson/profile', {
        data: { trade: 'Plumber', basePostcode: 'LS1 4AP', serviceRadiusMiles: 50 },
      }),
      200,
    );
    await ok(
      await other.request.post(`/api/v1/jobs/${job.id}/quotes`, {
        data: { amount: '199', message: 'One price, all in.' },
      }),
      201,
    );

    // The customer compares them on a phone.
    await customer.goto(`/job/${job.id}`);
    await customer.getByRole('link', { name: 'Compare quotes' }).click();
    await customer.waitForURL((url) => url.pathname === `/job/${job.id}/compare`);
    const table = customer.getByRole('table', { name: new RegExp(`^2 quotes for ${title}`) });
    await table.waitFor();
    expect(await table.getByRole('columnheader').first().textContent()).toContain('Lowest total');
    // The page itself never scrolls sideways; only the comparison does, under its row names.
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    expect(await seriousAxeViolations(customer)).toEqual([]);

    await customer.getByRole('button', { name: 'Accept Olly Other' }).click();
    await customer
      .getByRole('dialog', { name: 'Accept this quote?' })
      .getByRole('button', { name: 'Accept quote' })
      .click();
    await eventually(() => customer.getByText('Quote Accepted').isVisible()).toBe(true);
    await eventually(() => customer.getByRole('button', { name: /^Accept / }).count()).toBe(0);
  });
});
