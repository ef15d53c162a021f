// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectHeadingsInOrder } from '@/features/help/test-helpers';
import { mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';

afterEach(resetBetweenTests);

const contactHandler = {
  'GET /api/v1/support/contact': () => ({
    status: 200,
    body: { phone: '0113 496 0000', email: 'support@tradenest.local' },
  }),
};

describe('the Support hub', () => {
  it('is How It Works, About and Contact in one page, with its headings in order and its title set', async () => {
    mockApi({ ...sessionHandler(null), ...contactHandler });
    renderApp('/support');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Support');
    const headings = expectHeadingsInOrder().map((h) => h.text);
    expect(headings).toEqual(
      expect.arrayContaining(['Get help', 'How It Works', 'About TradeNest', 'Contact us', 'For customers']),
    );
    // The header and footer link to these anchors.
    for (const id of ['how-it-works', 'about', 'contact']) expect(document.getElementById(id)).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Support — TradeNest'));
  });

  it('links to the FAQ, Chat Support, Disputes and Safety, as the spec lists', async () => {
    mockApi({ ...sessionHandler(null), ...contactHandler });
    renderApp('/support');
    const help = await screen.findByRole('region', { name: 'Get help' });
    const links = within(help)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['FAQ', '/faq'],
      ['Chat Support', '/chat-support'],
      ['Disputes', '/disputes'],
      ['Safety', '/safety'],
    ]);
  });

  it('says how escrow works and how a dispute is raised and decided', async () => {
    mockApi({ ...sessionHandler(null), ...contactHandler });
    renderApp('/support');
    const how = await screen.findByRole('region', { name: 'How It Works' });
    expect(how.textContent).toContain(
      'we hold the money in escrow for 7 days before the tradesperson is paid',
    );
    expect(how.textContent).toContain('or it is released automatically after 7 days');
    expect(how.textContent).toContain(
      '(or sooner if the customer releases it), the payment less our 15% fee',
    );
    const help = screen.getByRole('region', { name: 'Get help' });
    expect(help.textContent).toContain('raise one from a booking that has gone wrong');
    const about = screen.getByRole('region', { name: 'About TradeNest' });
    expect(about.textContent).toContain(
      'any money held for it is frozen, the other side has 7 days to respond',
    );
    expect(about.textContent).toContain('release it, refund it or split it');
    const contact = screen.getByRole('region', { name: 'Contact us' }).textContent;
    expect(contact).toContain('raise a dispute from the booking itself');
    expect(contact).toContain('while the work is in progress, awaiting payment, or its money is still held');
    expect(document.body.textContent).not.toContain('not available yet');
  });

  it('has a Call Support button that dials the configured number, and the support email', async () => {
    const fetchMock = mockApi({ ...sessionHandler(null), ...contactHandler });
    renderApp('/support');
    const call = await screen.findByRole('link', { name: 'Call Support' });
    expect(call.getAttribute('href')).toBe('tel:+441134960000');
    const contact = screen.getByRole('region', { name: 'Contact us' });
    expect(within(contact).getByText('0113 496 0000')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'support@tradenest.local' }).getAttribute('href')).toBe(
      'mailto:support@tradenest.local',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/v1/support/contact'))).toBe(true);
  });

  it('offers to try again when the contact details cannot be loaded', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(null),
      'GET /api/v1/support/contact': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: { phone: '020 7946 0123', email: 'help@example.com' } },
    });
    renderApp('/support');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('link', { name: 'Call Support' })).toBeNull();
    fail = false;
    fireEvent.click(retry);
    const call = await screen.findByRole('link', { name: 'Call Support' });
    expect(call.getAttribute('href')).toBe('tel:+442079460123');
  });
});
