import { decidePayout } from '../../../domain/payments/escrow';
import { ProviderError } from '../../adapters/payments/gateway';
import { type PaymentDeps, payableBalance, postPayout, postPayoutReversal } from '../payments';
import {
  findConnectedAccount,
  findPayout,
  insertPayout,
  type PayoutRow,
  payoutReadyUsers,
  pendingPayouts,
  updatePayout,
} from './payouts.repository';

/**
 * Pays a tradesperson's whole payable balance out to its connected account (DOMAIN-RULES 6: only once
 * the account reports payouts enabled; until then the money waits as payable). The connected account's
 * row is locked, so concurrent payout jobs for one person book one payout. The ledger moves the money
 * to `payouts` when the payout is created; the transfer follows (sendPayout), keyed by the payout's id.
 */
export async function payOut(deps: PaymentDeps, tradespersonId: string): Promise<PayoutRow | null> {
  // An interrupted transfer first: it already holds its share of the money.
  for (const pending of await pendingPayouts(deps.db, tradespersonId)) await sendPayout(deps, pending.id);
  const payout = await deps.db.transaction(async (tx) => {
    const account = await findConnectedAccount(tx, tradespersonId, { forUpdate: true });
    if (!account) return null;
    const payable = await payableBalance(tx, tradespersonId);
    const decision = decidePayout(payable, { tradespersonId, payoutsEnabled: account.payoutsEnabled });
    if (!decision.ok) return null;
    const now = deps.clock.now();
    const created = await insertPayout(tx, {
      userId: tradespersonId,
      provider: deps.gateway.provider,
      providerAccountId: account.providerAccountId,
      amountPence: payable,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    await postPayout(tx, created.id, decision.value.entries, now);
    return created;
  });
  if (!payout) return null;
  return sendPayout(deps, payout.id);
}

/**
 * The transfer of one pending payout. Safe to repeat: the provider's idempotency key is the payout's id,
 * so a retry after a crash or a timeout never transfers twice. A refusal that will not change (the
 * account lost its payouts) returns the money to payable and marks the payout failed; a provider outage
 * throws, for the queue to retry.
 */
export async function sendPayout(deps: PaymentDeps, payoutId: string): Promise<PayoutRow> {
  const payout = (await findPayout(deps.db, payoutId))!;
  if (payout.status !== 'pending') return payout;
  let transferId: string | null = null;
  let refusal: string | null = null;
  try {
    transferId = (
      await deps.gateway.createTransfer({
        amountPence: payout.amountPence,
        destinationAccountId: payout.providerAccountId,
        transferGroup: `payout-${payout.id}`,
        idempotencyKey: `payout-${payout.id}`,
        metadata: { payoutId: payout.id },
      })
    ).id;
  } catch (error) {
    if (!(error instanceof ProviderError) || error.retryable) throw error;
    refusal = error.message;
  }
  const result = await deps.db.transaction(async (tx) => {
    const current = (await findPayout(tx, payoutId, { forUpdate: true }))!;
    if (current.status !== 'pending') return current;
    const now = deps.clock.now();
    const ref = { payoutId: current.id, tradespersonId: current.userId, amountPence: current.amountPence };
    if (refusal !== null) {
      await postPayoutReversal(tx, current, refusal, now);
      await deps.events.record(tx, { type: 'payout.failed', actorId: null, payload: ref });
      return updatePayout(tx, current.id, { status: 'failed', failureReason: refusal, updatedAt: now });
    }
    await deps.events.record(tx, { type: 'payout.paid', actorId: null, payload: ref });
    return updatePayout(tx, current.id, {
      status: 'paid',
      providerTransferId: transferId,
      paidAt: now,
      updatedAt: now,
    });
  });
  deps.events.committed();
  return result;
}

/**
 * The catch-up's payout step (payments' reconcilePayments): sends every payout the provider did not
 * answer, then pays out payable money of any account that became ready while no job ran.
 */
export async function reconcilePayouts(deps: PaymentDeps): Promise<{ confirmed: 0; payouts: number }> {
  let paidOut = 0;
  for (const pending of await pendingPayouts(deps.db)) {
    if ((await sendPayout(deps, pending.id)).status === 'paid') paidOut++;
  }
  for (const { userId } of await payoutReadyUsers(deps.db)) {
    if ((await payableBalance(deps.db, userId)) > 0 && (await payOut(deps, userId))) paidOut++;
  }
  return { confirmed: 0, payouts: paidOut };
}
