// @vitest-environment happy-dom
import { REVIEW_MESSAGES } from '@domain/reviews/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { expectHeadingsInOrder } from './test-helpers';

afterEach(resetBetweenTests);

/** The details element a question belongs to. */
function disclosureOf(question: string): HTMLDetailsElement {
  const details = screen.getByText(question).closest('details');
  if (!details) throw new Error(`${question} is not in a details element`);
  return details;
}

describe('the FAQ', () => {
  it('groups its questions under topic headings, in order, and sets the title', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Frequently Asked Questions');
    const topics = expectHeadingsInOrder()
      .filter((h) => h.level === 2)
      .map((h) => h.text);
    expect(topics).toEqual([
      'On this page',
      'Posting a job',
      'Quotes',
      'Booking',
      'Payments and escrow',
      'Fees',
      'Reviews',
      'Disputes',
      'Verification',
      'Your account and data',
    ]);
    await waitFor(() => expect(document.title).toBe('Frequently Asked Questions — TradeNest'));
  });

  it('keeps answers closed until their question is opened, and lets keyboard users reach each question', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    const escrow = disclosureOf('What is escrow, and how does it protect me?');
    expect(escrow.open).toBe(false);
    fireEvent.click(within(escrow).getByText('What is escrow, and how does it protect me?'));
    expect(escrow.open).toBe(true);
    fireEvent.click(within(escrow).getByText('What is escrow, and how does it protect me?'));
    expect(escrow.open).toBe(false);
    // A summary is focusable, so keyboard users reach every question with Tab.
    const summary = escrow.querySelector('summary')!;
    summary.focus();
    expect(document.activeElement).toBe(summary);
  });

  it('opens the question a link points at', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq#escrow');
    await screen.findByRole('heading', { level: 1 });
    expect(disclosureOf('What is escrow, and how does it protect me?').open).toBe(true);
    expect(disclosureOf('When do I pay?').open).toBe(false);
  });

  it('answers with the real rules: 3 quotes, 7 days in escrow, a 15% fee, reviews after paid work', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    const text = (question: string) => disclosureOf(question).textContent ?? '';
    expect(text('How many quotes will I get?')).toContain('Up to 3.');
    expect(text('What is escrow, and how does it protect me?')).toContain('7-day protection window');
    expect(text('What does TradeNest charge?')).toContain('a platform fee of 15%');
    expect(text('What does TradeNest charge?')).toContain(
      'the fee is £60.00 and the tradesperson receives £340.00',
    );
    expect(text('Who can leave a review?')).toContain('completed and paid');
    expect(text('Who can leave a review?')).toContain('the tradesperson reviews the customer');
    expect(text('When does my review appear?')).toContain(
      'until the other person has reviewed too, or until 14 days after payment',
    );
    expect(text('Can I reply to a review?')).toContain('for 48 hours');
    expect(text('What if a review is abusive or not about the job?')).toContain('either hides the review');
    expect(text('How is a rating worked out?')).toContain(`‘${REVIEW_MESSAGES.newOnTradeNest}’`);
    expect(text('What reasons can I give?')).toContain('Scope creep without compensation');
    expect(text('What reasons can I give?')).toContain('Work not completed as agreed');
  });

  it('says what escrow does, how disputes work, and that milestone payments are not available yet', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1 });
    const text = (question: string) => disclosureOf(question).textContent ?? '';
    const escrow = text('What is escrow, and how does it protect me?');
    expect(escrow).toContain('released to the tradesperson automatically when the 7 days are up');
    expect(escrow).toContain('our team can refund all or part of it');
    expect(escrow).toContain('raise a dispute on the booking during that time: the money is then frozen');
    expect(escrow).not.toContain('not available yet');
    const stages = text('Can a large job be paid in stages?');
    expect(stages).toContain('the tradesperson can propose a milestone plan');
    expect(stages).toContain('You pay each milestone from a card saved on Payment Methods');
    expect(stages).not.toContain('not available yet');
    const when = text('When can I raise a dispute?');
    expect(when).toContain(
      'while the work is in progress, while it is waiting for payment, or while any of its payment is still held in escrow',
    );
    expect(disclosureOf('When can I raise a dispute?').querySelector('a[href="/disputes"]')).not.toBeNull();
    const after = text('What happens after I raise a dispute?');
    expect(after).toContain('any money still held for it is frozen');
    expect(after).toContain('has 7 days to respond');
    expect(after).toContain(
      'release the held money to the tradesperson, refund it to the customer, or split it',
    );
    for (const question of ['When can I raise a dispute?', 'What happens after I raise a dispute?']) {
      expect(text(question)).not.toContain('not available');
    }
    expect(text('What does TradeNest charge?')).toContain('half a penny rounds up');
    expect(text('I’m a tradesperson. When do I get paid?')).toContain('Payments');
    expect(
      disclosureOf('I’m a tradesperson. When do I get paid?').querySelector(
        'a[href="/tradesperson/payments"]',
      ),
    ).not.toBeNull();
  });

  it('links to its topics from the top of the page', async () => {
    mockApi(sessionHandler(null));
    renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'On this page' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('#payments-and-escrow');
    for (const href of hrefs) expect(document.getElementById(href!.slice(1))).not.toBeNull();
  });
});
