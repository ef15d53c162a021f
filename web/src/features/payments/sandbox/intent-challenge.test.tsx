// @vitest-environment happy-dom
import type { SandboxIntentView } from '@domain/milestones/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveTo } from '@/lib/leave-app';
import { seriousAxeViolations } from '@/test/axe';
import { mockApi, renderApp, resetBetweenTests } from '@/test/render';
import { makeSetupIntent, SETUP_ID } from './test-fixtures';

vi.mock('@/lib/leave-app', () => ({ leaveTo: vi.fn() }));

afterEach(resetBetweenTests);

const PAYMENT_ID = 'pi_sandbox_abcdefgh';
const MILESTONE_RETURN = 'http://localhost/booking-milestones/b1?payment_intent=pi_sandbox_abcdefgh';
const SETUP_RETURN = `http://localhost/payment-methods?setup_intent=${SETUP_ID}`;

const paymentIntent = (overrides: Partial<SandboxIntentView> = {}): SandboxIntentView => ({
  id: PAYMENT_ID,
  kind: 'payment',
  amountPence: 25_000,
  description: 'First fix — Rewire the kitchen',
  card: { brand: 'visa', last4: '3184' },
  awaitingAuthentication: true,
  returnUrl: MILESTONE_RETURN,
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];

async function openChallenge(view: SandboxIntentView, handlers: Handlers = {}) {
  const fetchMock = mockApi({
    [`GET /api/v1/sandbox/intents/${view.id}`]: () => ({ status: 200, body: view }),
    ...handlers,
  });
  renderApp(`/sandbox/authenticate/${view.id}`);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return fetchMock;
}

const challengeBodies = (fetchMock: ReturnType<typeof mockApi>, id: string) =>
  fetchMock.mock.calls
    .filter(
      ([url, init]) => init?.method === 'POST' && String(url) === `/api/v1/sandbox/intents/${id}/challenge`,
    )
    .map(([, init]) => JSON.parse(String(init?.body)));

describe('the sandbox authentication of an intent', () => {
  it('asks about a payment with its amount and card; completing it returns to TradeNest', async () => {
    const redirectUrl = MILESTONE_RETURN;
    const fetchMock = await openChallenge(paymentIntent(), {
      [`POST /api/v1/sandbox/intents/${PAYMENT_ID}/challenge`]: () => ({
        status: 200,
        body: { outcome: 'succeeded', redirectUrl },
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Authenticate your payment' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Authenticate your payment' });
    expect(section.textContent).toContain(
      'Your bank asks you to confirm a payment of £250.00 to TradeNest for First fix — Rewire the kitchen with your card Visa •••• ending 3184.',
    );
    expect(
      within(screen.getByRole('complementary', { name: 'Sandbox' })).getByText(
        /^Sandbox — no real money moves/,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Authenticate — TradeNest Sandbox'));
    expect(await seriousAxeViolations(document.body)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(redirectUrl));
    expect(challengeBodies(fetchMock, PAYMENT_ID)).toEqual([{ result: 'complete' }]);
  });

  it('asks about saving a card; failing it also returns to TradeNest, which says how it ended', async () => {
    const fetchMock = await openChallenge(makeSetupIntent(), {
      [`POST /api/v1/sandbox/intents/${SETUP_ID}/challenge`]: () => ({
        status: 200,
        body: { outcome: 'failed', redirectUrl: SETUP_RETURN },
      }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Authenticate your card' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Authenticate your card' }).textContent).toContain(
      'Your bank asks you to confirm that TradeNest may save your card Visa •••• ending 3155 for future payments.',
    );
    expect(screen.queryByText(/£/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Fail authentication' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith(SETUP_RETURN));
    expect(challengeBodies(fetchMock, SETUP_ID)).toEqual([{ result: 'fail' }]);
  });

  it('says why an answer was refused, and shows the intent as it now is', async () => {
    let awaiting = true;
    await openChallenge(paymentIntent(), {
      [`GET /api/v1/sandbox/intents/${PAYMENT_ID}`]: () => ({
        status: 200,
        body: paymentIntent({ awaitingAuthentication: awaiting }),
      }),
      [`POST /api/v1/sandbox/intents/${PAYMENT_ID}/challenge`]: () => {
        awaiting = false;
        return {
          status: 409,
          body: {
            error: { code: 'payment_state', message: 'This authentication has already been answered.' },
          },
        };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete authentication' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nothing to authenticate' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('says there is nothing to authenticate, with the way back to TradeNest', async () => {
    await openChallenge(makeSetupIntent({ awaitingAuthentication: false }));
    expect(screen.getByRole('heading', { level: 1, name: 'Nothing to authenticate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to TradeNest' }).getAttribute('href')).toBe(SETUP_RETURN);
    expect(screen.queryByRole('button', { name: 'Complete authentication' })).toBeNull();
  });

  it('says an unknown intent does not exist', async () => {
    mockApi({});
    renderApp(`/sandbox/authenticate/${PAYMENT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Authentication not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
