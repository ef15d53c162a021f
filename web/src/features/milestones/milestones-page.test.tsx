// @vitest-environment happy-dom
import type { BookingMilestonesView, ChargeMilestoneResponse, MilestoneView } from '@domain/milestones/api';
import { MILESTONE_TEXTS } from '@domain/milestones/messages';
import { milestoneTotals } from '@domain/milestones/rules';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { TRADESPERSON_ID } from '@/test/fixtures';
import { heldReply } from '@/test/held-reply';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import { handleStripeNextAction } from './stripe-next-action';
import {
  BOOKING_ID,
  CARD_ID,
  cardsReply,
  makeCard,
  makeMilestone,
  makePlan,
  makeView,
  milestoneId,
  OTHER_CARD_ID,
  viewReply,
} from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('@/lib/toast-info', () => ({ showInfo: vi.fn() }));
// Stripe.js is not installed; the page's use of it is what is tested.
vi.mock('./stripe-next-action', () => ({ handleStripeNextAction: vi.fn(async () => {}) }));

afterEach(resetBetweenTests);

type Handlers = Parameters<typeof mockApi>[0];

const PAGE = `/booking-milestones/${BOOKING_ID}`;
const VIEW_URL = `GET /api/v1/bookings/${BOOKING_ID}/milestones`;
const CHARGE_URL = 'POST /api/v1/milestones/charge';
const tom = makeUser({
  id: TRADESPERSON_ID,
  fullName: 'Tom Pipes',
  email: 'tom@example.com',
  userType: 'tradesperson',
});

/** An accepted plan in every state, listed out of order (the page orders them by index). */
function planMilestones(): MilestoneView[] {
  return [
    makeMilestone({ id: milestoneId(3), index: 2, title: 'Final fix', amountPence: 23_450 }),
    makeMilestone({
      id: milestoneId(1),
      index: 0,
      title: 'First fix',
      status: 'paid',
      paidAt: '2026-12-03T10:00:00.000Z',
      canPay: false,
    }),
    makeMilestone({
      id: milestoneId(2),
      index: 1,
      title: 'Second fix',
      amountPence: 30_000,
      status: 'failed',
      lastError: 'Your card was declined.',
    }),
    makeMilestone({
      id: milestoneId(4),
      index: 3,
      title: 'Snagging',
      amountPence: 20_000,
      status: 'processing',
      awaitingAuthentication: true,
      canPay: false,
    }),
    makeMilestone({
      id: milestoneId(5),
      index: 4,
      title: 'Extras',
      amountPence: 10_000,
      status: 'refunded',
      canPay: false,
    }),
  ];
}

function acceptedView(overrides: Partial<BookingMilestonesView> = {}): BookingMilestonesView {
  const milestones = overrides.milestones ?? planMilestones();
  return makeView({
    plan: makePlan({ status: 'accepted', decidedAt: '2026-12-02T10:00:00.000Z' }),
    milestones,
    totals: milestoneTotals(milestones),
    ...overrides,
  });
}

async function openPage(view: BookingMilestonesView, handlers: Handlers = {}, user = makeUser()) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [VIEW_URL]: () => viewReply(view),
    'GET /api/v1/payment-methods': () => cardsReply(),
    ...handlers,
  });
  const app = renderApp(PAGE);
  await screen.findByRole('heading', { level: 1, name: view.jobTitle }, { timeout: 5000 });
  return { ...app, fetchMock };
}

const item = (title: string) =>
  within(screen.getByRole('heading', { level: 3, name: new RegExp(title) }).closest('li') as HTMLElement);

/** What a totals figure reads: the value next to its label. */
const total = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The customer's page, once their cards have arrived (so Pay uses the chosen one). */
async function openCustomerPage(handlers: Handlers = {}, view = acceptedView()) {
  const opened = await openPage(view, handlers);
  await screen.findByText(/Pay uses your Visa/);
  return opened;
}

const charged = (answer: Partial<ChargeMilestoneResponse>) => ({
  status: 200,
  body: {
    success: false,
    requiresAction: false,
    clientSecret: null,
    actionUrl: null,
    milestones: acceptedView(),
    ...answer,
  },
});

describe('loading the milestones', () => {
  it("says 'Failed to load milestones' and loads again on Try again", async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong' } } }
          : viewReply(makeView()),
    });
    renderApp(PAGE);
    expect(await screen.findByText('Failed to load milestones', undefined, { timeout: 5000 })).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Failed to load milestones');
    expect(MILESTONE_TEXTS.loadFailed).toBe('Failed to load milestones');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewire the kitchen' })).toBeTruthy();
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('says the booking was not found to someone who is not a party', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Booking not found' } },
      }),
    });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Booking not found' }, { timeout: 5000 })).toBeTruthy();
    expect(showError).not.toHaveBeenCalled();
  });
});

describe('the milestones of an accepted plan', () => {
  it('lists them by index with their badges, Pay, Retry Payment, the paid date and the totals', async () => {
    await openCustomerPage();
    expect(total('Total')).toBe('£1,234.50');
    expect(total('Paid')).toBe('£400.00');
    expect(total('Remaining')).toBe('£734.50');

    const list = within(screen.getByRole('region', { name: 'Milestones' }));
    expect(list.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      '1. First fix',
      '2. Second fix',
      '3. Final fix',
      '4. Snagging',
      '5. Extras',
    ]);

    expect(item('First fix').getByText('Paid')).toBeTruthy();
    expect(item('First fix').getByText('Paid on 3 Dec 2026')).toBeTruthy();
    expect(item('First fix').getByText('£400.00')).toBeTruthy();
    expect(item('First fix').getByText('20 Jun 2030')).toBeTruthy();
    expect(item('First fix').getByText('Pipes and cables in place')).toBeTruthy();
    expect(item('First fix').queryByRole('button')).toBeNull();

    expect(item('Second fix').getByText('Failed')).toBeTruthy();
    expect(item('Second fix').getByText('Your card was declined.')).toBeTruthy();
    expect(item('Second fix').getByRole('button', { name: 'Retry Payment' })).toBeTruthy();

    expect(item('Final fix').getByText('Pending')).toBeTruthy();
    expect(item('Final fix').getByText('£234.50')).toBeTruthy();
    expect(item('Final fix').getByRole('button', { name: 'Pay' })).toBeTruthy();

    expect(item('Snagging').getByText('Processing')).toBeTruthy();
    expect(item('Snagging').getByText('Waiting for authentication')).toBeTruthy();
    expect(item('Snagging').queryByRole('button')).toBeNull();

    expect(item('Extras').getByText('Refunded')).toBeTruthy();
    expect(item('Extras').queryByRole('button')).toBeNull();

    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('shows the tradesperson no Pay, and the frozen banner when a dispute froze the booking', async () => {
    await openPage(acceptedView({ viewer: 'tradesperson', frozen: true }), {}, tom);
    expect(screen.getByText(/Payments for this booking are frozen by a dispute/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry Payment' })).toBeNull();
    expect(screen.queryByText('Payment method')).toBeNull();
  });

  it('lets the tradesperson mark paid work done', async () => {
    const paid = makeMilestone({ status: 'paid', paidAt: '2026-12-03T10:00:00.000Z', canPay: false });
    const done = { ...paid, doneAt: '2026-12-05T10:00:00.000Z', releaseDueAt: '2026-12-12T10:00:00.000Z' };
    const { fetchMock } = await openPage(
      acceptedView({ viewer: 'tradesperson', milestones: [{ ...paid, canMarkDone: true }] }),
      {
        [`POST /api/v1/milestones/${milestoneId(1)}/done`]: () =>
          viewReply(acceptedView({ viewer: 'tradesperson', milestones: [done] })),
      },
      tom,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Marked done', expect.any(String)));
    expect(requestsTo(fetchMock, `POST /api/v1/milestones/${milestoneId(1)}/done`)).toHaveLength(1);
    expect(
      await screen.findByText(
        'Released to you automatically on 12 Dec 2026 unless the customer raises a problem',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark done' })).toBeNull();
  });

  it('lets the customer approve done work and release it, after confirming', async () => {
    const done = makeMilestone({
      status: 'paid',
      paidAt: '2026-12-03T10:00:00.000Z',
      doneAt: '2026-12-05T10:00:00.000Z',
      releaseDueAt: '2026-12-12T10:00:00.000Z',
      canPay: false,
      canApprove: true,
    });
    const released = { ...done, canApprove: false, releasedAt: '2026-12-06T10:00:00.000Z' };
    const { fetchMock } = await openPage(acceptedView({ milestones: [done] }), {
      [`POST /api/v1/milestones/${milestoneId(1)}/approve`]: () =>
        viewReply(acceptedView({ milestones: [released] })),
    });
    expect(screen.getByText('Released automatically on 12 Dec 2026 unless you raise a problem')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and release' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and release this payment?' });
    expect(dialog.textContent).toContain('£400.00');
    expect(dialog.textContent).toContain('Tom Pipes');
    expect(requestsTo(fetchMock, `POST /api/v1/milestones/${milestoneId(1)}/approve`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and release' }));
    expect(await screen.findByText('Released on 6 Dec 2026')).toBeTruthy();
    expect(requestsTo(fetchMock, `POST /api/v1/milestones/${milestoneId(1)}/approve`)).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Payment released', '£400.00 released to Tom Pipes.');
  });
});

describe('the add-payment-method card', () => {
  it('says to add a payment method and disables Pay, with the reason, when there is no card', async () => {
    await openPage(acceptedView(), { 'GET /api/v1/payment-methods': () => cardsReply([]) });
    const add = await screen.findByRole('link', { name: 'Add payment method' });
    expect(add.getAttribute('href')).toBe('/payment-methods');
    const pay = item('Final fix').getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    expect(item('Final fix').getByText('Add a payment method first')).toBeTruthy();
    expect(pay.getAttribute('aria-describedby')).toContain(`milestone-${milestoneId(3)}-title-reason`);
  });

  it('treats expired cards as none', async () => {
    await openPage(acceptedView(), {
      'GET /api/v1/payment-methods': () => cardsReply([makeCard({ expired: true, expYear: 2020 })]),
    });
    expect(await screen.findByText(/Your saved cards have expired/)).toBeTruthy();
    expect((item('Final fix').getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pays with the card chosen when there are several', async () => {
    const { fetchMock } = await openPage(acceptedView(), {
      'GET /api/v1/payment-methods': () =>
        cardsReply([
          makeCard(),
          makeCard({ id: OTHER_CARD_ID, brand: 'mastercard', last4: '4444', isDefault: false }),
        ]),
      [CHARGE_URL]: () => charged({ success: true }),
    });
    const select = (await screen.findByLabelText('Card to pay with')) as HTMLSelectElement;
    expect(select.value).toBe(CARD_ID);
    expect(screen.getByRole('link', { name: 'Manage cards' }).getAttribute('href')).toBe('/payment-methods');
    fireEvent.change(select, { target: { value: OTHER_CARD_ID } });
    fireEvent.click(item('Final fix').getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment Successful'));
    expect(bodiesSentTo(fetchMock, CHARGE_URL)[0]).toEqual({
      milestoneId: milestoneId(3),
      paymentMethodId: OTHER_CARD_ID,
    });
  });
});

describe('Pay and Retry Payment', () => {
  it("charges once however fast the clicks, and says 'Payment Successful'", async () => {
    let answer!: () => void;
    const paidView = acceptedView({
      milestones: planMilestones().map((m) =>
        m.index === 2
          ? { ...m, status: 'paid' as const, paidAt: '2026-12-04T10:00:00.000Z', canPay: false }
          : m,
      ),
    });
    const { fetchMock } = await openCustomerPage({
      [CHARGE_URL]: () =>
        new Promise((resolve) => {
          answer = () => resolve(charged({ success: true, milestones: paidView }));
        }),
    });
    const pay = item('Final fix').getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(pay.disabled).toBe(true));
    // Every other milestone waits too: one charge at a time.
    expect(
      (item('Second fix').getByRole('button', { name: 'Retry Payment' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(pay);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer();
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment Successful'));
    expect(bodiesSentTo(fetchMock, CHARGE_URL)).toEqual([
      { milestoneId: milestoneId(3), paymentMethodId: CARD_ID },
    ]);
    expect(await item('Final fix').findByText('Paid on 4 Dec 2026')).toBeTruthy();
    expect(showError).not.toHaveBeenCalled();
  });

  it("says 'Action Required' and goes to the bank's page when it asks for authentication", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const actionUrl = 'http://localhost/sandbox/checkout/pi_sandbox_1/authenticate';
    await openCustomerPage({ [CHARGE_URL]: () => charged({ requiresAction: true, actionUrl }) });
    fireEvent.click(item('Second fix').getByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(actionUrl));
    expect(showError).toHaveBeenCalledWith('Action Required', 'Please complete the payment authentication');
    expect(MILESTONE_TEXTS.actionRequiredTitle).toBe('Action Required');
    expect(MILESTONE_TEXTS.actionRequiredBody).toBe('Please complete the payment authentication');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('has Stripe.js authenticate on this page when there is no action page, then confirms', async () => {
    const { fetchMock } = await openCustomerPage({
      [CHARGE_URL]: () => charged({ requiresAction: true, clientSecret: 'pi_1_secret_2' }),
      [`POST /api/v1/milestones/${milestoneId(3)}/confirm`]: () => ({
        status: 200,
        body: { status: 'paid', message: null, milestones: acceptedView() },
      }),
    });
    fireEvent.click(item('Final fix').getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment Successful'));
    expect(handleStripeNextAction).toHaveBeenCalledWith('pi_1_secret_2', null);
    expect(showError).toHaveBeenCalledWith('Action Required', 'Please complete the payment authentication');
    expect(requestsTo(fetchMock, `POST /api/v1/milestones/${milestoneId(3)}/confirm`)).toHaveLength(1);
  });

  it("says 'Payment Failed' with the provider's message", async () => {
    await openCustomerPage({
      [CHARGE_URL]: () => ({
        status: 402,
        body: { error: { code: 'payment_failed', message: 'Your card was declined.' } },
      }),
    });
    const pay = item('Final fix').getByRole('button', { name: 'Pay' }) as HTMLButtonElement;
    fireEvent.click(pay);
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Payment Failed', 'Your card was declined.'));
    await waitFor(() => expect(pay.disabled).toBe(false));
  });

  it("says 'Failed to process payment' when the server gave no message", async () => {
    await openCustomerPage({ [CHARGE_URL]: () => ({ status: 502, body: '<html>Bad gateway</html>' }) });
    fireEvent.click(item('Final fix').getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith('Payment Failed', 'Failed to process payment'),
    );
    expect(MILESTONE_TEXTS.failedFallback).toBe('Failed to process payment');
  });
});

describe('returning from the bank’s authentication', () => {
  const RETURN = `${PAGE}?milestone=${milestoneId(3)}&payment_intent=pi_sandbox_1&redirect_status=succeeded`;
  const CONFIRM_URL = `POST /api/v1/milestones/${milestoneId(3)}/confirm`;

  it("confirms once under React's StrictMode, says 'Payment Successful' and clears the address", async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () => viewReply(acceptedView()),
      'GET /api/v1/payment-methods': () => cardsReply(),
      [CONFIRM_URL]: () => ({
        status: 200,
        body: { status: 'paid', message: null, milestones: acceptedView() },
      }),
    });
    const { router } = renderApp(RETURN, { strict: true });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment Successful'), { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(async () => {
      await Promise.allSettled(fetchMock.mock.results.map((r) => r.value));
    });
    expect(requestsTo(fetchMock, `POST /api/v1/milestones/${milestoneId(3)}/confirm`)).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('shows the milestone paid when the first load of the page was read before the payment', async () => {
    // The page loads and confirms at once; the server read the page first and its answer arrives only
    // after the confirmation's, which it must not overwrite.
    const before = acceptedView();
    const paid = acceptedView({
      milestones: planMilestones().map((m) =>
        m.id === milestoneId(3)
          ? { ...m, status: 'paid', paidAt: '2026-12-04T10:00:00.000Z', canPay: false }
          : m,
      ),
    });
    const firstLoad = heldReply();
    let loads = 0;
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () => {
        loads += 1;
        return loads === 1 ? firstLoad.answer() : viewReply(paid);
      },
      'GET /api/v1/payment-methods': () => cardsReply(),
      [CONFIRM_URL]: () => ({ status: 200, body: { status: 'paid', message: null, milestones: paid } }),
    });
    renderApp(RETURN);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment Successful'), { timeout: 5000 });
    await waitFor(() => expect(firstLoad.asked).toBe(true));
    await act(async () => firstLoad.send(viewReply(before)));
    await screen.findByRole('heading', { level: 1, name: paid.jobTitle }, { timeout: 5000 });
    await waitFor(() => expect(item('Final fix').queryByRole('button', { name: 'Pay' })).toBeNull());
  });

  it("says 'Payment Failed' with the provider's reason when the authentication failed", async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () => viewReply(acceptedView()),
      'GET /api/v1/payment-methods': () => cardsReply(),
      [CONFIRM_URL]: () => ({
        status: 200,
        body: { status: 'failed', message: 'Authentication failed.', milestones: acceptedView() },
      }),
    });
    const { router } = renderApp(RETURN.replace('succeeded', 'failed'));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Payment Failed', 'Authentication failed.'), {
      timeout: 5000,
    });
    expect(router.state.location.search).toBe('');
    expect(showSuccess).not.toHaveBeenCalled();
  });
});
