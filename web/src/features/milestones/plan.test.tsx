// @vitest-environment happy-dom

import { londonToday } from '@domain/marketplace/schemas';
import type { BookingMilestonesView } from '@domain/milestones/api';
import { sumMismatch } from '@domain/milestones/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { expectFieldError } from '@/test/field-errors';
import { TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import {
  BOOKING_ID,
  cardsReply,
  makeMilestone,
  makePlan,
  makeView,
  PLAN_ID,
  viewReply,
} from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

type Handlers = Parameters<typeof mockApi>[0];

const PAGE = `/booking-milestones/${BOOKING_ID}`;
const PLAN_URL = `/api/v1/bookings/${BOOKING_ID}/milestone-plan`;
const tom = makeUser({
  id: TRADESPERSON_ID,
  fullName: 'Tom Pipes',
  email: 'tom@example.com',
  userType: 'tradesperson',
});

/** A UK calendar date `days` after today. */
function inDays(days: number): string {
  const [y, m, d] = londonToday().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

async function openPage(view: BookingMilestonesView, handlers: Handlers = {}, user = makeUser()) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [`GET /api/v1/bookings/${BOOKING_ID}/milestones`]: () => viewReply(view),
    'GET /api/v1/payment-methods': () => cardsReply(),
    ...handlers,
  });
  renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: view.jobTitle }, { timeout: 5000 });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => ({
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }));
  return { posts };
}

const row = (n: number) => within(screen.getByRole('group', { name: `Milestone ${n}` }));
const field = (n: number, label: RegExp) => row(n).getByLabelText(label) as HTMLInputElement;

function fillRow(
  n: number,
  values: { title: string; amount: string; dueDate: string; description?: string },
) {
  fireEvent.change(field(n, /^Title/), { target: { value: values.title } });
  if (values.description)
    fireEvent.change(field(n, /^Description/), { target: { value: values.description } });
  fireEvent.change(field(n, /^Amount/), { target: { value: values.amount } });
  fireEvent.change(field(n, /^Due date/), { target: { value: values.dueDate } });
}

const proposing = makeView({ viewer: 'tradesperson', canPropose: true });

describe('proposing a milestone plan', () => {
  it('keeps a running sum, refuses a plan that does not add up, then sends the corrected one', async () => {
    const sent = makeView({ viewer: 'tradesperson', proposal: makePlan() });
    const { posts } = await openPage(proposing, { [`POST ${PLAN_URL}`]: () => viewReply(sent) }, tom);
    expect(screen.getByRole('heading', { name: 'Propose milestone plan' })).toBeTruthy();
    const first = { title: 'First fix', amount: '400', dueDate: inDays(10), description: 'Pipes in place' };
    fillRow(1, first);
    fillRow(2, { title: 'Second fix', amount: '800', dueDate: inDays(40) });
    const sum = screen.getByText(/planned/);
    expect(sum.getAttribute('aria-live')).toBe('polite');
    expect(sum.textContent).toBe('£1,200.00 of £1,234.50 planned · £34.50 left to plan');
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Propose milestone plan' }));
    const mismatch = sumMismatch(123_450, 120_000);
    expect(mismatch).toBe(
      'Milestone amounts must add up to the booking amount of £1,234.50 (they add up to £1,200.00)',
    );
    expect(await screen.findByText(mismatch)).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Validation Error', mismatch);
    expect(posts()).toHaveLength(0);

    fireEvent.change(field(2, /^Amount/), { target: { value: '834.50' } });
    expect(sum.textContent).toBe('£1,234.50 of £1,234.50 planned · adds up to the booking amount');
    // The message follows the correction.
    expect(screen.queryByText(mismatch)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Propose milestone plan' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Milestone plan sent', expect.any(String)));
    expect(posts()).toEqual([
      {
        url: PLAN_URL,
        body: {
          milestones: [
            {
              title: 'First fix',
              description: 'Pipes in place',
              amountPence: 40_000,
              dueDate: first.dueDate,
            },
            { title: 'Second fix', amountPence: 83_450, dueDate: inDays(40) },
          ],
        },
      },
    ]);
    // The answer replaces the page: the proposal waits for Ann, and Tom may withdraw it.
    expect(await screen.findByRole('heading', { name: 'Proposed milestone plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByText('Waiting for Ann Smith to accept or decline it.')).toBeTruthy();
  });

  it('marks the fields the rules refuse, and adds and removes rows', async () => {
    await openPage(proposing, {}, tom);
    expect((screen.getByRole('button', { name: 'Remove milestone 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add milestone' }));
    expect(screen.getByRole('group', { name: 'Milestone 3' })).toBeTruthy();
    // Focus moves at once (not a frame later, where typing that follows would already be elsewhere).
    expect(document.activeElement).toBe(field(3, /^Title/));
    fillRow(1, { title: 'ab', amount: 'lots', dueDate: inDays(-1) });
    fireEvent.click(screen.getByRole('button', { name: 'Propose milestone plan' }));
    expectFieldError(field(1, /^Title/), 'Title must be at least 3 characters');
    expectFieldError(field(1, /^Amount/), 'Enter an amount in pounds, like 250 or 249.99');
    expectFieldError(field(1, /^Due date/), 'Please choose a date from today onwards');
    expectFieldError(field(3, /^Due date/), 'Please select a due date');
    expect(document.activeElement).toBe(field(1, /^Title/));
    fireEvent.click(screen.getByRole('button', { name: 'Remove milestone 3' }));
    expect(screen.queryByRole('group', { name: 'Milestone 3' })).toBeNull();
    expect(document.activeElement).toBe(field(2, /^Title/));
    expect(field(1, /^Title/).value).toBe('ab');
  });

  it("puts the server's refusals on the rows they name, keeping what was typed", async () => {
    const { posts } = await openPage(
      proposing,
      {
        [`POST ${PLAN_URL}`]: () => ({
          status: 400,
          body: {
            error: {
              code: 'validation_error',
              message: 'Each due date must be on or after the one before it',
              details: [
                {
                  field: 'milestones.1.dueDate',
                  message: 'Each due date must be on or after the one before it',
                },
              ],
            },
          },
        }),
      },
      tom,
    );
    fillRow(1, { title: 'First fix', amount: '400', dueDate: inDays(10) });
    fillRow(2, { title: 'Second fix', amount: '834.50', dueDate: inDays(40) });
    fireEvent.click(screen.getByRole('button', { name: 'Propose milestone plan' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Validation Error',
        'Each due date must be on or after the one before it',
      ),
    );
    expectFieldError(field(2, /^Due date/), 'Each due date must be on or after the one before it');
    expect(posts()).toHaveLength(1);
    expect(field(1, /^Title/).value).toBe('First fix');
    expect(field(2, /^Amount/).value).toBe('834.50');
    // Editing the field drops the server's message about it.
    fireEvent.change(field(2, /^Due date/), { target: { value: inDays(41) } });
    expect(field(2, /^Due date/).getAttribute('aria-invalid')).toBeNull();
  });

  it('says why the tradesperson cannot propose, and shows the declined plan’s reason', async () => {
    await openPage(
      makeView({
        viewer: 'tradesperson',
        canPropose: false,
        proposeBlockedReason: 'Milestones can be planned only for a confirmed booking',
        declined: makePlan({
          status: 'declined',
          decidedAt: '2026-12-02T10:00:00.000Z',
          declineReason: 'Too much up front',
        }),
      }),
      {},
      tom,
    );
    expect(screen.getByText('Milestones can be planned only for a confirmed booking')).toBeTruthy();
    expect(screen.getByText('Ann Smith declined the proposed plan on 2 Dec 2026.')).toBeTruthy();
    expect(screen.getByText('Too much up front')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Propose milestone plan' })).toBeNull();
  });

  it('starts a new proposal from the declined plan, every row filled in as it was', async () => {
    await openPage(
      makeView({
        viewer: 'tradesperson',
        canPropose: true,
        declined: makePlan({ status: 'declined', decidedAt: '2026-12-02T10:00:00.000Z' }),
      }),
      {},
      tom,
    );
    expect(field(1, /^Title/).value).toBe('First fix');
    expect(field(1, /^Amount/).value).toBe('400.00');
    expect(field(1, /^Due date/).value).toBe('2030-06-20');
    expect(field(2, /^Title/).value).toBe('Second fix');
    expect(field(2, /^Amount/).value).toBe('834.50');
    expect(screen.getByText(/planned/).textContent).toBe(
      '£1,234.50 of £1,234.50 planned · adds up to the booking amount',
    );
  });

  it('withdraws a waiting proposal', async () => {
    const { posts } = await openPage(
      makeView({ viewer: 'tradesperson', proposal: makePlan() }),
      { [`POST ${PLAN_URL}/withdraw`]: () => viewReply(proposing) },
      tom,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('button', { name: 'Propose milestone plan' })).toBeTruthy();
    expect(posts()).toEqual([{ url: `${PLAN_URL}/withdraw`, body: undefined }]);
  });
});

describe('deciding on a proposed plan', () => {
  const waiting = makeView({ proposal: makePlan() });

  it('shows the customer the proposal and accepts it, naming the plan', async () => {
    const milestones = [makeMilestone(), makeMilestone({ id: 'm2', index: 1, title: 'Second fix' })];
    const accepted = makeView({
      plan: makePlan({ status: 'accepted' }),
      milestones,
      totals: { totalPence: 123_450, paidPence: 0, remainingPence: 123_450 },
    });
    const { posts } = await openPage(waiting, { [`POST ${PLAN_URL}/accept`]: () => viewReply(accepted) });
    const card = within(
      screen.getByRole('heading', { name: 'Proposed milestone plan' }).closest('div.rounded-xl')!,
    );
    expect(card.getByText('Tom Pipes proposed this on 1 Dec 2026.')).toBeTruthy();
    expect(card.getByText('£834.50')).toBeTruthy();
    expect(card.getByText('£1,234.50')).toBeTruthy();
    expect(card.getByText('Due 20 Jul 2030')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept plan' }));
    expect(await screen.findByRole('region', { name: 'Milestones' })).toBeTruthy();
    expect(posts()).toEqual([{ url: `${PLAN_URL}/accept`, body: { planId: PLAN_ID } }]);
    expect(showSuccess).toHaveBeenCalledWith('Plan accepted', expect.any(String));
  });

  it('declines with the reason given', async () => {
    const declined = makeView({
      declined: makePlan({ status: 'declined', declineReason: 'Too much up front' }),
    });
    const { posts } = await openPage(waiting, { [`POST ${PLAN_URL}/decline`]: () => viewReply(declined) });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this plan?' });
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), {
      target: { value: '  Too much up front  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([
      { url: `${PLAN_URL}/decline`, body: { planId: PLAN_ID, reason: 'Too much up front' } },
    ]);
    expect(await screen.findByText('You declined the proposed plan.')).toBeTruthy();
    expect(screen.getByText('No milestone plan yet')).toBeTruthy();
  });

  it('keeps the dialog open and says why when declining fails', async () => {
    const { posts } = await openPage(waiting, {
      [`POST ${PLAN_URL}/decline`]: () => ({
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message: 'The plan changed while you were looking at it. Please review it again.',
          },
        },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline plan' }));
    expect(
      await within(dialog).findByText(
        'The plan changed while you were looking at it. Please review it again.',
      ),
    ).toBeTruthy();
    expect(posts()).toEqual([{ url: `${PLAN_URL}/decline`, body: { planId: PLAN_ID } }]);
  });

  it('shows a revision below the plan in force, with the same choice', async () => {
    await openPage(
      makeView({
        plan: makePlan({ id: 'p0', status: 'accepted' }),
        proposal: makePlan({ revision: true }),
        milestones: [makeMilestone()],
        totals: { totalPence: 123_450, paidPence: 0, remainingPence: 123_450 },
      }),
    );
    expect(screen.getByRole('region', { name: 'Milestones' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Proposed changes to the plan' })).toBeTruthy();
    expect(screen.getByText(/The current plan stays in force until the changes are accepted/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accept plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
  });
});
