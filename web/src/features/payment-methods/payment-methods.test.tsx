// @vitest-environment happy-dom
import type { PaymentMethodView } from '@domain/milestones/api';
import { SANDBOX_CARD_MESSAGES } from '@domain/payments/messages';
import { SANDBOX_TEST_CARDS } from '@domain/payments/test-cards';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSetupIntent, SETUP_ID } from '@/features/payments/sandbox/test-fixtures';
import { leaveTo } from '@/lib/leave-app';
import { showError, showSuccess } from '@/lib/toast';
import { seriousAxeViolations } from '@/test/axe';
import { expectFieldError, validationErrorReply } from '@/test/field-errors';
import { heldReply } from '@/test/held-reply';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { bodiesSentTo, requestsTo } from '@/test/requests';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));
vi.mock('@/lib/toast-info', () => ({ showInfo: vi.fn() }));
vi.mock('@/lib/leave-app', () => ({ leaveTo: vi.fn() }));

afterEach(resetBetweenTests);

const VISA_ID = '50000000-0000-4000-8000-000000000001';
const AMEX_ID = '50000000-0000-4000-8000-000000000002';
const OLD_ID = '50000000-0000-4000-8000-000000000003';

const makeCard = (overrides: Partial<PaymentMethodView> = {}): PaymentMethodView => ({
  id: VISA_ID,
  brand: 'visa',
  last4: '4242',
  expMonth: 4,
  expYear: 2031,
  isDefault: true,
  expired: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  ...overrides,
});
const visa = makeCard();
const amex = makeCard({
  id: AMEX_ID,
  brand: 'amex',
  last4: '0005',
  expMonth: 12,
  expYear: 2030,
  isDefault: false,
});
const expiredCard = makeCard({
  id: OLD_ID,
  brand: 'mastercard',
  last4: '4444',
  expMonth: 1,
  expYear: 2024,
  isDefault: false,
  expired: true,
});

const list = (paymentMethods: PaymentMethodView[]) => ({
  paymentMethods,
  provider: 'sandbox',
  publishableKey: null,
});

const RETURN_URL = 'http://localhost/payment-methods';
const setupIntent = {
  setupIntentId: SETUP_ID,
  clientSecret: `${SETUP_ID}_secret_xyz`,
  provider: 'sandbox',
  publishableKey: null,
  returnUrl: RETURN_URL,
};

type Handlers = Parameters<typeof mockApi>[0];

function openPage(
  cards: PaymentMethodView[] | (() => Reply | Promise<Reply>),
  handlers: Handlers = {},
  path = '/payment-methods',
) {
  const fetchMock = mockApi({
    ...sessionHandler(makeUser()),
    'GET /api/v1/payment-methods':
      typeof cards === 'function' ? cards : () => ({ status: 200, body: list(cards) }),
    ...handlers,
  });
  return { fetchMock, ...renderApp(path) };
}

const savedCards = () => screen.findByRole('list', { name: 'Saved cards' }, { timeout: 5000 });
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function openCardForm(handlers: Handlers = {}) {
  const opened = openPage([], {
    'POST /api/v1/payment-methods/setup-intent': () => ({ status: 200, body: setupIntent }),
    ...handlers,
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Add payment method' }, { timeout: 5000 }));
  await screen.findByRole('heading', { level: 2, name: 'Add a card' });
  return opened;
}

function typeCard(number: string, expiry = '12 / 40', cvc = '123') {
  fireEvent.change(field(/^Card number/), { target: { value: number } });
  fireEvent.change(field(/^Expiry/), { target: { value: expiry } });
  fireEvent.change(field(/^CVC/), { target: { value: cvc } });
}

describe('/payment-methods', () => {
  it('shows a placeholder while loading, then each card with its expiry and badges', async () => {
    const reply = heldReply();
    openPage(reply.answer);
    await waitFor(() => expect(reply.asked).toBe(true), { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeTruthy();
    expect(screen.getByText('Loading…')).toBeTruthy();
    reply.send({ status: 200, body: list([visa, amex, expiredCard]) });

    const items = within(await savedCards()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Visa •••• ending 4242',
      'American Express •••• ending 0005',
      'Mastercard •••• ending 4444',
    ]);
    const [first, second, third] = items.map((item) => within(item));
    expect(first!.getByText('Expires 04/31')).toBeTruthy();
    expect(first!.getByText('Default')).toBeTruthy();
    expect(first!.queryByRole('button', { name: /^Set as default/ })).toBeNull();
    expect(second!.getByText('Expires 12/30')).toBeTruthy();
    expect(second!.queryByText('Default')).toBeNull();
    expect(
      second!.getByRole('button', { name: 'Set as default for American Express ending 0005' }),
    ).toBeTruthy();
    expect(third!.getByText('Expired 01/24')).toBeTruthy();
    expect(third!.getByText('Expired', { selector: 'span' })).toBeTruthy();
    expect(third!.queryByRole('button', { name: /^Set as default/ })).toBeNull();
    expect(third!.getByRole('button', { name: 'Remove Mastercard ending 4444' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add payment method' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Payment Methods — TradeNest'));
    expect(await seriousAxeViolations(document.body)).toEqual([]);
  });

  it("says 'No saved cards yet', with the button to add one", async () => {
    openPage([]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No saved cards yet' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add payment method' })).toHaveLength(1);
  });

  it('says when the cards could not be loaded, and tries again', async () => {
    let asked = 0;
    openPage(() => {
      asked += 1;
      return asked === 1
        ? { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong' } } }
        : { status: 200, body: list([visa]) };
    });
    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert.textContent).toContain("We couldn't load your saved cards.");
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(within(await savedCards()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('is for customers only: a tradesperson is told so and nothing is asked', async () => {
    const fetchMock = mockApi({ ...sessionHandler(makeUser({ userType: 'tradesperson' })) });
    renderApp('/payment-methods');
    expect(
      await screen.findByRole('heading', { name: 'Payment Methods is for customers' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, 'GET /api/v1/payment-methods')).toHaveLength(0);
  });

  it("says 'Failed to start payment setup' when the setup cannot start", async () => {
    openPage([visa], {
      'POST /api/v1/payment-methods/setup-intent': () => ({
        status: 503,
        body: {
          error: {
            code: 'provider_unavailable',
            message: 'The payment provider could not be reached. Please try again.',
          },
        },
      }),
    });
    await savedCards();
    fireEvent.click(screen.getByRole('button', { name: 'Add payment method' }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(
        'Failed to start payment setup',
        'The payment provider could not be reached. Please try again.',
      ),
    );
    expect(screen.queryByRole('heading', { name: 'Add a card' })).toBeNull();
  });

  it('adds a card in the sandbox form: its test cards, the client secret, then the provider’s address', async () => {
    const redirectUrl = `${RETURN_URL}?setup_intent=${SETUP_ID}`;
    const { fetchMock } = await openCardForm({
      [`POST /api/v1/sandbox/setup-intents/${SETUP_ID}/confirm`]: () => ({
        status: 200,
        body: { outcome: 'succeeded', redirectUrl },
      }),
    });
    expect(requestsTo(fetchMock, 'POST /api/v1/payment-methods/setup-intent')).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Add a card' })),
    );
    const banner = screen.getByRole('complementary', { name: 'Sandbox' });
    expect(
      within(banner).getByText('Sandbox — test cards only; no real card is saved or charged.'),
    ).toBeTruthy();
    const testCards = within(within(banner).getByRole('list', { name: 'Test cards' })).getAllByRole(
      'listitem',
    );
    expect(testCards).toHaveLength(SANDBOX_TEST_CARDS.length);
    expect(testCards[0]!.textContent).toBe('Use test card 4242 4242 4242 4242saves');
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    fireEvent.click(within(banner).getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    fireEvent.change(field(/^Name on card/), { target: { value: ' Ann Smith ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(redirectUrl));
    expect(bodiesSentTo(fetchMock, `POST /api/v1/sandbox/setup-intents/${SETUP_ID}/confirm`)[0]).toEqual({
      clientSecret: setupIntent.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: expect.stringMatching(/^12 \/ \d{2}$/),
      cvc: '123',
      name: 'Ann Smith',
    });
  });

  it('says what is wrong with a card beside its field, and a declined card as an alert, keeping what was typed', async () => {
    let answer: Reply = validationErrorReply('expiry', SANDBOX_CARD_MESSAGES.expired);
    const { fetchMock } = await openCardForm({
      [`POST /api/v1/sandbox/setup-intents/${SETUP_ID}/confirm`]: () => answer,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expectFieldError(field(/^Card number/), SANDBOX_CARD_MESSAGES.incorrectNumber));
    expect(requestsTo(fetchMock, `POST /api/v1/sandbox/setup-intents/${SETUP_ID}/confirm`)).toHaveLength(0);

    typeCard('4000 0000 0000 0002');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expectFieldError(field(/^Expiry/), SANDBOX_CARD_MESSAGES.expired));

    answer = { status: 402, body: { error: { code: 'card_declined', message: 'Your card was declined.' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Save card' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(field(/^Card number/).value).toBe('4000 0000 0000 0002');
    expect(field(/^Expiry/).value).toBe('12 / 40');
    expect(field(/^CVC/).value).toBe('123');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('goes to the bank’s check when the card asks for authentication', async () => {
    const { router } = await openCardForm({
      [`POST /api/v1/sandbox/setup-intents/${SETUP_ID}/confirm`]: () => ({
        status: 200,
        body: {
          outcome: 'requires_action',
          redirectUrl: `${window.location.origin}/sandbox/authenticate/${SETUP_ID}`,
        },
      }),
      [`GET /api/v1/sandbox/intents/${SETUP_ID}`]: () => ({
        status: 200,
        body: makeSetupIntent(),
      }),
    });
    typeCard('4000 0025 0000 3155');
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authenticate your card' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/sandbox/authenticate/${SETUP_ID}`);
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('closes the form on Cancel and gives focus back to the add button', async () => {
    await openCardForm();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add payment method' })),
    );
    expect(screen.queryByRole('heading', { name: 'Add a card' })).toBeNull();
  });

  it('makes another card the default', async () => {
    const { fetchMock } = openPage([visa, amex], {
      [`POST /api/v1/payment-methods/${AMEX_ID}/default`]: () => ({
        status: 200,
        body: list([
          { ...visa, isDefault: false },
          { ...amex, isDefault: true },
        ]),
      }),
    });
    const items = within(await savedCards()).getAllByRole('listitem');
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Set as default/ }));
    await waitFor(() => expect(within(items[1]!).queryByText('Default')).toBeTruthy());
    expect(within(items[0]!).queryByText('Default')).toBeNull();
    expect(
      within(items[0]!).getByRole('button', { name: 'Set as default for Visa ending 4242' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'American Express ending 0005 is now your default card.',
    );
    expect(requestsTo(fetchMock, `POST /api/v1/payment-methods/${AMEX_ID}/default`)).toHaveLength(1);
  });

  it('removes a card once confirmed, and keeps it when the customer changes their mind', async () => {
    const { fetchMock } = openPage([visa, amex], {
      [`DELETE /api/v1/payment-methods/${AMEX_ID}`]: () => ({ status: 200, body: list([visa]) }),
    });
    await savedCards();
    fireEvent.click(screen.getByRole('button', { name: 'Remove American Express ending 0005' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, `DELETE /api/v1/payment-methods/${AMEX_ID}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove American Express ending 0005' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(dialog.textContent).toContain('will no longer be offered for payments');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const items = within(await savedCards()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Visa •••• ending 4242',
    ]);
    expect(screen.getByRole('status').textContent).toBe('American Express ending 0005 removed.');
    expect(requestsTo(fetchMock, `DELETE /api/v1/payment-methods/${AMEX_ID}`)).toHaveLength(1);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Saved cards' })),
    );
  });
});

describe('returning from the card setup', () => {
  const newCard = makeCard({ id: AMEX_ID, brand: 'visa', last4: '3155', isDefault: false });

  it("confirms the setup, says 'Payment method saved successfully', shows the card and resets the address", async () => {
    let saved = false;
    const { fetchMock, router } = openPage(
      () => ({ status: 200, body: list(saved ? [visa, newCard] : [visa]) }),
      {
        'POST /api/v1/payment-methods/confirm-setup': () => {
          saved = true;
          return { status: 200, body: { status: 'saved', message: null, paymentMethods: [visa, newCard] } };
        },
      },
      `/payment-methods?setup_intent=${SETUP_ID}&setup_intent_client_secret=secret&redirect_status=succeeded`,
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment method saved successfully'), {
      timeout: 5000,
    });
    expect(bodiesSentTo(fetchMock, 'POST /api/v1/payment-methods/confirm-setup')).toEqual([
      { setupIntentId: SETUP_ID },
    ]);
    expect(router.state.location.pathname).toBe('/payment-methods');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(async () => expect(within(await savedCards()).getAllByRole('listitem')).toHaveLength(2));
    expect(showError).not.toHaveBeenCalled();
  });

  it('shows the new card when the first load of the list was read before the card was saved', async () => {
    // The page asks for the list and confirms at once; here the server read the list first, and its
    // answer arrives only after the confirmation's. A refetch that joined that load would keep it.
    const firstLoad = heldReply();
    let loads = 0;
    openPage(
      () => {
        loads += 1;
        return loads === 1 ? firstLoad.answer() : { status: 200, body: list([visa, newCard]) };
      },
      {
        'POST /api/v1/payment-methods/confirm-setup': () => ({
          status: 200,
          body: { status: 'saved', message: null, paymentMethods: [visa, newCard] },
        }),
      },
      `/payment-methods?setup_intent=${SETUP_ID}`,
    );
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Payment method saved successfully'), {
      timeout: 5000,
    });
    await waitFor(() => expect(firstLoad.asked).toBe(true));
    await act(async () => firstLoad.send({ status: 200, body: list([visa]) }));
    await waitFor(async () => expect(within(await savedCards()).getAllByRole('listitem')).toHaveLength(2));
  });

  it("says why a card was not saved, in the provider's words", async () => {
    const { router } = openPage(
      [visa],
      {
        'POST /api/v1/payment-methods/confirm-setup': () => ({
          status: 200,
          body: {
            status: 'failed',
            message: SANDBOX_CARD_MESSAGES.authenticationFailed,
            paymentMethods: [visa],
          },
        }),
      },
      `/payment-methods?setup_intent=${SETUP_ID}`,
    );
    await waitFor(
      () =>
        expect(showError).toHaveBeenCalledWith('Card not saved', SANDBOX_CARD_MESSAGES.authenticationFailed),
      { timeout: 5000 },
    );
    expect(router.state.location.search).toBe('');
    expect(showSuccess).not.toHaveBeenCalled();
  });

  it("confirms once and says so once under React's StrictMode", async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      'GET /api/v1/payment-methods': () => ({ status: 200, body: list([visa]) }),
      'POST /api/v1/payment-methods/confirm-setup': () => ({
        status: 200,
        body: { status: 'saved', message: null, paymentMethods: [visa, newCard] },
      }),
    });
    const { router } = renderApp(`/payment-methods?setup_intent=${SETUP_ID}`, { strict: true });
    await waitFor(() => expect(showSuccess).toHaveBeenCalled(), { timeout: 5000 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // A second run would have asked at mount: wait until every request made has been answered.
    await act(async () => {
      await Promise.allSettled(fetchMock.mock.results.map((r) => r.value));
    });
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(requestsTo(fetchMock, 'POST /api/v1/payment-methods/confirm-setup')).toHaveLength(1);
  });
});
