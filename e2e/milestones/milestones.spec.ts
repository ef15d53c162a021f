import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { completedJobThroughApi, eventually, ok, pathOf } from '../harness/journeys';

// Paying a booking in milestones: the demo tradesperson proposes a two-milestone plan on the booking's
// milestones page, the customer saves two sandbox cards on Payment Methods (one
// whose bank asks for authentication every time), accepts the plan, and pays one milestone with each
// card, the second through the bank's challenge, on a phone-sized screen in dark mode; the tradesperson
// marks the first done and the customer approves it.

/** Payment Methods → Add payment method → the sandbox's card form; back with the saved toast. */
async function saveCard(page: Page, cardNumber: string, { authenticate = false } = {}) {
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add payment method' }).first().click();
  await page.locator('#card-number').fill(cardNumber);
  await page.locator('#card-expiry').fill('12 / 34');
  await page.locator('#card-cvc').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  if (authenticate) {
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/authenticate/'));
    await page.getByRole('button', { name: 'Complete authentication' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/payment-methods');
  await eventually(() => page.getByText('Payment method saved successfully').isVisible()).toBe(true);
  const saved = page.getByRole('listitem').filter({ hasText: `ending ${cardNumber.slice(-4)}` });
  await eventually(() => saved.count()).toBe(1);
}

describeInBrowser('milestone payments', (ctx) => {
  it('pays a two-milestone plan with saved sandbox cards, one through the authentication challenge', async () => {
    const title = `Refit a bathroom ${Date.now()}`;
    const {
      customer: desktop,
      tradesperson,
      bookingId,
    } = await completedJobThroughApi(() => ctx.newPage(), {
      title,
      description: 'Strip out the old suite and fit a new bath, basin and toilet.',
      price: '300.00',
      customerName: 'Morgan Milestone',
      complete: false,
    });
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    // The tradesperson proposes the plan on the booking's milestones page.
    await tradesperson.goto(`/booking-milestones/${bookingId}`);
    const stages = [
      ['Strip out', '120', inDays(7)],
      ['Fit the new suite', '180', inDays(14)],
    ] as const;
    for (const [i, [name, pounds, due]] of stages.entries()) {
      const row = tradesperson.getByRole('group', { name: `Milestone ${i + 1}` });
      await row.getByLabel(/^Title/).fill(name);
      await row.getByLabel(/^Amount/).fill(pounds);
      await row.getByLabel(/^Due date/).fill(due);
    }
    await eventually(() => tradesperson.getByText('£300.00 of £300.00 planned').isVisible()).toBe(true);
    await tradesperson.getByRole('button', { name: 'Propose milestone plan' }).click();
    await eventually(() => tradesperson.getByRole('button', { name: 'Withdraw' }).isVisible()).toBe(true);

    // The customer carries on on a phone: the session is the desktop page's.
    const customer = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    await customer.context().addCookies(await desktop.context().cookies());
    await desktop.close();

    await saveCard(customer, '4242424242424242');
    await saveCard(customer, '4000002760003184', { authenticate: true });

    await customer.goto(`/booking-milestones/${bookingId}`);
    await customer.getByRole('button', { name: 'Accept plan' }).click();
    // The toast first: axe must not catch it half faded in (its text would read as low contrast).
    await eventually(() => customer.getByText('Plan accepted').isVisible()).toBe(true);
    const first = customer.getByRole('listitem').filter({ hasText: 'Strip out' });
    const second = customer.getByRole('listitem').filter({ hasText: 'Fit the new suite' });
    await eventually(() => first.getByRole('button', { name: 'Pay', exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    // The first milestone with the default card (the first saved): paid at once.
    await first.getByRole('button', { name: 'Pay', exact: true }).click();
    await eventually(() => customer.getByText('Payment Successful').first().isVisible()).toBe(true);
    await eventually(() => first.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);

    // The second with the card whose bank asks every time: 'Action Required', the challenge, back here.
    const cards = customer.getByLabel('Card to pay with');
    const authenticating = await cards.locator('option', { hasText: '3184' }).getAttribute('value');
    await cards.selectOption(authenticating!);
    await second.getByRole('button', { name: 'Pay', exact: true }).click();
    await customer.waitForURL((url) => url.pathname.startsWith('/sandbox/authenticate/'));
    await customer.getByRole('button', { name: 'Complete authentication' }).click();
    await customer.waitForURL(
      (url) => pathOf(customer) === `/booking-milestones/${bookingId}` && url.search === '',
    );
    await eventually(() => customer.getByText('Payment Successful').first().isVisible()).toBe(true);
    await eventually(() => second.getByRole('button', { name: 'Pay', exact: true }).count()).toBe(0);
    await eventually(async () => (await customer.getByText('£0.00').count()) > 0).toBe(true);

    // The tradesperson marks the first done; the customer approves it, and it is released.
    await tradesperson.reload();
    await tradesperson
      .getByRole('listitem')
      .filter({ hasText: 'Strip out' })
      .getByRole('button', { name: 'Mark done' })
      .click();
    await eventually(() =>
      tradesperson
        .getByRole('listitem')
        .filter({ hasText: 'Strip out' })
        .getByRole('button', { name: 'Mark done' })
        .count(),
    ).toBe(0);
    await tradesperson.close();
    await customer.reload();
    await first.getByRole('button', { name: 'Approve and release' }).click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Approve and release' }).click();
    await eventually(() => first.getByRole('button', { name: 'Approve and release' }).count()).toBe(0);

    // The booking's money, as the API tells the customer: one milestone released, the other held.
    const money = await ok<{
      money: { state: string; payments: { status: string; releasedPence: number }[] };
    }>(await customer.request.get(`/api/v1/bookings/${bookingId}/money`), 200);
    expect(money.money.state).toBe('held');
    expect(money.money.payments.map((p) => [p.status, p.releasedPence]).sort()).toEqual([
      ['succeeded', 0],
      ['succeeded', 12_000],
    ]);
  });
});
