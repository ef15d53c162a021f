import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, pathOf, postJob, signIn, signUpCustomer } from '../harness/journeys';

// Two people in two browser contexts (separate cookies, separate event streams) write to each other;
// each sees the other's messages arrive without reloading.
describeInBrowser('messaging', (ctx) => {
  it('delivers messages live between a tradesperson and a customer about a job', async () => {
    const title = `Leaking radiator valve ${Date.now()}`;
    const customer = await ctx.newPage();
    await signUpCustomer(customer);
    const jobId = await postJob(customer, title);

    const tradesperson = await ctx.newPage();
    await signIn(tradesperson, DEMO_TRADESPERSON.email, DEMO_TRADESPERSON.password);
    await tradesperson.waitForURL((url) => url.pathname === '/tradesperson-dashboard');
    await tradesperson.goto(`/job/${jobId}`);
    await tradesperson.getByRole('button', { name: /^Message/ }).click();
    await tradesperson.waitForURL((url) => url.pathname.startsWith('/conversation/'));
    const conversationPath = pathOf(tradesperson);
    await eventually(() => tradesperson.getByRole('heading', { name: 'Casey Customer' }).isVisible()).toBe(
      true,
    );
    await eventually(() => tradesperson.getByRole('link', { name: new RegExp(title) }).isVisible()).toBe(
      true,
    );

    // Incoming messages are also announced in a screen-reader line (with the sender's name): the bubble
    // is the element whose whole text is the message.
    const history = (page: typeof customer) => page.getByRole('region', { name: 'Message history' });
    const box = tradesperson.getByPlaceholder('Type a message...');
    await box.fill('Hello! I can look at the valve on Tuesday.');
    await box.press('Enter');
    await eventually(() =>
      tradesperson.getByText('Hello! I can look at the valve on Tuesday.').isVisible(),
    ).toBe(true);
    await eventually(() => box.inputValue()).toBe('');

    // The customer's list shows it, unread, and the conversation opens on it.
    await customer.goto('/messages');
    const row = customer.getByRole('link', { name: /valve on Tuesday/ });
    await eventually(() => row.isVisible()).toBe(true);
    await eventually(() =>
      customer
        .getByText(/1 unread/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(customer)).toEqual([]);
    await row.click();
    await customer.waitForURL((url) => url.pathname === conversationPath);
    await eventually(() => customer.getByText('Hello! I can look at the valve on Tuesday.').isVisible()).toBe(
      true,
    );

    // The reply reaches the tradesperson's open page without a reload, and the other way round.
    const reply = customer.getByPlaceholder('Type a message...');
    await reply.fill('Tuesday works. <b>Thanks</b>');
    await reply.press('Enter');
    await eventually(() =>
      history(tradesperson).getByText('Tuesday works. <b>Thanks</b>', { exact: true }).isVisible(),
    ).toBe(true);
    // A second tab of the customer's: the browser keeps one stream, relayed between its tabs. The tab
    // shows the thread before its stream code (a chunk of its own) has loaded and listens; here that
    // code is held back until a message has gone by, so the gap is certain rather than a matter of
    // timing: the tab must still catch up on it, then receive the next one live.
    const secondTab = await customer.context().newPage();
    const streamCode = /\/assets\/realtime-[\w-]+\.js$/;
    let loadStreamCode = () => {};
    const streamCodeHeld = new Promise<void>((resolve) => {
      loadStreamCode = resolve;
    });
    await secondTab.route(streamCode, async (route) => {
      await streamCodeHeld;
      await route.continue();
    });
    const streamCodeRequested = secondTab.waitForRequest(streamCode);
    await secondTab.goto(conversationPath);
    await eventually(() =>
      history(secondTab).getByText('Tuesday works. <b>Thanks</b>', { exact: true }).isVisible(),
    ).toBe(true);
    await streamCodeRequested;
    await box.fill('See you then.');
    await tradesperson.getByRole('button', { name: 'Send message' }).click();
    await eventually(() => history(customer).getByText('See you then.', { exact: true }).isVisible()).toBe(
      true,
    );
    loadStreamCode();
    await eventually(() => history(secondTab).getByText('See you then.', { exact: true }).isVisible()).toBe(
      true,
    );
    await box.fill('I will bring a new valve.');
    await tradesperson.getByRole('button', { name: 'Send message' }).click();
    await eventually(() =>
      history(secondTab).getByText('I will bring a new valve.', { exact: true }).isVisible(),
    ).toBe(true);
    expect(await seriousAxeViolations(tradesperson)).toEqual([]);
  });
});
