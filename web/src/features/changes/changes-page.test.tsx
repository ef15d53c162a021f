// @vitest-environment happy-dom
import type { BookingChangesResponse } from '@domain/changes/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleStripeNextAction } from '@/features/milestones/stripe-next-action';
import { showError, showSuccess } from '@/lib/toast';
import { showInfo } from '@/lib/toast-info';
import { seriousAxeViolations } from '@/test/axe';
import { TRADESPERSON_ID } from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';
import {
  ANN,
  BOOKING_ID,
  CARD_ID,
  cardsReply,
  changeId,
  changeReply,
  changesReply,
  makeChange,
  makeChanges,
  OTHER_CARD_ID,
  refusal,
} from './test-fixtures';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('@/lib/toast-info', () => ({ showInfo: vi.fn() }));
// Stripe.js is not installed; the page's use of it is what is tested.
vi.mock('@/features/milestones/stripe-next-action', () => ({
  handleStripeNextAction: vi.fn(async () => {}),
}));

afterEach(resetBetweenTests);

type Handlers = Parameters<typeof mockApi>[0];

const PAGE = `/booking-changes/${BOOKING_ID}`;
const VIEW_URL = `GET /api/v1/bookings/${BOOKING_ID}/changes`;
const PROPOSE_URL = `POST /api/v1/bookings/${BOOKING_ID}/changes`;
const action = (what: string, n = 1) => `POST /api/v1/changes/${changeId(n)}/${what}`;
const tom = makeUser({ id: TRADESPERSON_ID, fullName: 'Tom Pipes', userType: 'tradesperson' });

async function openPage(view: BookingChangesResponse, handlers: Handlers = {}, user = makeUser()) {
  const fetchMock = mockApi({
    ...sessionHandler(user),
    [VIEW_URL]: () => changesReply(view),
    'GET /api/v1/payment-methods': () => cardsReply(),
    ...handlers,
  });
  const app = renderApp(PAGE);
  await screen.findByRole('region', { name: 'Money timeline' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

/** What an amount tile reads: the figure next to its label. */
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('loading the changes', () => {
  it("says 'Failed to load the changes' once and loads again on Try again", async () => {
    let fail = true;
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () =>
        fail ? refusal(500, 'internal_error', 'Something went wrong') : changesReply(makeChanges()),
    });
    renderApp(PAGE);
    expect(await screen.findByText('Failed to load the changes', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Changes and Payments' })).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Failed to load the changes');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No changes to this booking yet')).toBeTruthy();
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('says the booking was not found to someone who is not a party', async () => {
    mockApi({
      ...sessionHandler(makeUser()),
      [VIEW_URL]: () => refusal(404, 'not_found', 'Booking not found'),
    });
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Booking not found' }, { timeout: 5000 })).toBeTruthy();
    expect(showError).not.toHaveBeenCalled();
  });

  it('shows placeholders under the heading while the changes load', async () => {
    mockApi({ ...sessionHandler(makeUser()), [VIEW_URL]: () => new Promise(() => {}) });
    renderApp(PAGE);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Changes and Payments' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Propose a change' })).toBeNull();
  });
});

describe('a booking with no changes', () => {
  it('says so, shows the amounts and the agreed price in the money timeline', async () => {
    await openPage(makeChanges());
    expect(screen.getByText('No changes to this booking yet')).toBeTruthy();
    expect(tile('Agreed amount now')).toBe('£250.00');
    expect(tile('Originally agreed')).toBe('£250.00');
    expect(tile('Changes so far')).toBe('£0.00');
    const timeline = section('Money timeline').getByRole('list');
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    expect(within(timeline).getByText('Price agreed')).toBeTruthy();
    expect(within(timeline).getByText('Quote accepted')).toBeTruthy();
    expect(within(timeline).getByText('£250.00')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Propose a change' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('disables Propose a change and says why when the server says it cannot be proposed', async () => {
    await openPage(
      makeChanges({ canPropose: false, cannotProposeReason: 'A dispute has frozen this booking' }),
    );
    const button = screen.getByRole('button', { name: 'Propose a change' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = screen.getByText('A dispute has frozen this booking');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
  });
});

describe('proposing a change', () => {
  async function openDialog(handlers: Handlers = {}) {
    const opened = await openPage(makeChanges(), handlers, tom);
    fireEvent.click(screen.getByRole('button', { name: 'Propose a change' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Propose a change' }));
    return { ...opened, dialog };
  }

  const fill = (dialog: ReturnType<typeof within>, amount = '40') => {
    fireEvent.change(dialog.getByLabelText(/What changes/), {
      target: { value: 'Replace a rotten joist found under the kitchen floor' },
    });
    fireEvent.click(dialog.getByLabelText('Price goes up'));
    fireEvent.change(dialog.getByLabelText(/Amount of the change/), { target: { value: amount } });
  };

  it('says what is missing beside each field and sends nothing', async () => {
    const { dialog, fetchMock } = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(await dialog.findByText('Describe the change in at least 10 characters')).toBeTruthy();
    expect(dialog.getByText('Choose whether the price goes up or down')).toBeTruthy();
    expect(dialog.getByText('Please enter an amount')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith(
      'Validation Error',
      'Describe the change in at least 10 characters',
    );
    expect(requestsTo(fetchMock, PROPOSE_URL)).toHaveLength(0);
  });

  it('sends the description, the direction and the pounds as typed, then closes and reads the page again', async () => {
    const { dialog, fetchMock } = await openDialog({ [PROPOSE_URL]: () => changeReply(makeChange()) });
    fill(dialog, '£40.50');
    fireEvent.click(dialog.getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, PROPOSE_URL)).toEqual([
      {
        description: 'Replace a rotten joist found under the kitchen floor',
        direction: 'increase',
        amount: '40.50',
      },
    ]);
    expect(showSuccess).toHaveBeenCalledWith(
      'Change proposed',
      'The customer is asked to accept or decline it.',
    );
    await waitFor(() => expect(requestsTo(fetchMock, VIEW_URL)).toHaveLength(2));
  });

  it('itemises a change instead of one amount and sends its lines as typed, without VAT when not registered', async () => {
    const { dialog, fetchMock } = await openDialog({ [PROPOSE_URL]: () => changeReply(makeChange()) });
    fireEvent.change(dialog.getByLabelText(/What changes/), {
      target: { value: 'Replace a rotten joist found under the kitchen floor' },
    });
    fireEvent.click(dialog.getByLabelText('Price goes up'));
    fireEvent.click(dialog.getByRole('button', { name: 'Itemise this change' }));
    expect(dialog.queryByLabelText(/Amount of the change/)).toBeNull();
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'Joist and fixings' } });
    fireEvent.change(dialog.getByLabelText(/^Quantity/), { target: { value: '2.5' } });
    fireEvent.change(dialog.getByLabelText(/^Unit price/), { target: { value: '16' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Propose change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, PROPOSE_URL)).toEqual([
      {
        description: 'Replace a rotten joist found under the kitchen floor',
        direction: 'increase',
        lineItems: [
          {
            kind: 'labour',
            description: 'Joist and fixings',
            quantity: '2.5',
            unitPrice: '16',
            vatRate: null,
          },
        ],
      },
    ]);
  });

  it('shows the server’s message beside the field it names and keeps what was typed', async () => {
    const { dialog } = await openDialog({
      [PROPOSE_URL]: () =>
        refusal(400, 'validation_error', 'The total must be at most £1,000,000', [
          { field: 'amount', message: 'The total must be at most £1,000,000' },
        ]),
    });
    fill(dialog, '40');
    fireEvent.click(dialog.getByRole('button', { name: 'Propose change' }));
    const message = await dialog.findByText('The total must be at most £1,000,000');
    const amount = dialog.getByLabelText(/Amount of the change/) as HTMLInputElement;
    expect(amount.getAttribute('aria-describedby')).toContain(message.id);
    expect(amount.value).toBe('40');
    expect((dialog.getByLabelText(/What changes/) as HTMLTextAreaElement).value).toBe(
      'Replace a rotten joist found under the kitchen floor',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says a refusal of the whole proposal above the buttons, the dialog still open', async () => {
    const { dialog } = await openDialog({
      [PROPOSE_URL]: () => refusal(409, 'conflict', 'A dispute has frozen this booking'),
    });
    fill(dialog);
    fireEvent.click(dialog.getByRole('button', { name: 'Propose change' }));
    expect(await dialog.findByText('A dispute has frozen this booking')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Error', 'A dispute has frozen this booking');
    expect((dialog.getByLabelText(/Amount of the change/) as HTMLInputElement).value).toBe('40');
  });
});

describe('a change waiting for an answer', () => {
  const itemised = makeChange({
    breakdown: {
      lines: [
        {
          kind: 'labour',
          description: 'Cut out and replace the joist',
          quantityHundredths: 250,
          unitPricePence: 1_000,
          vatRate: 'standard',
          netPence: 2_500,
        },
        {
          kind: 'materials',
          description: 'Treated timber',
          quantityHundredths: 100,
          unitPricePence: 833,
          vatRate: 'standard',
          netPence: 833,
        },
      ],
      subtotalPence: 3_333,
      vatByRate: [{ rate: 'standard', netPence: 3_333, vatPence: 667 }],
      vatPence: 667,
      totalPence: 4_000,
    },
    photos: [
      {
        id: 'd0000000-0000-4000-8000-000000000001',
        caption: 'The rotten joist',
        url: '/api/v1/photos/d0000000-0000-4000-8000-000000000001/display',
        width: 1600,
        height: 1200,
        thumbUrl: '/api/v1/photos/d0000000-0000-4000-8000-000000000001/thumb',
        thumbWidth: 320,
        thumbHeight: 240,
        createdAt: '2026-12-03T09:00:00.000Z',
      },
    ],
  });

  it('shows the other party who proposed it, which way and how much, its items and photos, with Accept and Decline', async () => {
    await openPage(
      makeChanges({
        changes: [itemised],
        canPropose: false,
        cannotProposeReason: 'A change is waiting for an answer',
      }),
    );
    const waiting = section('Waiting for an answer');
    expect(waiting.getByRole('heading', { level: 3, name: 'Price goes up by £40.00' })).toBeTruthy();
    expect(waiting.getByText('Waiting for an answer', { selector: 'span' })).toBeTruthy();
    expect(waiting.getByText('Tom Pipes (the tradesperson) proposed this on 3 Dec 2026.')).toBeTruthy();
    const items = within(waiting.getByRole('table', { name: 'Items of this change' }));
    expect(items.getByText('Cut out and replace the joist')).toBeTruthy();
    expect(items.getByText('Treated timber')).toBeTruthy();
    expect(items.getByText('VAT at 20% on £33.33').nextElementSibling?.textContent).toBe('£6.67');
    expect(items.getByText('Total including VAT').nextElementSibling?.textContent).toBe('£40.00');
    const opener = waiting.getByRole('button', { name: 'Open photo 1 of 1: The rotten joist' });
    const photo = opener.querySelector('img') as HTMLImageElement;
    expect(photo.getAttribute('src')).toBe(itemised.photos[0]!.thumbUrl);
    expect(photo.getAttribute('width')).toBe('320');
    expect(waiting.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(waiting.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(waiting.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByText('No change has been decided yet.')).toBeTruthy();
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it('accepts after asking, saying what the amount becomes, and reads the page again', async () => {
    const { fetchMock } = await openPage(makeChanges({ changes: [makeChange()] }), {
      [action('accept')]: () => changeReply(makeChange({ status: 'accepted' })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Accept this change?' }));
    expect(dialog.getByText(/goes from £250.00 to £290.00/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Accept change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, action('accept'))).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Change accepted');
    await waitFor(() => expect(requestsTo(fetchMock, VIEW_URL)).toHaveLength(2));
  });

  it('keeps the accept dialog open with the server’s reason when it is refused', async () => {
    const { fetchMock } = await openPage(makeChanges({ changes: [makeChange()] }), {
      [action('accept')]: () => refusal(409, 'conflict', 'A dispute has frozen this booking'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Accept change' }));
    expect(await dialog.findByText('A dispute has frozen this booking')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Error', 'A dispute has frozen this booking');
    await waitFor(() => expect(requestsTo(fetchMock, VIEW_URL)).toHaveLength(2));
  });

  it('declines with the reason given, and keeps the reason typed when declining fails', async () => {
    let fail = true;
    const { fetchMock } = await openPage(makeChanges({ changes: [makeChange()] }), {
      [action('decline')]: () =>
        fail
          ? refusal(409, 'conflict', 'This change has already been answered')
          : changeReply(makeChange({ status: 'declined' })),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline this change?' }));
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), { target: { value: 'Too dear' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Decline change' }));
    expect(await dialog.findByText('This change has already been answered')).toBeTruthy();
    expect((dialog.getByLabelText('Reason (optional)') as HTMLTextAreaElement).value).toBe('Too dear');
    fail = false;
    fireEvent.click(dialog.getByRole('button', { name: 'Decline change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, action('decline'))).toEqual([
      { reason: 'Too dear' },
      { reason: 'Too dear' },
    ]);
    expect(showSuccess).toHaveBeenCalledWith(
      'Change declined',
      'Tom Pipes is told and the booking stays as it was.',
    );
  });

  it('offers its proposer Withdraw only, and withdraws after asking', async () => {
    const own = makeChange({
      proposedBy: ANN,
      viewer: { canAccept: false, canDecline: false, canWithdraw: true, canPay: false },
    });
    const { fetchMock } = await openPage(makeChanges({ changes: [own] }), {
      [action('withdraw')]: () => changeReply({ ...own, status: 'withdrawn' }),
    });
    const waiting = section('Waiting for an answer');
    expect(waiting.getByText('You proposed this on 3 Dec 2026.')).toBeTruthy();
    expect(waiting.queryByRole('button', { name: 'Accept' })).toBeNull();
    fireEvent.click(waiting.getByRole('button', { name: 'Withdraw' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw this change?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, action('withdraw'))).toHaveLength(1);
    expect(showSuccess).toHaveBeenCalledWith('Change withdrawn');
  });
});

describe('paying an accepted increase', () => {
  const unpaid = makeChange({
    status: 'accepted',
    decidedAt: '2026-12-04T10:00:00.000Z',
    settlement: 'payment',
    payment: {
      id: 'e0000000-0000-4000-8000-000000000001',
      status: 'requires_payment',
      amountPence: 4_000,
      lastError: null,
    },
    viewer: { canAccept: false, canDecline: false, canWithdraw: false, canPay: true },
  });
  const paid = {
    ...unpaid,
    payment: { ...unpaid.payment!, status: 'succeeded' },
    viewer: { ...unpaid.viewer, canPay: false },
  };
  const view = makeChanges({ agreedAmountPence: 29_000, changes: [unpaid] });
  const payAnswer = (overrides: object = {}) => ({
    status: 200,
    body: { change: paid, checkoutUrl: null, nextAction: null, ...overrides },
  });

  async function openPay(handlers: Handlers = {}, cards = cardsReply()) {
    const opened = await openPage(view, { 'GET /api/v1/payment-methods': () => cards, ...handlers });
    const toPay = section('Waiting for your payment');
    expect(toPay.getByText(/An accepted change raises the price by/)).toBeTruthy();
    fireEvent.click(toPay.getByRole('button', { name: 'Pay £40.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay £40.00 into escrow' }));
    await dialog.findByLabelText(/Visa •••• 4242/);
    return { ...opened, dialog };
  }

  it('shows the amounts with the change, and the settlement in the history', async () => {
    await openPage(view);
    expect(tile('Agreed amount now')).toBe('£290.00');
    expect(tile('Originally agreed')).toBe('£250.00');
    expect(tile('Changes so far')).toBe('+£40.00');
    expect(section('History of changes').getByText('Waiting for payment of £40.00 into escrow')).toBeTruthy();
  });

  it('pays with the default card, saying so once paid', async () => {
    const { dialog, fetchMock } = await openPay({ [action('pay')]: () => payAnswer() });
    expect(
      (dialog.getByLabelText(/Visa •••• 4242, expires 04\/2030 \(default\)/) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Pay £40.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodiesSentTo(fetchMock, action('pay'))).toEqual([{ method: 'card', paymentMethodId: CARD_ID }]);
    expect(showSuccess).toHaveBeenCalledWith('Payment successful', '£40.00 is held in escrow.');
  });

  it('pays with another saved card when chosen', async () => {
    const two = cardsReply([
      ...cardsReply().body.paymentMethods,
      {
        ...cardsReply().body.paymentMethods[0]!,
        id: OTHER_CARD_ID,
        brand: 'mastercard',
        last4: '4444',
        isDefault: false,
      },
    ]);
    const { dialog, fetchMock } = await openPay({ [action('pay')]: () => payAnswer() }, two);
    fireEvent.click(dialog.getByLabelText(/Mastercard •••• 4444/));
    fireEvent.click(dialog.getByRole('button', { name: 'Pay £40.00' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, action('pay'))).toHaveLength(1));
    expect(bodiesSentTo(fetchMock, action('pay'))).toEqual([
      { method: 'card', paymentMethodId: OTHER_CARD_ID },
    ]);
  });

  it('goes to the checkout page when chosen', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const checkoutUrl = 'http://localhost/sandbox/checkout/cs_1';
    const { dialog, fetchMock } = await openPay({
      [action('pay')]: () => payAnswer({ change: unpaid, checkoutUrl }),
    });
    fireEvent.click(dialog.getByLabelText('Card on the secure checkout page'));
    fireEvent.click(dialog.getByRole('button', { name: 'Pay £40.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl));
    expect(bodiesSentTo(fetchMock, action('pay'))).toEqual([{ method: 'checkout' }]);
    // Still on its way to the checkout page: nothing can be sent twice.
    expect((dialog.getByRole('button', { name: 'Pay £40.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the dialog open with the bank’s reason when the card is refused', async () => {
    const declined = {
      ...unpaid,
      payment: { ...unpaid.payment!, status: 'failed', lastError: 'Your card was declined.' },
    };
    const { dialog } = await openPay({ [action('pay')]: () => payAnswer({ change: declined }) });
    fireEvent.click(dialog.getByRole('button', { name: 'Pay £40.00' }));
    expect(await dialog.findByText('Your card was declined.')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('Payment failed', 'Your card was declined.');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it('has Stripe.js authenticate the payment on this page when the bank asks, then reads the page again', async () => {
    const { dialog, fetchMock } = await openPay(
      { [action('pay')]: () => payAnswer({ change: unpaid, nextAction: { clientSecret: 'pi_1_secret_2' } }) },
      cardsReply(undefined, 'pk_test_1'),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Pay £40.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(handleStripeNextAction).toHaveBeenCalledWith('pi_1_secret_2', 'pk_test_1');
    expect(showInfo).toHaveBeenCalledWith(
      'Payment processing',
      'Your bank has checked the payment; it shows here once confirmed.',
    );
    await waitFor(() => expect(requestsTo(fetchMock, VIEW_URL).length).toBeGreaterThanOrEqual(3));
  });

  it('offers only the checkout page, with the way to add a card, to a customer without one', async () => {
    await openPage(view, { 'GET /api/v1/payment-methods': () => cardsReply([]) });
    fireEvent.click(screen.getByRole('button', { name: 'Pay £40.00' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('link', { name: 'Add a payment method' })).toBeTruthy();
    expect((dialog.getByLabelText('Card on the secure checkout page') as HTMLInputElement).checked).toBe(
      true,
    );
  });
});

describe('the history of changes and the money timeline', () => {
  it('says how each change ended and lists the money oldest first', async () => {
    const changes = [
      makeChange({
        id: changeId(2),
        status: 'accepted',
        direction: 'decrease',
        proposedAt: '2026-12-05T10:00:00.000Z',
        decidedAt: '2026-12-06T10:00:00.000Z',
        settlement: 'refund',
        description: 'Skip repainting the skirting boards',
        viewer: { canAccept: false, canDecline: false, canWithdraw: false, canPay: false },
      }),
      makeChange({
        status: 'declined',
        decidedAt: '2026-12-04T10:00:00.000Z',
        declineReason: 'We agreed the joists were included',
        viewer: { canAccept: false, canDecline: false, canWithdraw: false, canPay: false },
      }),
      makeChange({
        id: changeId(3),
        status: 'withdrawn',
        proposedAt: '2026-12-07T10:00:00.000Z',
        decidedAt: '2026-12-07T11:00:00.000Z',
        description: 'Move the radiator to the other wall',
        viewer: { canAccept: false, canDecline: false, canWithdraw: false, canPay: false },
      }),
    ];
    const timeline: BookingChangesResponse['timeline'] = [
      { at: '2026-12-06T10:00:00.000Z', kind: 'refund', amountPence: 4_000, description: 'Skip repainting' },
      { at: '2026-12-01T09:00:00.000Z', kind: 'agreed', amountPence: 25_000, description: 'Quote accepted' },
      { at: '2026-12-02T09:00:00.000Z', kind: 'charge', amountPence: 25_000, description: 'Booking paid' },
    ];
    await openPage(makeChanges({ agreedAmountPence: 21_000, changes, timeline }));
    expect(tile('Originally agreed')).toBe('£250.00');
    expect(tile('Changes so far')).toBe('−£40.00');

    const history = section('History of changes');
    expect(history.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Price goes up by £40.00',
      'Price goes down by £40.00',
      'Price goes up by £40.00',
    ]);
    const [declined, refunded, withdrawn] = history.getAllByRole('article').map((a) => within(a));
    expect(declined!.getByText('Declined')).toBeTruthy();
    expect(declined!.getByText('We agreed the joists were included')).toBeTruthy();
    expect(refunded!.getByText('Accepted')).toBeTruthy();
    expect(refunded!.getByText('Refunded £40.00 from escrow')).toBeTruthy();
    expect(withdrawn!.getByText('Withdrawn')).toBeTruthy();
    expect(withdrawn!.getByText(/Withdrawn on 7 Dec 2026/)).toBeTruthy();
    expect(history.queryByRole('button')).toBeNull();

    const entries = within(section('Money timeline').getByRole('list')).getAllByRole('listitem');
    expect(entries.map((e) => e.querySelector('.font-medium')?.textContent)).toEqual([
      'Price agreed',
      'Paid into escrow',
      'Refunded from escrow',
    ]);
    expect(entries[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-01T09:00:00.000Z');
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });
});
