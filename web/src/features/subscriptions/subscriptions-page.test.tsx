// @vitest-environment happy-dom
import { londonToday } from '@domain/marketplace/schemas';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { addDays } from '@domain/subscriptions/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import {
  bookedVisit,
  CARD_ID,
  cardsReply,
  makePlan,
  makeVisit,
  PLAN_ID,
  planReply,
  plansReply,
  proposedPlan,
  refusal,
  requestedPlan,
  VISIT_ID,
  VISIT_JOB_ID,
} from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('@/lib/toast-info', () => ({ showInfo: vi.fn() }));
vi.mock('@/features/milestones/stripe-next-action', () => ({
  handleStripeNextAction: vi.fn(async () => {}),
}));

afterEach(resetBetweenTests);

type Handlers = Parameters<typeof mockApi>[0];
const LIST = 'GET /api/v1/subscriptions';
const step = (what: string) => `POST /api/v1/subscriptions/${PLAN_ID}/${what}`;
const tom = makeUser({ id: TRADESPERSON_ID, fullName: 'Tom Green', userType: 'tradesperson' });

async function openPage(
  plans: ReturnType<typeof makePlan>[],
  handlers: Handlers = {},
  user = makeUser(),
  path = '/subscriptions',
) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [LIST]: () => plansReply(plans),
    'GET /api/v1/payment-methods': () => cardsReply(),
    ...handlers,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Subscriptions' }, { timeout: 5000 });
  if (plans.length > 0) await screen.findAllByRole('article');
  return { ...app, fetchMock };
}

/** A fake server holding one plan: each action's answer is what the list reads from then on. */
function serverWith(first: ReturnType<typeof makePlan>) {
  let now = first;
  return {
    list: () => plansReply([now]),
    answer: (next: ReturnType<typeof makePlan>) => () => {
      now = next;
      return planReply(next);
    },
  };
}

const plan = (name = 'Fortnightly garden maintenance') => within(screen.getByRole('article', { name }));
const group = (name: string) => within(screen.getByRole('region', { name }));
const visits = () => within(screen.getByRole('region', { name: 'Visits and money' }));

describe('loading the plans', () => {
  it('says it failed and loads again on Try again', async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(makeUser()),
      [LIST]: () => (fail ? refusal(500, 'internal_error', 'Something went wrong') : plansReply([])),
    });
    renderApp('/subscriptions');
    expect(
      await screen.findByText('Failed to load your repeat services', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No repeat services yet')).toBeTruthy();
  });

  it('shows placeholders under the heading while the plans load', async () => {
    mockApi({ ...sessionHandler(makeUser()), [LIST]: () => new Promise(() => {}) });
    renderApp('/subscriptions');
    await screen.findByRole('heading', { level: 1, name: 'Subscriptions' }, { timeout: 5000 });
    expect(screen.getAllByRole('status').some((s) => s.getAttribute('aria-busy') === 'true')).toBe(true);
  });

  it('says how to start one when there is none, in the customer’s and the tradesperson’s words', async () => {
    await openPage([]);
    expect(await screen.findByText('No repeat services yet')).toBeTruthy();
    expect(screen.getByText(/choose ‘Ask for a repeat service’ and they propose a plan/)).toBeTruthy();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
    resetBetweenTests();
    await openPage([], {}, tom);
    expect(await screen.findByText(/When a customer asks you for a repeat service/)).toBeTruthy();
  });

  it('groups the plans: waiting for you, waiting for an answer, active, paused, ended', async () => {
    await openPage([
      makePlan({ id: 'p-active', title: 'Windows' }),
      proposedPlan({ id: 'p-proposed', title: 'Boiler service' }),
      requestedPlan({ id: 'p-requested' }),
      makePlan({ id: 'p-paused', title: 'Hedges', status: 'paused', pauseReason: 'customer' }),
      makePlan({ id: 'p-ended', title: 'Gutters', status: 'cancelled', lastVisitDate: '2030-03-14' }),
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Waiting for you', 'Waiting for an answer', 'Active', 'Paused', 'Ended']);
    expect(group('Waiting for you').getByRole('article', { name: 'Boiler service' })).toBeTruthy();
    expect(group('Waiting for an answer').getByText('Asked for: waiting for a proposal')).toBeTruthy();
    expect(group('Paused').getByText('Paused by you.')).toBeTruthy();
    expect(group('Ended').getByText('Last visit that goes ahead: 14 Mar 2030')).toBeTruthy();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});

describe('an active plan, for the customer', () => {
  it('shows its terms, the card charged and each visit’s money with its job', async () => {
    await openPage([makePlan()]);
    const card = plan();
    const fact = (term: string) => card.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Price per visit')).toBe('£35.00');
    expect(fact('How often')).toBe('Every 2 weeks');
    expect(fact('First visit')).toBe('14 Mar 2030');
    expect(fact('Next visit')).toBe('28 Mar 2030');
    expect(fact('Card charged')).toMatch(/^Visa ••••\s*ending in 4242$/);
    expect(card.getByText(/With Tom's Gardens/)).toBeTruthy();
    const rows = visits().getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Booked')).toBeTruthy();
    expect(within(rows[0]!).getByText(/^Held in escrow until 21 Mar 2030 · £35.00$/)).toBeTruthy();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Open visit on 14 Mar 2030' }).getAttribute('href'),
    ).toBe(`/job/${VISIT_JOB_ID}`);
    expect(within(rows[1]!).getByText('Not booked yet')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Not due yet — charged on 25 Mar 2030/)).toBeTruthy();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('says every money state in words', async () => {
    const states = [
      bookedVisit({ state: 'processing' }, { nominalDate: '2030-01-01', date: '2030-01-01' }),
      bookedVisit(
        { state: 'released', releasedAt: '2030-01-20T10:00:00.000Z' },
        { nominalDate: '2030-01-02', date: '2030-01-02', bookingStatus: 'completed' },
      ),
      bookedVisit({ state: 'refunded' }, { nominalDate: '2030-01-03', date: '2030-01-03' }),
      bookedVisit({ state: 'not_charged' }, { nominalDate: '2030-01-04', date: '2030-01-04' }),
      makeVisit({ nominalDate: '2030-01-05', date: '2030-01-05', status: 'skipped' }),
    ];
    await openPage([makePlan({ visits: states })]);
    for (const words of ['Charging', 'Released', 'Refunded', 'Not charged', 'Skipped', 'Completed']) {
      expect(visits().getByText(new RegExp(`^${words}`))).toBeTruthy();
    }
  });

  it('pays a failed visit now and says the payment went through', async () => {
    const failed = bookedVisit({
      state: 'failed',
      attempts: 1,
      nextAttemptAt: '2030-03-12T06:00:00.000Z',
      lastError: 'Your card was declined.',
    });
    const { fetchMock } = await openPage([makePlan({ visits: [failed] })], {
      [step(`visits/${VISIT_ID}/pay`)]: () => ({
        status: 200,
        body: {
          status: 'paid',
          actionUrl: null,
          clientSecret: null,
          message: null,
          subscription: makePlan(),
        },
      }),
    });
    expect(group('Waiting for you')).toBeTruthy();
    expect(visits().getByText(/^Payment failed — retrying on 12 Mar 2030/)).toBeTruthy();
    expect(visits().getByText('Last attempt: Your card was declined.')).toBeTruthy();
    fireEvent.click(visits().getByRole('button', { name: 'Pay now for the visit on 14 Mar 2030' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment successful', expect.any(String)));
    expect(requestsTo(fetchMock, step(`visits/${VISIT_ID}/pay`))).toHaveLength(1);
  });

  it('sends the customer to the bank’s page to authenticate', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const held = bookedVisit({ state: 'requires_action', actionUrl: '/sandbox/challenge/x' });
    await openPage([makePlan({ visits: [held] })], {
      [step(`visits/${VISIT_ID}/pay`)]: () => ({
        status: 200,
        body: {
          status: 'requires_action',
          actionUrl: '/sandbox/challenge/x',
          clientSecret: null,
          message: null,
          subscription: makePlan({ visits: [held] }),
        },
      }),
    });
    expect(visits().getByText(/^Needs your authentication/)).toBeTruthy();
    fireEvent.click(visits().getByRole('button', { name: 'Authenticate for the visit on 14 Mar 2030' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/challenge/x'));
  });

  it('confirms a visit’s charge on return from the bank, says the outcome and cleans the address', async () => {
    const { fetchMock, router } = await openPage(
      [makePlan()],
      {
        [step(`visits/${VISIT_ID}/confirm`)]: () => ({
          status: 200,
          body: {
            status: 'failed',
            actionUrl: null,
            clientSecret: null,
            message: 'Authentication failed',
            subscription: makePlan(),
          },
        }),
      },
      makeUser(),
      `/subscriptions?plan=${PLAN_ID}&visit=${VISIT_ID}`,
    );
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Payment failed', 'Authentication failed'));
    expect(requestsTo(fetchMock, step(`visits/${VISIT_ID}/confirm`))).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  });

  it('skips a future visit, explaining the notice', async () => {
    const { fetchMock } = await openPage([makePlan()], { [step('skip')]: () => planReply(makePlan()) });
    fireEvent.click(visits().getByRole('button', { name: 'Skip the visit on 28 Mar 2030' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Skip the visit on 28 Mar 2030?' }));
    expect(dialog.getByText('Visits less than 4 days away go ahead and are charged as usual.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Skip visit' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Visit skipped', 'No visit on 28 Mar 2030.'),
    );
    expect(bodiesSentTo(fetchMock, step('skip'))).toEqual([{ date: '2030-03-28' }]);
  });

  it('keeps the skip dialog open with the server’s refusal', async () => {
    await openPage([makePlan()], { [step('skip')]: () => refusal(409, 'conflict', M.insideNotice) });
    fireEvent.click(visits().getByRole('button', { name: 'Skip the visit on 28 Mar 2030' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Skip visit' }));
    expect(await dialog.findByText(M.insideNotice)).toBeTruthy();
  });

  it('cancels, saying which visits still go ahead, with the reason typed', async () => {
    const soon = bookedVisit({}, { date: addDays(londonToday(), 2), nominalDate: addDays(londonToday(), 2) });
    const { fetchMock } = await openPage([makePlan({ visits: [soon] })], {
      [step('cancel')]: () => planReply(makePlan({ status: 'cancelled' })),
    });
    fireEvent.click(plan().getByRole('button', { name: 'Cancel plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this plan?' }));
    expect(dialog.getByText(/^Still going ahead, as it is less than 4 days away: /)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), { target: { value: 'Moving house' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel plan' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Plan cancelled'));
    expect(bodiesSentTo(fetchMock, step('cancel'))).toEqual([{ reason: 'Moving house' }]);
  });

  it('pauses, and a paused plan resumes', async () => {
    // The list read again after each action answers what the server now has.
    const server = serverWith(makePlan());
    const { fetchMock } = await openPage([makePlan()], {
      [LIST]: server.list,
      [step('pause')]: server.answer(makePlan({ status: 'paused', pauseReason: 'customer' })),
      [step('resume')]: server.answer(makePlan()),
    });
    fireEvent.click(plan().getByRole('button', { name: 'Pause' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Pause this plan?' })).getByRole('button', {
        name: 'Pause plan',
      }),
    );
    expect(await screen.findByText('Paused by you.')).toBeTruthy();
    fireEvent.click(plan().getByRole('button', { name: 'Resume' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Resume this plan?' })).getByRole('button', {
        name: 'Resume plan',
      }),
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Plan resumed'));
    expect(bodiesSentTo(fetchMock, step('pause'))).toEqual([{}]);
  });

  it('says why a plan paused after failed charges', async () => {
    await openPage([makePlan({ status: 'paused', pauseReason: 'payment_failed' })]);
    expect(
      screen.getByText(
        'Paused because a visit’s payment failed after every retry. No visits are booked until it is resumed.',
      ),
    ).toBeTruthy();
  });

  it('answers a new price', async () => {
    const { fetchMock } = await openPage([makePlan({ pendingPricePence: 4_000 })], {
      [step('price/accept')]: () => planReply(makePlan({ pricePerVisitPence: 4_000 })),
    });
    expect(group('Waiting for you')).toBeTruthy();
    expect(
      screen.getByText("Tom's Gardens proposes a new price of £40.00 a visit, instead of £35.00."),
    ).toBeTruthy();
    expect(plan().getByRole('button', { name: 'Decline new price' })).toBeTruthy();
    fireEvent.click(plan().getByRole('button', { name: 'Accept new price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept the new price?' }));
    expect(dialog.getByText('Visits charged from now on cost £40.00 instead of £35.00.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Accept new price' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('New price accepted'));
    expect(requestsTo(fetchMock, step('price/accept'))).toHaveLength(1);
  });
});

describe('a proposal, for the customer', () => {
  it('accepts it with the chosen saved card', async () => {
    const { fetchMock } = await openPage([proposedPlan()], { [step('accept')]: () => planReply(makePlan()) });
    expect(plan().getByText('Proposed: waiting for your answer')).toBeTruthy();
    fireEvent.click(plan().getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this plan?' }));
    expect(await dialog.findByLabelText('Visa •••• 4242, expires 04/2030 (default)')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Accept plan' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith(M.accepted));
    expect(bodiesSentTo(fetchMock, step('accept'))).toEqual([{ paymentMethodId: CARD_ID }]);
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('without a saved card, says to add one and cannot accept', async () => {
    await openPage([proposedPlan()], { 'GET /api/v1/payment-methods': () => cardsReply([]) });
    fireEvent.click(plan().getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this plan?' }));
    expect(await dialog.findByText(`${M.cardNeeded}.`, { exact: false })).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Go to Payment Methods' }).getAttribute('href')).toBe(
      '/payment-methods',
    );
    expect((dialog.getByRole('button', { name: 'Accept plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('declines it with a reason', async () => {
    const { fetchMock } = await openPage([proposedPlan()], {
      [step('decline')]: () => planReply(proposedPlan({ status: 'declined' })),
    });
    fireEvent.click(plan().getByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this plan?' }));
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), { target: { value: 'Too dear' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline plan' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Plan declined'));
    expect(bodiesSentTo(fetchMock, step('decline'))).toEqual([{ reason: 'Too dear' }]);
  });
});

describe('a request, for the tradesperson', () => {
  const asked = () => requestedPlan({ role: 'tradesperson' });

  it('proposes a plan and keeps what was typed when the server refuses', async () => {
    let refuse = true;
    const start = addDays(londonToday(), 10);
    const { fetchMock } = await openPage(
      [asked()],
      {
        [step('propose')]: () =>
          refuse
            ? refusal(422, 'validation_error', M.notBookable, [
                { field: 'startDate', message: M.notBookable },
              ])
            : planReply(proposedPlan({ role: 'tradesperson' })),
      },
      tom,
    );
    expect(group('Waiting for you').getByText('Asked for: waiting for your proposal')).toBeTruthy();
    expect(
      plan('Repeat gardening').getByText('Could you come back every fortnight to keep the garden tidy?'),
    ).toBeTruthy();
    fireEvent.click(plan('Repeat gardening').getByRole('button', { name: 'Propose a plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a plan' }));
    fireEvent.change(dialog.getByLabelText(/^Title/), {
      target: { value: 'Fortnightly garden maintenance' },
    });
    fireEvent.change(dialog.getByLabelText(/^What is done each visit/), {
      target: { value: 'Mow the lawns, trim the edges and weed the beds.' },
    });
    fireEvent.change(dialog.getByLabelText(/^Price per visit/), { target: { value: '35' } });
    fireEvent.change(dialog.getByLabelText(/^How often/), { target: { value: 'fortnightly' } });
    fireEvent.change(dialog.getByLabelText(/^First visit/), { target: { value: start } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose plan' }));
    expect(await dialog.findByText(M.notBookable)).toBeTruthy();
    expect((dialog.getByLabelText(/^Title/) as HTMLInputElement).value).toBe(
      'Fortnightly garden maintenance',
    );
    refuse = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Propose plan' }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith('Plan proposed', 'Ann Smith is asked to accept it.'),
    );
    expect(bodiesSentTo(fetchMock, step('propose')).at(-1)).toEqual({
      title: 'Fortnightly garden maintenance',
      description: 'Mow the lawns, trim the edges and weed the beds.',
      pricePerVisit: '35',
      frequency: 'fortnightly',
      startDate: start,
    });
  });

  it('says each field’s problem in the contract’s words before sending', async () => {
    const { fetchMock } = await openPage([asked()], {}, tom);
    fireEvent.click(screen.getByRole('button', { name: 'Propose a plan' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a plan' }));
    fireEvent.change(dialog.getByLabelText(/^Price per visit/), { target: { value: '5' } });
    fireEvent.change(dialog.getByLabelText(/^First visit/), { target: { value: londonToday() } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose plan' }));
    expect(await dialog.findByText(M.titleEmpty)).toBeTruthy();
    expect(dialog.getByText(M.descriptionShort)).toBeTruthy();
    expect(dialog.getByText(M.priceRange)).toBeTruthy();
    expect(dialog.getByText(M.frequency)).toBeTruthy();
    expect(dialog.getByText(M.startDate)).toBeTruthy();
    expect(requestsTo(fetchMock, step('propose'))).toHaveLength(0);
  });

  it('changes the price of an active plan, refusing the same price', async () => {
    // The list read again after the change answers what the server now has.
    const server = serverWith(makePlan({ role: 'tradesperson', card: null }));
    const { fetchMock } = await openPage(
      [makePlan({ role: 'tradesperson', card: null })],
      {
        [LIST]: server.list,
        [step('price')]: server.answer(
          makePlan({ role: 'tradesperson', card: null, pendingPricePence: 4_000 }),
        ),
      },
      tom,
    );
    expect(plan().queryByText('Card charged')).toBeNull();
    fireEvent.click(plan().getByRole('button', { name: 'Change price' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change the price per visit' }));
    fireEvent.change(dialog.getByLabelText(/^New price per visit/), { target: { value: '35' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose new price' }));
    expect(await dialog.findByText(M.samePrice)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^New price per visit/), { target: { value: '40' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose new price' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, step('price'))).toHaveLength(1));
    expect(
      await screen.findByText('Your new price of £40.00 a visit is waiting for Ann Smith to accept it.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, step('price'))).toEqual([{ pricePerVisit: '40' }]);
  });
});
