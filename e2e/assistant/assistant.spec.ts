import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../support/browser';
import { eventually, pathOf, signUpThroughApi } from '../support/journeys';

// The AI assistant and Enhance with AI against the running app (the built-in provider, offline): the
// widget answers with a link that works and keeps the conversation across the navigation, on a phone
// in dark mode; 'Use This' puts the enhanced description into the Post a Job form.

describeInBrowser('the AI assistant', (ctx) => {
  it('answers with a link that works, and keeps the conversation across pages', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    await signUpThroughApi(page, { fullName: 'Ada Asker' });
    await page.goto('/home');
    // On a phone the assistant's button is at the end of the tab bar.
    await page.getByRole('navigation', { name: 'App' }).getByRole('button', { name: 'AI Assistant' }).click();
    const panel = page.getByRole('dialog', { name: 'AI Assistant' });
    await eventually(() =>
      panel.getByText("Hi! I'm here to help you navigate TradeNest. What can I help you with?").isVisible(),
    ).toBe(true);
    const input = panel.getByPlaceholder('Ask me anything...');
    await input.fill('Where do I read my messages?');
    await input.press('Enter');
    const link = panel.getByRole('link', { name: /messages/i }).first();
    await eventually(() => link.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await link.click();
    await page.waitForURL((url) => url.pathname === '/messages');
    // Still open, with the question and the answer.
    await eventually(() => panel.getByText('Where do I read my messages?').isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/messages');
  });

  it("fills the description with the enhanced text on 'Use This'", async () => {
    const page = await ctx.newPage();
    await signUpThroughApi(page, { fullName: 'Pat Poster' });
    await page.goto('/post-job');
    const description = page.getByLabel(/^Description/);
    await description.fill('the combi boiler loses pressure every few days and the radiators go cold');
    await page.getByLabel(/^Category/).selectOption('Plumbing');
    await page.getByRole('button', { name: 'Enhance with AI' }).click();
    const suggestion = page.getByRole('region', { name: 'AI suggestion' });
    await eventually(() => suggestion.isVisible()).toBe(true);
    const text = (await suggestion.locator('p').first().textContent()) ?? '';
    expect(text).toContain('combi boiler');
    await suggestion.getByRole('button', { name: 'Use This' }).click();
    await eventually(() => description.inputValue()).toBe(text);
  });
});
