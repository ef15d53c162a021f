// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { expectHeadingsInOrder } from './test-helpers';

afterEach(resetBetweenTests);

describe('the Safety page', () => {
  it('has advice for homeowners and for tradespeople, headings in order, and its title', async () => {
    mockApi(sessionHandler(null));
    renderApp('/safety');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Safety');
    const headings = expectHeadingsInOrder().map((h) => h.text);
    expect(headings).toEqual(
      expect.arrayContaining([
        'In an emergency',
        'For homeowners',
        'Pay only through TradeNest',
        'Gas and electrical work',
        'For tradespeople',
        'Spotting scams',
        'If something goes wrong',
      ]),
    );
    await waitFor(() => expect(document.title).toBe('Safety — TradeNest'));
  });

  it('gives the emergency numbers as links that dial', async () => {
    mockApi(sessionHandler(null));
    renderApp('/safety');
    const emergency = await screen.findByRole('complementary', { name: 'In an emergency' });
    expect(within(emergency).getByRole('link', { name: '0800 111 999' }).getAttribute('href')).toBe(
      'tel:+448001119999',
    );
  });

  it('points to disputes, the FAQ and support when something goes wrong', async () => {
    mockApi(sessionHandler(null));
    renderApp('/safety');
    const wrong = await screen.findByRole('region', { name: 'If something goes wrong' });
    const hrefs = within(wrong)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/faq#disputes', '/support#contact']));
    // A dispute from the booking freezes the held money until our team decides.
    expect(wrong.textContent).toContain('raise a dispute from the booking while the work is in progress');
    expect(wrong.textContent).toContain('the held money is frozen until our team decides');
    expect(wrong.textContent).not.toContain('not available yet');
  });

  it('explains milestone payments and what escrow does', async () => {
    mockApi(sessionHandler(null));
    renderApp('/safety');
    const text = (await screen.findByRole('region', { name: 'For tradespeople' })).textContent ?? '';
    expect(text).toContain('On a larger job, propose milestone payments from the booking');
    expect(text).not.toContain('not available yet');
    expect(text).toContain('7-day protection window (or sooner if the customer releases it)');
    expect(text).toContain('less the 15% platform fee');
  });
});
