import type { ConnectStatus } from '../../../domain/payments/api';
import { PAYMENT_MESSAGES } from '../../../domain/payments/messages';
import type { ConnectedAccountState } from '../../adapters/payments/gateway';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { send } from '../../queue/queue';
import { type PaymentDeps, providerFailure } from '../payments';
import {
  type ConnectedAccountRow,
  findConnectedAccount,
  findConnectedAccountByProviderId,
  insertConnectedAccount,
  updateConnectedAccount,
} from './payouts.repository';

// A tradesperson's payout account at the provider (spec section 7: check-connect-status,
// create-connect-account, create-onboarding-link).

const NO_ACCOUNT: ConnectStatus = {
  hasAccount: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  requirementsCurrentlyDue: [],
};

function tradespersonOnly(auth: AuthContext): string {
  // Customers have no payout account: the routes do not exist for them.
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  return auth.user.id;
}

export function statusOf(
  row:
    | Pick<ConnectedAccountRow, 'chargesEnabled' | 'payoutsEnabled' | 'requirementsCurrentlyDue'>
    | undefined,
): ConnectStatus {
  if (!row) return NO_ACCOUNT;
  return {
    hasAccount: true,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    requirementsCurrentlyDue: row.requirementsCurrentlyDue,
  };
}

/**
 * Stores what the provider says of an account. When payouts have just become possible, the money
 * waiting as payable is paid out.
 */
async function storeState(deps: PaymentDeps, userId: string, state: ConnectedAccountState) {
  const { row, unlocked } = await deps.db.transaction(async (tx) => {
    const before = await findConnectedAccount(tx, userId, { forUpdate: true });
    const row = await updateConnectedAccount(tx, userId, {
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      requirementsCurrentlyDue: state.requirementsCurrentlyDue,
    });
    const unlocked = state.payoutsEnabled && !before?.payoutsEnabled;
    if (unlocked) await send(tx, 'payments.payout', { tradespersonId: userId });
    return { row, unlocked };
  });
  if (unlocked) deps.queue.wake('payments.payout');
  return row;
}

/** check-connect-status: read fresh from the provider. */
export async function connectStatus(deps: PaymentDeps, auth: AuthContext): Promise<ConnectStatus> {
  const userId = tradespersonOnly(auth);
  const row = await findConnectedAccount(deps.db, userId);
  if (!row) return NO_ACCOUNT;
  const state = await deps.gateway.retrieveConnectedAccount(row.providerAccountId).catch(providerFailure);
  return statusOf(await storeState(deps, userId, state));
}

/** create-connect-account: once per tradesperson; asking again answers the same account. */
export async function createConnectAccount(deps: PaymentDeps, auth: AuthContext): Promise<ConnectStatus> {
  const userId = tradespersonOnly(auth);
  const existing = await findConnectedAccount(deps.db, userId);
  if (existing) return statusOf(existing);
  // The key is the user's: two presses, or a retry after a timeout, create one account at the provider.
  const state = await deps.gateway
    .createConnectedAccount({ userId, email: auth.user.email, idempotencyKey: `account-${userId}` })
    .catch(providerFailure);
  const row = await insertConnectedAccount(deps.db, {
    userId,
    provider: deps.gateway.provider,
    providerAccountId: state.id,
    chargesEnabled: state.chargesEnabled,
    payoutsEnabled: state.payoutsEnabled,
    requirementsCurrentlyDue: state.requirementsCurrentlyDue,
  });
  return statusOf(row);
}

/** create-onboarding-link: the provider's page; it returns the browser to Business Setup's step 4. */
export async function onboardingLink(
  deps: PaymentDeps,
  auth: AuthContext,
  type: 'account_onboarding' | 'account_update',
): Promise<{ url: string }> {
  const userId = tradespersonOnly(auth);
  const row = await findConnectedAccount(deps.db, userId);
  if (!row) throw AppError.conflict('payment_state', PAYMENT_MESSAGES.noAccount);
  const setup = `${deps.appUrl}/tradesperson/setup?step=4`;
  return deps.gateway
    .createAccountLink({
      accountId: row.providerAccountId,
      type,
      refreshUrl: `${setup}&connect=refresh`,
      returnUrl: `${setup}&connect=return`,
    })
    .catch(providerFailure);
}

/** The provider's account.updated webhook: read the account afresh and store it. */
export async function syncAccount(deps: PaymentDeps, providerAccountId: string): Promise<void> {
  const row = await findConnectedAccountByProviderId(deps.db, providerAccountId);
  if (!row) return;
  await storeState(deps, row.userId, await deps.gateway.retrieveConnectedAccount(providerAccountId));
}
