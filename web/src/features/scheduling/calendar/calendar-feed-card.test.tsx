// @vitest-environment happy-dom
import type { CalendarFeedStatus } from '@domain/scheduling/calendar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { requestsTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Pipes' });
const FIRST = 'http://localhost:3000/api/v1/calendar/feed/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const SECOND = 'http://localhost:3000/api/v1/calendar/feed/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

/** The calendar with an empty month, and a feed that starts as `initial` and changes as asked. */
function mockFeed(initial: CalendarFeedStatus['feed']) {
  const made = [FIRST, SECOND];
  return mockApi({
    ...sessionHandler(tradesperson),
    'GET /api/v1/calendar': () => ({
      status: 200,
      body: {
        from: '2026-02-23',
        to: '2026-04-05',
        bookings: [],
        milestones: [],
        timeOff: [],
        workingWeek: [],
      },
    }),
    'GET /api/v1/calendar/feed': () => ({ status: 200, body: { feed: initial } }),
    'POST /api/v1/calendar/feed': () => ({
      status: 201,
      body: { feed: { createdAt: '2026-03-10T12:00:00.000Z' }, url: made.shift() },
    }),
    'DELETE /api/v1/calendar/feed': () => ({ status: 204 }),
  });
}

const feedCard = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Calendar feed' })).closest('div.rounded-xl') as HTMLElement,
  );

describe('the calendar feed card', () => {
  it('makes a link, shows it once with Copy and how to add it to a calendar', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = mockFeed(null);
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const card = await feedCard();
    fireEvent.click(await card.findByRole('button', { name: 'Create feed link' }));
    const link = (await card.findByRole('textbox', { name: 'Your feed link' })) as HTMLInputElement;
    expect(link.value).toBe(FIRST);
    expect(link.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(requestsTo(fetchMock, 'POST /api/v1/calendar/feed')).toHaveLength(1);
    expect(card.getByText('Your feed link was made on 10 Mar 2026, 12:00.')).toBeTruthy();
    expect(
      card.getByText('This link is shown only now. If you lose it, regenerate it and add the new one.'),
    ).toBeTruthy();
    expect(card.getByText('Google Calendar')).toBeTruthy();
    expect(card.getByText('Apple Calendar')).toBeTruthy();
    expect(card.getByText('Outlook')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FIRST));
    expect(showSuccess).toHaveBeenCalledWith('Feed link copied');
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('regenerates after saying the old link stops working, and shows the new one', async () => {
    const fetchMock = mockFeed({ createdAt: '2026-03-01T09:30:00.000Z' });
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const card = await feedCard();
    expect(await card.findByText('Your feed link was made on 1 Mar 2026, 09:30.')).toBeTruthy();
    // The address is not kept anywhere: an existing feed shows no link.
    expect(card.queryByRole('textbox')).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Regenerate link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make a new feed link?' });
    expect(dialog.textContent).toContain('Your current link will stop working at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, 'POST /api/v1/calendar/feed')).toHaveLength(0);

    fireEvent.click(card.getByRole('button', { name: 'Regenerate link' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Regenerate link' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(((await card.findByRole('textbox', { name: 'Your feed link' })) as HTMLInputElement).value).toBe(
      FIRST,
    );
    expect(card.getByText('Your feed link was made on 10 Mar 2026, 12:00.')).toBeTruthy();
    expect(requestsTo(fetchMock, 'POST /api/v1/calendar/feed')).toHaveLength(1);
  });

  it('turns the feed off after asking, and offers to make a new link', async () => {
    const fetchMock = mockFeed({ createdAt: '2026-03-01T09:30:00.000Z' });
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const card = await feedCard();
    fireEvent.click(await card.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off your calendar feed?' });
    expect(dialog.textContent).toContain('Your link will stop working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await card.findByRole('button', { name: 'Create feed link' })).toBeTruthy();
    expect(requestsTo(fetchMock, 'DELETE /api/v1/calendar/feed')).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Calendar feed turned off');
    expect(card.queryByText(/Your feed link was made/)).toBeNull();
  });
});
