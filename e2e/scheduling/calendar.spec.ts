import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, ok, signUpThroughApi } from '../harness/journeys';

// The tradesperson's calendar: a confirmed booking shows in the month and the week, and in the .ics
// feed the page makes. The booking is made through the API (the marketplace journey covers its screens).

/** The UK day `days` from today, 'YYYY-MM-DD'. */
function ukDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/**
 * Clicks `next` until `target` shows, at most `steps` times. The booking is on the first day the demo
 * tradesperson can still take from three days ahead: in a full run other journeys have filled some of
 * their days, so it can be weeks ahead (up to 40 days), and a week view opened from the next month starts
 * at that month's first day. `what` names the booking when it never shows.
 */
async function stepUntilVisible(
  page: Page,
  target: ReturnType<Page['getByRole']>,
  { next, steps, what }: { next: string; steps: number; what: string },
) {
  const period = page.locator('#calendar-period');
  const panel = page.locator('section[aria-labelledby="calendar-period"]');
  // A period has loaded when the days listed are the ones its heading names (or, on a phone with nothing
  // on, the empty state shows) and nothing in the panel is busy: neither the first skeleton nor an
  // earlier period's bookings standing in for its own. Checked any sooner, the page could still be
  // drawing the view it was leaving, and the loop stepped on past the booking's week (CI, 2026-11-30).
  const loaded = async () => {
    const shown = (await period.textContent()) ?? '';
    await panel.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
    await panel
      .locator(`ol[aria-label="${shown}"]`)
      .or(panel.getByRole('heading', { name: /^No bookings this/ }))
      .first()
      .waitFor();
  };
  await loaded();
  for (let i = 0; i < steps && !(await target.isVisible()); i++) {
    const shown = await period.textContent();
    await page.getByRole('button', { name: next }).click();
    await eventually(() => period.textContent()).not.toBe(shown);
    await loaded();
  }
  const shown = await period.textContent();
  await expect
    .poll(() => target.isVisible(), { timeout: 10_000, message: `${what}, in ${shown}` })
    .toBe(true);
}

describeInBrowser('scheduling: the calendar', (ctx) => {
  it('shows a confirmed booking by month, by week, on a phone, and in the calendar feed it makes', async () => {
    const title = `Replace the outside tap ${Date.now()}`;
    const customer = await ctx.newPage();
    await signUpThroughApi(customer, { fullName: 'Cathy Calendar' });
    const { job } = await ok<{ job: { id: string } }>(
      await customer.request.post('/api/v1/jobs', {
        data: {
          title,
          category: 'Plumbing',
          description: 'The outside tap leaks at the joint and needs replacing before winter.',
          budgetMin: 80,
          budgetMax: 200,
          postcode: 'M1 1AE',
        },
      }),
      201,
    );
    const tradesperson = await ctx.newPage();
    await ok(await tradesperson.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON }), 200);
    const { quote } = await ok<{ quote: { id: string; tradesperson: { id: string } } }>(
      await tradesperson.request.post(`/api/v1/jobs/${job.id}/quotes`, {
        data: { amount: '150', message: 'I can fit a new frost-proof tap.' },
      }),
      201,
    );
    // The first day from three days ahead that the demo tradesperson's working week offers.
    const { days } = await ok<{ days: { date: string; refusal: string | null }[] }>(
      await customer.request.get(
        `/api/v1/tradespeople/${quote.tradesperson.id}/bookable-days?from=${ukDay(3)}&to=${ukDay(40)}`,
      ),
      200,
    );
    const date = days.find((d) => d.refusal === null)!.date;
    const { booking } = await ok<{ booking: { id: string } }>(
      await customer.request.post('/api/v1/bookings', { data: { quoteId: quote.id, scheduledDate: date } }),
      201,
    );
    await ok(await tradesperson.request.post(`/api/v1/bookings/${booking.id}/confirm`), 200);

    await tradesperson.goto('/tradesperson/calendar');
    await tradesperson.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    const name = `Confirmed: ${title} — Cathy`;
    const what = `the booking on ${date}`;
    await stepUntilVisible(tradesperson, tradesperson.getByRole('link', { name }), {
      next: 'Next month',
      steps: 3,
      what,
    });
    expect(await tradesperson.getByRole('link', { name }).getAttribute('href')).toBe(`/job/${job.id}`);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);

    await tradesperson.getByRole('tab', { name: 'Week' }).click();
    await eventually(async () => new URL(tradesperson.url()).searchParams.get('view')).toBe('week');
    // The address changes before the page draws the week: wait for its heading, or the month still shows.
    await eventually(() => tradesperson.locator('#calendar-period').textContent()).toMatch(/^Week of /);
    const inWeek = tradesperson.getByRole('link', { name: new RegExp(`^${name}`) });
    await stepUntilVisible(tradesperson, inWeek, { next: 'Next week', steps: 8, what });
    expect(await inWeek.textContent()).toContain('M1 1AE · £150.00');

    await tradesperson.getByRole('button', { name: 'Create feed link' }).click();
    const link = tradesperson.getByRole('textbox', { name: 'Your feed link' });
    await link.waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);

    const feed = await tradesperson.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
    const event = text
      .split('BEGIN:VEVENT')
      .find((block) => block.includes(`UID:booking-${booking.id}@tradenest`));
    expect(event).toBeDefined();
    expect(event).toContain(`SUMMARY:${title} — Cathy\r\n`);
    expect(event).toContain(`DTSTART;VALUE=DATE:${date.replaceAll('-', '')}\r\n`);
    expect(event).toContain('STATUS:CONFIRMED\r\n');
    expect(event).toContain('LOCATION:M1 1AE\r\n');

    // On a 360 px phone in the dark theme both views are an agenda that fits the screen.
    const phone = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    await ok(await phone.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON }), 200);
    await phone.goto('/tradesperson/calendar');
    const onPhone = phone.getByRole('link', { name: new RegExp(`^${name}`) });
    await stepUntilVisible(phone, onPhone, { next: 'Next month', steps: 3, what });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousAxeViolations(phone)).toEqual([]);
  });
});
