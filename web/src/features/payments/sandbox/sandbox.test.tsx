// @vitest-environment happy-dom
import type { SandboxCheckoutView } from '@domain/payments/api';
import { SANDBOX_CARD_MESSAGES } from '@domain/payments/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '@/lib/leave-app';
import { expectFieldError, expectNoFieldError, validationErrorReply } from '@/test/field-errors';
import { mockApi, renderApp, resetBetweenTests } from '@/test/render';

vi.mock('@/lib/leave-app', () => ({ leaveTo: vi.fn() }));

afterEach(resetBetweenTests);

const ID = 'cs_sandbox_abcdefgh';
const SUCCESS = `http://localhost/my-jobs?payment=success&session_id=${ID}`;
const CANCEL = 'http://localhost/my-jobs?payment=cancelled';
const CHECKOUT = `/api/v1/sandbox/checkout/${ID}`;

const session = (overrides: Partial<SandboxCheckoutView> = {}): SandboxCheckoutView => ({
  id: ID,
  amountPence: 13_500,
  description: 'Fix a leaking tap — Tom Pipes',
  status: 'open',
  cancelUrl: CANCEL,
  successUrl: null,
  awaitingAuthentication: false,
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];

async function openCheckout(handlers: Handlers = {}, view = session()) {
  const fetchMock = mockApi({ [`GET ${CHECKOUT}`]: () => ({ status: 200, body: view }), ...handlers });
  const rendered = renderApp(`/sandbox/checkout/${ID}`);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { fetchMock, ...rendered };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const payButton = () => screen.getByRole('button', { name: 'Pay £135.00' });
const posts = (fetchMock: ReturnType<typeof mockApi>, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && String(url).endsWith(suffix));

function typeCard(number: string, expiry = '12 / 40', cvc = '123') {
  fireEvent.change(field(/^Card number/), { target: { value: number } });
  fireEvent.change(field(/^Expiry/), { target: { value: expiry } });
  fireEvent.change(field(/^CVC/), { target: { value: cvc } });
}

describe('the sandbox checkout', () => {
  it('shows the amount, the description and the sandbox banner, outside the app and its session', async () => {
    const { fetchMock } = await openCheckout();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('£135.00');
    expect(screen.getByText('Fix a leaking tap — Tom Pipes')).toBeTruthy();
    expect(
      screen.getByText(
        'Sandbox — no real money moves. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Cancel and return to TradeNest/ }).getAttribute('href')).toBe(
      CANCEL,
    );
    for (const label of [/^Card number/, /^Expiry \(MM \/ YY\)/, /^CVC/, /^Name on card/])
      expect(field(label)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/auth/session'))).toBe(false);
    expect(screen.queryByRole('navigation')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Checkout — TradeNest Sandbox'));
  });

  it('fills a test card from the banner', async () => {
    await openCheckout();
    fireEvent.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    expect(field(/^Card number/).value).toBe('4242 4242 4242 4242');
    expect(field(/^Expiry/).value).toMatch(/^12 \/ \d{2}$/);
    expect(field(/^CVC/).value).toBe('123');
  });

  it('says what is wrong beside the field, in the provider’s words, before asking the server', async () => {
    const { fetchMock } = await openCheckout();
    fireEvent.click(payButton());
    const number = field(/^Card number/);
    await waitFor(() => expectFieldError(number, SANDBOX_CARD_MESSAGES.incorrectNumber));
    await waitFor(() => expect(document.activeElement).toBe(number));

    typeCard('4242 4242 4242 4242', '01 / 20');
    fireEvent.click(payButton());
    await waitFor(() => expectFieldError(field(/^Expiry/), SANDBOX_CARD_MESSAGES.expired));
    expectNoFieldError(number);

    typeCard('4242 4242 4242 4242', '12 / 40', '1');
    fireEvent.click(payButton());
    await waitFor(() => expectFieldError(field(/^CVC/), SANDBOX_CARD_MESSAGES.cvc));
    expect(posts(fetchMock, '/pay')).toHaveLength(0);
  });

  it('shows a refusal of the server beside the field it names', async () => {
    await openCheckout({
      [`POST ${CHECKOUT}/pay`]: () => validationErrorReply('expiry', SANDBOX_CARD_MESSAGES.expired),
    });
    typeCard('4242 4242 4242 4242');
    fireEvent.click(payButton());
    await waitFor(() => expectFieldError(field(/^Expiry/), SANDBOX_CARD_MESSAGES.expired));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Your card was declined.' as an alert and keeps what was typed", async () => {
    const { fetchMock } = await openCheckout({
      [`POST ${CHECKOUT}/pay`]: () => ({
        status: 402,
        body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
      }),
    });
    typeCard('4000 0000 0000 0002');
    fireEvent.change(field(/^Name on card/), { target: { value: 'Ann Smith' } });
    fireEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Your card was declined.');
    expect(field(/^Card number/).value).toBe('4000 0000 0000 0002');
    expect(field(/^Expiry/).value).toBe('12 / 40');
    expect(field(/^CVC/).value).toBe('123');
    expect(field(/^Name on card/).value).toBe('Ann Smith');
    expect(payButton().getAttribute('aria-describedby')).toBe(alert.id);
    const [call] = posts(fetchMock, '/pay');
    expect(JSON.parse(String(call![1]?.body))).toEqual({
      cardNumber: '4000 0000 0000 0002',
      expiry: '12 / 40',
      cvc: '123',
      name: 'Ann Smith',
    });
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('returns to TradeNest once the card succeeds', async () => {
    await openCheckout({
      [`POST ${CHECKOUT}/pay`]: () => ({ status: 200, body: { outcome: 'succeeded', redirectUrl: SUCCESS } }),
    });
    typeCard('4242424242424242');
    fireEvent.click(payButton());
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(SUCCESS));
  });

  it('goes to the authentication challenge, and completing it returns to TradeNest', async () => {
    const { fetchMock, router } = await openCheckout({
      [`POST ${CHECKOUT}/pay`]: () => ({
        status: 200,
        body: {
          outcome: 'requires_action',
          redirectUrl: `${window.location.origin}/sandbox/checkout/${ID}/authenticate`,
        },
      }),
      [`POST ${CHECKOUT}/challenge`]: () => ({
        status: 200,
        body: { outcome: 'succeeded', redirectUrl: SUCCESS },
      }),
    });
    typeCard('4000 0025 0000 3155');
    fireEvent.click(payButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authenticate your payment' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/sandbox/checkout/${ID}/authenticate`);
    expect(screen.getByText('£135.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(SUCCESS));
    expect(JSON.parse(String(posts(fetchMock, '/challenge')[0]![1]?.body))).toEqual({ result: 'complete' });
  });

  it('says a failed authentication and offers another card', async () => {
    mockApi({
      [`GET ${CHECKOUT}`]: () => ({ status: 200, body: session({ awaitingAuthentication: true }) }),
      [`POST ${CHECKOUT}/challenge`]: () => ({
        status: 402,
        body: { error: { code: 'card_declined', message: SANDBOX_CARD_MESSAGES.authenticationFailed } },
      }),
    });
    renderApp(`/sandbox/checkout/${ID}/authenticate`);
    fireEvent.click(await screen.findByRole('button', { name: 'Fail authentication' }, { timeout: 5000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(SANDBOX_CARD_MESSAGES.authenticationFailed);
    expect(screen.getByRole('link', { name: 'Try another card' }).getAttribute('href')).toBe(
      `/sandbox/checkout/${ID}`,
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('says an expired checkout has expired, with the way back', async () => {
    await openCheckout({}, session({ status: 'expired' }));
    expect(screen.getByRole('heading', { level: 1, name: 'This checkout has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to TradeNest' }).getAttribute('href')).toBe(CANCEL);
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
  });

  it('says a complete checkout is paid, with the way back', async () => {
    await openCheckout({}, session({ status: 'complete', successUrl: SUCCESS }));
    expect(screen.getByRole('heading', { level: 1, name: 'Payment complete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to TradeNest' }).getAttribute('href')).toBe(SUCCESS);
  });

  it('says an unknown checkout does not exist', async () => {
    mockApi({});
    renderApp(`/sandbox/checkout/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Checkout not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

const LINK_ID = 'acctlink_abcdefgh';
const ONBOARDING = `/api/v1/sandbox/onboarding/${LINK_ID}`;
const RETURN = 'http://localhost/tradesperson/setup?step=4&connect=return';
const REFRESH = 'http://localhost/tradesperson/setup?step=4&connect=refresh';
const link = (expired = false) => ({
  id: LINK_ID,
  accountId: 'acct_sandbox_1',
  type: 'account_onboarding',
  expired,
  returnUrl: RETURN,
  refreshUrl: REFRESH,
});

describe('the sandbox onboarding', () => {
  it('fills the test details and returns to TradeNest once submitted', async () => {
    const fetchMock = mockApi({
      [`GET ${ONBOARDING}`]: () => ({ status: 200, body: link() }),
      [`POST ${ONBOARDING}`]: () => ({ status: 200, body: { url: RETURN } }),
    });
    renderApp(`/sandbox/onboarding/${LINK_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up payouts' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(screen.getByRole('complementary', { name: 'Sandbox' })).getByText(/^Sandbox/)).toBeTruthy();
    fireEvent.change(field(/^Legal name/), { target: { value: 'Tom Pipes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use test details' }));
    expect(field(/^Legal name/).value).toBe('Tom Pipes');
    expect(field(/^Sort code/).value).toBe('10-88-00');
    expect(field(/^Account number/).value).toBe('00012345');
    expect(field(/^Date of birth/).value).toBe('1990-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Finish and return to TradeNest' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(RETURN));
    const [call] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call![1]?.body))).toEqual({
      legalName: 'Tom Pipes',
      dateOfBirth: '1990-01-01',
      sortCode: '10-88-00',
      accountNumber: '00012345',
    });
  });

  it('says what is missing beside each field', async () => {
    const fetchMock = mockApi({ [`GET ${ONBOARDING}`]: () => ({ status: 200, body: link() }) });
    renderApp(`/sandbox/onboarding/${LINK_ID}`);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Finish and return to TradeNest' }, { timeout: 5000 }),
    );
    await waitFor(() => expectFieldError(field(/^Legal name/), 'Enter your legal name'));
    expectFieldError(field(/^Date of birth/), 'Enter your date of birth');
    expectFieldError(field(/^Sort code/), 'Enter a 6-digit sort code');
    expectFieldError(field(/^Account number/), 'Enter an 8-digit account number');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Legal name/)));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('says an expired link has expired, with the way to a new one', async () => {
    mockApi({ [`GET ${ONBOARDING}`]: () => ({ status: 200, body: link(true) }) });
    renderApp(`/sandbox/onboarding/${LINK_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link has expired' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link from TradeNest' }).getAttribute('href')).toBe(
      REFRESH,
    );
  });

  it('says so when the link expires while the form is open', async () => {
    mockApi({
      [`GET ${ONBOARDING}`]: () => ({ status: 200, body: link() }),
      [`POST ${ONBOARDING}`]: () => ({
        status: 409,
        body: {
          error: {
            code: 'payment_state',
            message: 'This onboarding link has expired. Start again from TradeNest.',
            details: { refreshUrl: REFRESH },
          },
        },
      }),
    });
    renderApp(`/sandbox/onboarding/${LINK_ID}`);
    fireEvent.change(await screen.findByLabelText(/^Legal name/, undefined, { timeout: 5000 }), {
      target: { value: 'Tom Pipes' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Use test details' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish and return to TradeNest' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link from TradeNest' }).getAttribute('href')).toBe(
      REFRESH,
    );
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
