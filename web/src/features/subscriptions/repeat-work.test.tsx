// @vitest-environment happy-dom
// The tradesperson's side of repeat work outside /subscriptions: the dashboard's card and the calendar.
import type { CalendarView } from '@domain/scheduling/calendar';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '@/test/axe';
import { EMPTY_DASHBOARD, TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { makePlan, plansReply, refusal, requestedPlan } from './test-fixtures';

afterEach(resetBetweenTests);

const tom = makeUser({ id: TRADESPERSON_ID, fullName: 'Tom Green', userType: 'tradesperson' });

function openDashboard(plans: () => { status: number; body: unknown }) {
  mockApi({
    ...sessionHandler(tom),
    'GET /api/v1/tradesperson/dashboard': () => ({ status: 200, body: EMPTY_DASHBOARD }),
    'GET /api/v1/subscriptions': plans,
  });
  renderApp('/tradesperson-dashboard');
  return screen.findByRole('region', { name: 'Repeat customers' }, { timeout: 5000 });
}

describe('Repeat customers on the tradesperson dashboard', () => {
  it('counts requests waiting for a proposal and active plans, lists the next visits and links to them', async () => {
    const region = within(
      await openDashboard(() =>
        plansReply([
          requestedPlan({ id: 'p1', role: 'tradesperson' }),
          makePlan({ id: 'p2', role: 'tradesperson', nextVisitDate: '2030-04-11' }),
          makePlan({ id: 'p3', role: 'tradesperson', title: 'Monthly windows', nextVisitDate: '2030-04-02' }),
        ]),
      ),
    );
    expect(await region.findByText('1 request waiting for your proposal · 2 active plans')).toBeTruthy();
    const next = within(region.getByRole('list', { name: 'Next visits' })).getAllByRole('listitem');
    expect(next.map((li) => li.textContent)).toEqual([
      '2 Apr 2030: Monthly windows — Ann Smith',
      '11 Apr 2030: Fortnightly garden maintenance — Ann Smith',
    ]);
    expect(region.getByRole('link', { name: 'Propose plans' }).getAttribute('href')).toBe('/subscriptions');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says how repeat customers come when there are none, and when the plans cannot load', async () => {
    const region = within(await openDashboard(() => plansReply([])));
    expect(await region.findByText(/^No repeat customers yet\./)).toBeTruthy();
    expect(region.getByRole('link', { name: 'See repeat services' })).toBeTruthy();
    resetBetweenTests();
    const failed = within(await openDashboard(() => refusal(500, 'internal_error', 'Something went wrong')));
    expect(await failed.findByText(/We could not load your plans\./)).toBeTruthy();
    expect(failed.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Repeat visits on the calendar', () => {
  const view: CalendarView = {
    from: '2026-02-23',
    to: '2026-04-05',
    bookings: [
      {
        id: '30000000-0000-4000-8000-000000000001',
        jobId: '10000000-0000-4000-8000-000000000001',
        date: '2026-03-12',
        status: 'confirmed',
        jobTitle: 'Fortnightly garden maintenance',
        category: 'Gardening',
        customerFirstName: 'Ann',
        postcode: 'M1 1AE',
        amount: 3_500,
        planId: '50000000-0000-4000-8000-000000000001',
      },
      {
        id: '30000000-0000-4000-8000-000000000002',
        jobId: '10000000-0000-4000-8000-000000000002',
        date: '2026-03-13',
        status: 'confirmed',
        jobTitle: 'Fix a leaking tap',
        category: 'Plumbing',
        customerFirstName: 'Bob',
        postcode: 'M1 1AE',
        amount: 9_000,
      },
    ],
    milestones: [],
    timeOff: [],
    workingWeek: ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
  };

  it('marks a visit of a plan as a repeat visit, in words and with an icon, and says so in the key', async () => {
    mockApi({
      ...sessionHandler(tom),
      'GET /api/v1/calendar': () => ({ status: 200, body: view }),
      'GET /api/v1/calendar/feed': () => ({ status: 200, body: { feed: null } }),
      'GET /api/v1/availability': () => ({
        status: 200,
        body: {
          availability: { isSet: true, weeklyPattern: view.workingWeek, leadTimeDays: 1, jobsPerDay: 2 },
          timeOff: [],
        },
      }),
    });
    renderApp('/tradesperson/calendar?date=2026-03-10');
    const month = await screen.findByRole('list', { name: 'March 2026' }, { timeout: 5000 });
    const repeat = within(month).getByRole('link', {
      name: 'Confirmed, repeat visit: Fortnightly garden maintenance — Ann',
    });
    expect(repeat.querySelectorAll('svg')).toHaveLength(2);
    expect(within(month).getByRole('link', { name: 'Confirmed: Fix a leaking tap — Bob' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Key' })).getByText('Repeat visit')).toBeTruthy();
  });
});
