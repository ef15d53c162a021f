import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { addDays, isoWeekday } from '../../domain/scheduling/availability';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, ok, pathOf, signUpThroughApi } from '../harness/journeys';

// Availability (DOMAIN-RULES 12): a new tradesperson keeps Monday to Friday and a week off on their
// calendar page; a customer booking them on a phone finds the Saturdays and that week greyed out, each
// saying why, and books a day they offer.

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthOf = (date: string) => MONTH.format(new Date(`${date}T00:00:00Z`));
/** A day's button in the booking calendar, by its accessible name ('Saturday 4 July 2026, …'). */
const dayButton = (page: Page, date: string) => {
  const day = Number(date.slice(8, 10));
  return page.getByRole('button', { name: new RegExp(`\\b${day} ${monthOf(date)}`) });
};
const nextWeekday = (from: string, weekday: number) => {
  let d = from;
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
};

/** Pages the booking calendar forward to the month of `date`. */
async function showMonth(page: Page, date: string) {
  const grid = page.getByRole('grid', { name: monthOf(date) });
  for (let i = 0; i < 3 && !(await grid.isVisible()); i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await grid.waitFor();
}

describeInBrowser('availability', (ctx) => {
  it('offers a customer only the days a tradesperson set, and books one of them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // A week off three weeks ahead, Monday to Sunday; the Saturday before it is not a working day.
    const weekOff = nextWeekday(addDays(today, 21), 1);
    const saturday = addDays(weekOff, -2);
    const offered = addDays(weekOff, 8);

    // The tradesperson sets up a trade (to quote), then their week on the calendar page.
    const tradesperson = await ctx.newPage();
    await signUpThroughApi(tradesperson, { fullName: 'Dana Diary', userType: 'tradesperson' });
    await ok(
      await tradesperson.request.put('/api/v1/tradesperson/setup/services', {
        data: { trade: 'Plumber', specialties: ['Taps'], hourlyRateMin: 30, hourlyRateMax: 50 },
      }),
      200,
    );
    await tradesperson.goto('/tradesperson/calendar');
    await tradesperson.getByRole('heading', { name: 'Working week' }).waitFor();
    await eventually(() => tradesperson.getByText(/You have not set your working week yet/).isVisible()).toBe(
      true,
    );
    for (const day of ['Saturday', 'Sunday']) {
      await tradesperson.getByRole('checkbox', { name: day }).uncheck();
    }
    await tradesperson.getByLabel(/^Lead time/).fill('1');
    await tradesperson.getByLabel(/^Jobs a day/).fill('2');
    await tradesperson.getByRole('button', { name: 'Save working week' }).click();
    await eventually(() => tradesperson.getByText('Working week saved').isVisible()).toBe(true);

    await tradesperson.getByLabel(/^First day/).fill(weekOff);
    await tradesperson.getByLabel(/^Last day/).fill(addDays(weekOff, 6));
    await tradesperson.getByLabel(/^Note/).fill('Family holiday');
    await tradesperson.getByRole('button', { name: 'Add time off' }).click();
    await eventually(() => tradesperson.getByText('Time off added').isVisible()).toBe(true);
    await eventually(() => tradesperson.getByText('Family holiday', { exact: true }).isVisible()).toBe(true);
    await eventually(() => tradesperson.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);

    // A customer's job, quoted by the tradesperson.
    const customer = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    await signUpThroughApi(customer, { fullName: 'Casey Calendar' });
    const { job } = await ok<{ job: { id: string } }>(
      await customer.request.post('/api/v1/jobs', {
        data: {
          title: `Fix a dripping tap ${Date.now()}`,
          category: 'Plumbing',
          description: 'The kitchen mixer tap drips all night and needs a new washer.',
          budgetMin: 100,
          budgetMax: 250,
          postcode: 'M1 1AE',
        },
      }),
      201,
    );
    const { quote } = await ok<{ quote: { id: string } }>(
      await tradesperson.request.post(`/api/v1/jobs/${job.id}/quotes`, {
        data: { amount: '180', message: 'I can fit a new washer and cartridge.' },
      }),
      201,
    );

    // On the phone, the Saturday and the week off are greyed out and say why; an offered day books.
    await customer.goto(`/booking?quoteId=${quote.id}`);
    await eventually(() => customer.getByText('Greyed-out days are not available.').isVisible()).toBe(true);
    await showMonth(customer, saturday);
    await eventually(() => dayButton(customer, saturday).getAttribute('aria-label')).toContain(
      'unavailable: This tradesperson does not work on that day',
    );
    expect(await dayButton(customer, saturday).isDisabled()).toBe(true);
    await showMonth(customer, addDays(weekOff, 2));
    await eventually(() => dayButton(customer, addDays(weekOff, 2)).getAttribute('aria-label')).toContain(
      'unavailable: This tradesperson is away on that date',
    );
    expect(await seriousAxeViolations(customer)).toEqual([]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
      true,
    );

    await showMonth(customer, offered);
    await eventually(() => dayButton(customer, offered).isDisabled()).toBe(false);
    await dayButton(customer, offered).click();
    await customer.getByRole('button', { name: 'Confirm Booking' }).click();
    await customer.waitForURL((url) => url.pathname === '/my-jobs');
    expect(pathOf(customer)).toBe('/my-jobs');
    const { bookings } = await ok<{ bookings: { scheduledDate: string | null }[] }>(
      await customer.request.get('/api/v1/bookings/mine'),
      200,
    );
    expect(bookings.map((b) => b.scheduledDate)).toEqual([offered]);
  });
});
