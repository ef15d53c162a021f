// @vitest-environment happy-dom
import type { CalendarBooking, CalendarView } from '@domain/scheduling/calendar';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { queriesSentTo } from '@/test/requests';

afterEach(resetBetweenTests);

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Pipes' });

const booking = (
  n: number,
  status: CalendarBooking['status'],
  date: string,
  jobTitle: string,
): CalendarBooking => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  jobId: `10000000-0000-4000-8000-00000000000${n}`,
  date,
  status,
  jobTitle,
  category: 'Plumbing',
  customerFirstName: 'Alice',
  postcode: status === 'pending' ? 'M1' : 'M1 1AE',
  amount: 42_000,
});

const MARCH: CalendarView = {
  from: '2026-02-23',
  to: '2026-04-05',
  bookings: [
    booking(1, 'completed', '2026-03-05', 'Unblock the garden drain'),
    booking(2, 'pending', '2026-03-12', 'Fix a leaking kitchen tap'),
    booking(3, 'confirmed', '2026-03-13', 'Replace the bathroom radiator'),
    booking(4, 'disputed', '2026-03-20', 'Refit the shower enclosure'),
  ],
  milestones: [
    {
      id: '40000000-0000-4000-8000-000000000001',
      bookingId: '30000000-0000-4000-8000-000000000003',
      jobId: '10000000-0000-4000-8000-000000000003',
      dueDate: '2026-03-16',
      title: 'First fix',
      amount: 21_000,
      status: 'pending',
    },
  ],
  timeOff: [
    {
      id: '50000000-0000-4000-8000-000000000001',
      startsOn: '2026-03-18',
      endsOn: '2026-03-19',
      note: 'Family wedding',
    },
  ],
  workingWeek: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
};

function mockCalendar(view: CalendarView | null = MARCH) {
  return mockApi({
    ...sessionHandler(tradesperson),
    'GET /api/v1/calendar': () =>
      view
        ? { status: 200, body: view }
        : { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } },
    'GET /api/v1/calendar/feed': () => ({ status: 200, body: { feed: null } }),
    // The Availability section's own read (its form is tested in availability-settings.test.tsx).
    'GET /api/v1/availability': () => ({
      status: 200,
      body: {
        availability: { isSet: true, weeklyPattern: MARCH.workingWeek, leadTimeDays: 1, jobsPerDay: 2 },
        timeOff: [],
      },
    }),
  });
}

/** A phone: the page asks matchMedia whether it is under 640 px wide. */
function onPhone() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const STATUS_TONES = {
  'Completed: Unblock the garden drain — Alice': 'green',
  'Pending: Fix a leaking kitchen tap — Alice': 'amber',
  'Confirmed: Replace the bathroom radiator — Alice': 'blue',
  'Disputed: Refit the shower enclosure — Alice': 'red',
};

describe('the tradesperson calendar', () => {
  it('shows the month, Monday first, with each status in its own colour, icon and words', async () => {
    const fetchMock = mockCalendar();
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const month = await screen.findByRole('list', { name: 'March 2026' });
    expect(queriesSentTo(fetchMock, '/api/v1/calendar').map((q) => q.toString())).toEqual([
      'from=2026-02-23&to=2026-04-05',
    ]);
    const days = within(month)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === month);
    expect(days).toHaveLength(42);
    expect(days[0]!.querySelector('h3')!.textContent).toBe('23Monday, 23 February 2026');
    for (const [name, tone] of Object.entries(STATUS_TONES)) {
      const link = within(month).getByRole('link', { name });
      expect(link.className).toContain(`bg-${tone}-50`);
      expect(link.querySelector('svg')).not.toBeNull();
    }
    const tonesUsed = Object.keys(STATUS_TONES).map(
      (name) => within(month).getByRole('link', { name }).className,
    );
    expect(new Set(tonesUsed).size).toBe(4);
    expect(within(month).getByRole('link', { name: 'Milestone due: First fix' }).getAttribute('href')).toBe(
      '/job/10000000-0000-4000-8000-000000000003',
    );
    expect(
      within(month)
        .getByRole('link', { name: 'Pending: Fix a leaking kitchen tap — Alice' })
        .getAttribute('href'),
    ).toBe('/job/10000000-0000-4000-8000-000000000002');
    expect(within(month).getAllByText('Time off')).toHaveLength(2);
    // Saturday 7 March is not worked: shaded, and said so.
    expect(within(month).getByRole('heading', { name: 'Saturday, 7 March 2026, not working' })).toBeTruthy();
    const key = screen.getByRole('list', { name: 'Key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Pending',
      'Confirmed',
      'Completed',
      'Disputed',
      'Milestone due',
      'Repeat visit',
      'Time off or not working',
    ]);
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('moves between days with the arrow keys', async () => {
    mockCalendar();
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const month = await screen.findByRole('list', { name: 'March 2026' });
    const thursday = within(month).getByRole('heading', { name: 'Thursday, 12 March 2026' });
    thursday.focus();
    fireEvent.keyDown(thursday, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(
      within(month).getByRole('heading', { name: 'Friday, 13 March 2026' }),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(
      within(month).getByRole('heading', { name: 'Friday, 20 March 2026' }),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(
      within(month).getByRole('heading', { name: 'Monday, 16 March 2026' }),
    );
  });

  it('switches to the week, keeps it in the address, and moves a week at a time', async () => {
    const fetchMock = mockCalendar();
    const { router } = renderApp('/tradesperson/calendar?date=2026-03-10');
    await screen.findByRole('list', { name: 'March 2026' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Week' }), { button: 0 });
    const week = await screen.findByRole('list', { name: 'Week of Monday, 9 March 2026' });
    expect(router.state.location.search).toBe('?view=week&date=2026-03-10');
    expect(
      within(week)
        .getAllByRole('heading')
        .map((h) => h.textContent?.slice(0, 6)),
    ).toEqual(['Mon 9M', 'Tue 10', 'Wed 11', 'Thu 12', 'Fri 13', 'Sat 14', 'Sun 15']);
    const pending = within(week).getByRole('link', { name: /^Pending: Fix a leaking kitchen tap — Alice/ });
    expect(pending.textContent).toContain('M1 · £420.00');
    const confirmed = within(week).getByRole('link', {
      name: /^Confirmed: Replace the bathroom radiator — Alice/,
    });
    expect(confirmed.textContent).toContain('M1 1AE · £420.00');

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('list', { name: 'Week of Monday, 16 March 2026' });
    expect(router.state.location.search).toBe('?view=week&date=2026-03-17');
    expect(queriesSentTo(fetchMock, '/api/v1/calendar').at(-1)?.toString()).toBe(
      'from=2026-03-16&to=2026-03-22',
    );
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('becomes an agenda of the days with something on them on a phone', async () => {
    onPhone();
    mockCalendar();
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const agenda = await screen.findByRole('list', { name: 'March 2026' });
    expect(
      within(agenda)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Thursday, 5 March 2026',
      'Thursday, 12 March 2026',
      'Friday, 13 March 2026',
      'Monday, 16 March 2026',
      'Wednesday, 18 March 2026',
      'Thursday, 19 March 2026',
      'Friday, 20 March 2026',
    ]);
    expect(within(agenda).getAllByText('Time off: Family wedding')).toHaveLength(2);
    expect(
      within(agenda).getByRole('link', { name: /^Disputed: Refit the shower enclosure — Alice/ }),
    ).toBeTruthy();
    expect(await seriousAxeViolations()).toEqual([]);
  });

  it('says what to do when the month has no bookings', async () => {
    mockCalendar({ ...MARCH, bookings: [], milestones: [], timeOff: [] });
    renderApp('/tradesperson/calendar?date=2026-03-10');
    expect(await screen.findByRole('heading', { name: 'No bookings this month.' })).toBeTruthy();
    expect(screen.getByText('Set your availability so customers can book you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set your availability' }).getAttribute('href')).toBe(
      '#availability',
    );
    expect(screen.getByRole('heading', { name: 'Availability', level: 2 })).toBeTruthy();
  });

  it('offers a retry when the calendar cannot load', async () => {
    mockCalendar(null);
    renderApp('/tradesperson/calendar?date=2026-03-10');
    expect(await screen.findByText('We could not load your calendar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is not there for customers', async () => {
    mockApi({ ...sessionHandler(makeUser()) });
    renderApp('/tradesperson/calendar');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Calendar', level: 1 })).toBeNull());
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });
});
