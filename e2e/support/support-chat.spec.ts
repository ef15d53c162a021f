import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, ok, signUpThroughApi } from '../harness/journeys';

// Issue 39's chat support in two browsers: a signed-in customer opens chat support and writes; an
// admin finds the conversation in the Unassigned view, takes it, writes an internal note and a reply;
// the customer's page shows the reply as it is sent, without a reload, and never the note.

// The seeded demo admin (server/seed/seed.ts).
const DEMO_ADMIN = { email: 'admin@tradenest.demo', password: 'tradenest-demo' };

const historyText = async (page: Page) =>
  (await page.getByRole('region', { name: 'Message history' }).textContent()) ?? '';

describeInBrowser('chat support answered by an admin in real time', (ctx) => {
  it('carries a customer’s question to the inbox and the reply back live, never the note', async () => {
    const subject = `Refund for the tap ${Date.now()}`;
    const question = 'The plumber never came. Can I have my money back?';
    const note = 'Checked the booking: still held in escrow, no visit logged.';
    const reply = 'Sorry about that, Casey. The money is still held in escrow; I am looking into it now.';

    const customer = await ctx.newPage();
    await signUpThroughApi(customer, { fullName: 'Casey Customer' });
    await customer.goto('/chat-support');
    await customer.getByRole('heading', { name: 'Start a conversation' }).waitFor();
    await customer.getByLabel(/^Subject/).fill(subject);
    await customer.getByLabel(/^Message/).fill(question);
    await customer.getByRole('button', { name: 'Start chat' }).click();
    await customer.getByRole('heading', { level: 2, name: subject }).waitFor();
    await eventually(() => historyText(customer)).toContain(question);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    // A mark on this page's window: it is still there at the end only if the page never reloaded.
    await customer.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const admin = await ctx.newPage();
    await ok(await admin.request.post('/api/v1/auth/sign-in', { data: DEMO_ADMIN }), 200);
    await admin.goto('/admin/support');
    await admin.getByRole('heading', { level: 1, name: 'Support Inbox' }).waitFor();
    const row = admin
      .getByRole('list', { name: 'Unassigned' })
      .getByRole('link', { name: new RegExp(subject) });
    await row.waitFor();
    expect(await row.textContent()).toContain('Casey Customer');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await row.click();

    await admin.getByRole('heading', { level: 1, name: subject }).waitFor();
    await admin.getByRole('button', { name: 'Assign to me' }).click();
    await admin.getByText(/^Assigned to /).waitFor();

    await admin
      .locator('label')
      .filter({ hasText: /^Internal note$/ })
      .click();
    await admin.getByLabel('Internal note (only support sees this)').fill(note);
    await admin.getByRole('button', { name: 'Add note' }).click();
    await eventually(() => historyText(admin)).toContain(note);
    expect(await admin.getByText('Internal note — only support sees this').count()).toBe(1);

    await admin
      .locator('label')
      .filter({ hasText: /^Reply$/ })
      .click();
    await admin.getByLabel('Reply to the person').fill(reply);
    await admin.getByRole('button', { name: 'Send reply' }).click();
    await eventually(() => historyText(admin)).toContain(reply);
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // The customer's page: the reply arrives over the event stream, in the same document.
    await eventually(() => historyText(customer)).toContain(reply);
    expect(await customer.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await customer.getByText('Support replied').isVisible()).toBe(true);
    expect(await customer.content()).not.toContain(note);
    // Nor through the person's own routes.
    const mine = await ok<{ conversations: { id: string }[] }>(
      await customer.request.get('/api/v1/support/conversations'),
      200,
    );
    const view = await customer.request.get(`/api/v1/support/conversations/${mine.conversations[0]!.id}`);
    expect(await view.text()).not.toContain(note);
    expect(await seriousAxeViolations(customer)).toEqual([]);
  }, 120_000);
});
