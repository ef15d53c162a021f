// @vitest-environment happy-dom
import type { ConnectStatus } from '@domain/payments/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOwnProfile } from '@/features/profiles/test-fixtures';
import { documentsAnswer, makeDocument } from '@/features/verification/test-fixtures';
import { showError } from '@/lib/toast';
import type { Reply } from '@/test/render';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { CONNECT_STATUS_REFRESH_MS } from './payout-api';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

const tradesperson = makeUser({ userType: 'tradesperson', fullName: 'Tom Trade' });

const STATUS = 'GET /api/v1/payments/connect/status';
const CREATE = 'POST /api/v1/payments/connect/account';
const LINK = 'POST /api/v1/payments/connect/onboarding-link';
const ONBOARDING_URL = 'http://localhost:3000/sandbox/onboarding/acctlink_1';

const noAccount: ConnectStatus = {
  hasAccount: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsCurrentlyDue: [],
};
const created: ConnectStatus = {
  hasAccount: true,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsCurrentlyDue: [
    'individual.first_name',
    'individual.last_name',
    'individual.dob.day',
    'external_account',
    'tos_acceptance.date',
  ],
};
const ready: ConnectStatus = {
  hasAccount: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  requirementsCurrentlyDue: [],
};

const ok = (body: unknown): Reply => ({ status: 200, body });
const failure: Reply = {
  status: 502,
  body: { error: { code: 'provider_unavailable', message: 'The payment provider could not be reached.' } },
};

function server(handlers: Record<string, (init: RequestInit | undefined) => Reply>) {
  return mockApi({
    ...sessionHandler(tradesperson),
    'GET /api/v1/tradesperson/profile': () => ok({ profile: makeOwnProfile() }),
    'GET /api/v1/documents': () => ok(documentsAnswer([makeDocument()])),
    ...handlers,
  });
}

const originalOpen = window.open;
/** window.open handing back `tab` (null: a blocked pop-up). */
function stubOpen(tab: Window | null) {
  const open = vi.fn((..._args: unknown[]) => tab);
  window.open = open as unknown as typeof window.open;
  return open;
}

/** A tab that window.open hands back, recording where it was sent. */
function fakeTab() {
  const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
  const open = stubOpen(tab as unknown as Window);
  return { tab, open };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);

const card = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Payout account' }, { timeout: 5000 })).closest('section')!,
  );

/** The status box's value, e.g. status('Payouts') → 'Enabled'. */
const statusOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

afterEach(() => {
  resetBetweenTests();
  vi.useRealTimers();
  window.open = originalOpen;
});

describe('Business Setup step 4: the payout account (connect) card', () => {
  it('opens on step 4 from ?step=4 and shows an account that does not exist yet', async () => {
    server({ [STATUS]: () => ok(noAccount) });
    renderApp('/tradesperson/setup?step=4');
    const connect = await card();
    expect(document.getElementById('setup-step-heading')!.textContent).toContain('Payment Setup');
    await connect.findByRole('button', { name: 'Create payout account' });
    expect(statusOf('Payout account')).toBe('Not created yet');
    expect(statusOf('Card payments')).toBe('Not enabled yet');
    expect(statusOf('Payouts')).toBe('Not enabled yet');
    expect(connect.queryByRole('button', { name: /Start onboarding/ })).toBeNull();
    // Completing setup does not wait for the payout account.
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeTruthy();
  });

  it('creates the account, then lists what the provider still needs in words and offers onboarding', async () => {
    const fetchMock = server({ [STATUS]: () => ok(noAccount), [CREATE]: () => ok(created) });
    renderApp('/tradesperson/setup?step=4');
    const connect = await card();
    fireEvent.click(await connect.findByRole('button', { name: 'Create payout account' }));
    await connect.findByRole('button', { name: /Start onboarding/ });
    expect(calls(fetchMock, 'POST', '/api/v1/payments/connect/account')).toHaveLength(1);
    expect(statusOf('Payout account')).toBe('Created');
    const needed = connect.getByRole('list', { name: 'Still needed by the payment provider' });
    expect(
      within(needed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Legal name',
      'Date of birth',
      'Bank account for payouts',
      'Accept the payment provider’s terms',
    ]);
  });

  it('opens onboarding in a new tab and checks the status again 5 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = created;
    const fetchMock = server({
      [STATUS]: () => ok(status),
      [LINK]: () => ok({ url: ONBOARDING_URL }),
    });
    const { tab, open } = fakeTab();
    renderApp('/tradesperson/setup?step=4');
    const connect = await card();
    fireEvent.click(await connect.findByRole('button', { name: /Start onboarding/ }));
    // The tab opens during the click itself (a pop-up opened later is blocked), then goes to the link.
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe(ONBOARDING_URL));
    expect(tab.opener).toBeNull();
    const [, init] = calls(fetchMock, 'POST', '/api/v1/payments/connect/onboarding-link')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'account_onboarding' });
    expect(await connect.findByText(/Onboarding opened in a new tab/)).toBeTruthy();

    // Meanwhile the tradesperson finishes onboarding in the other tab.
    status = ready;
    const checks = () => calls(fetchMock, 'GET', '/api/v1/payments/connect/status').length;
    expect(checks()).toBe(1);
    await vi.advanceTimersByTimeAsync(CONNECT_STATUS_REFRESH_MS - 500);
    expect(checks()).toBe(1);
    await vi.advanceTimersByTimeAsync(500);
    await waitFor(() => expect(checks()).toBe(2));
    await waitFor(() => expect(statusOf('Payouts')).toBe('Enabled'));
    expect(connect.getByText('Your payout account is ready.')).toBeTruthy();
    expect(connect.getByRole('button', { name: /Update details/ })).toBeTruthy();
    expect(CONNECT_STATUS_REFRESH_MS).toBe(5000);
  });

  it('asks for an update link once onboarded', async () => {
    const fetchMock = server({
      [STATUS]: () => ok({ ...ready, requirementsCurrentlyDue: ['individual.address.line1'] }),
      [LINK]: () => ok({ url: ONBOARDING_URL }),
    });
    const { tab } = fakeTab();
    renderApp('/tradesperson/setup?step=4');
    const connect = await card();
    expect(await connect.findByText('Home address')).toBeTruthy();
    expect(connect.queryByRole('button', { name: /Start onboarding/ })).toBeNull();
    fireEvent.click(connect.getByRole('button', { name: /Update details/ }));
    await waitFor(() => expect(tab.location.href).toBe(ONBOARDING_URL));
    const [, init] = calls(fetchMock, 'POST', '/api/v1/payments/connect/onboarding-link')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'account_update' });
  });

  it('goes to the provider in this tab when the browser blocks the new one', async () => {
    server({ [STATUS]: () => ok(created), [LINK]: () => ok({ url: ONBOARDING_URL }) });
    stubOpen(null);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/tradesperson/setup?step=4');
    const connect = await card();
    fireEvent.click(await connect.findByRole('button', { name: /Start onboarding/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ONBOARDING_URL));
  });

  describe('says each failure in the spec’s words', () => {
    it("'Failed to check account status', with a way to try again", async () => {
      let fail = true;
      server({ [STATUS]: () => (fail ? failure : ok(noAccount)) });
      renderApp('/tradesperson/setup?step=4');
      const connect = await card();
      await waitFor(() =>
        expect(showError).toHaveBeenCalledWith(
          'Failed to check account status',
          'The payment provider could not be reached.',
        ),
      );
      expect(showError).toHaveBeenCalledTimes(1);
      fail = false;
      fireEvent.click(await connect.findByRole('button', { name: 'Try again' }));
      expect(await connect.findByRole('button', { name: 'Create payout account' })).toBeTruthy();
    });

    it("'Failed to create account'", async () => {
      server({ [STATUS]: () => ok(noAccount), [CREATE]: () => failure });
      renderApp('/tradesperson/setup?step=4');
      const connect = await card();
      fireEvent.click(await connect.findByRole('button', { name: 'Create payout account' }));
      await waitFor(() =>
        expect(showError).toHaveBeenCalledWith(
          'Failed to create account',
          'The payment provider could not be reached.',
        ),
      );
      expect(connect.getByRole('button', { name: 'Create payout account' })).toBeTruthy();
    });

    it("'Failed to start onboarding', closing the tab it had opened", async () => {
      server({ [STATUS]: () => ok(created), [LINK]: () => ({ status: 500 }) });
      const { tab } = fakeTab();
      renderApp('/tradesperson/setup?step=4');
      const connect = await card();
      fireEvent.click(await connect.findByRole('button', { name: /Start onboarding/ }));
      await waitFor(() => expect(showError).toHaveBeenCalledWith('Failed to start onboarding', undefined));
      expect(tab.close).toHaveBeenCalled();
    });

    it("'Failed to create update link'", async () => {
      server({ [STATUS]: () => ok(ready), [LINK]: () => failure });
      fakeTab();
      renderApp('/tradesperson/setup?step=4');
      const connect = await card();
      fireEvent.click(await connect.findByRole('button', { name: /Update details/ }));
      await waitFor(() =>
        expect(showError).toHaveBeenCalledWith(
          'Failed to create update link',
          'The payment provider could not be reached.',
        ),
      );
    });
  });

  it('checks the account when the provider sends the browser back (?step=4&connect=return)', async () => {
    const fetchMock = server({ [STATUS]: () => ok(ready) });
    const { router } = renderApp('/tradesperson/setup?step=4&connect=return');
    const connect = await card();
    expect(await connect.findByText('Welcome back: your payout account is ready.')).toBeTruthy();
    expect(statusOf('Payouts')).toBe('Enabled');
    expect(calls(fetchMock, 'GET', '/api/v1/payments/connect/status')).toHaveLength(1);
    expect(document.getElementById('setup-step-heading')!.textContent).toContain('Payment Setup');
    // Handled once: the answer leaves the address, the step stays.
    await waitFor(() => expect(router.state.location.search).toBe('?step=4'));
  });

  it('offers a new link when the old one expired (connect=refresh)', async () => {
    const fetchMock = server({ [STATUS]: () => ok(created), [LINK]: () => ok({ url: ONBOARDING_URL }) });
    const { tab } = fakeTab();
    renderApp('/tradesperson/setup?step=4&connect=refresh');
    const connect = await card();
    expect(
      await connect.findByText('That onboarding link has expired. Start again to get a new one.'),
    ).toBeTruthy();
    fireEvent.click(await connect.findByRole('button', { name: /Start onboarding/ }));
    await waitFor(() => expect(tab.location.href).toBe(ONBOARDING_URL));
    expect(calls(fetchMock, 'POST', '/api/v1/payments/connect/onboarding-link')).toHaveLength(1);
    expect(connect.queryByText(/has expired/)).toBeNull();
  });
});
