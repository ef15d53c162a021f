import { platformFeePence } from './money';

// The double-entry postings of the money flow (DOMAIN-RULES 6), pure so the server, the property tests
// and the web's explanations share one definition. Every account's balance is the sum of its entries:
// positive means money sits in that bucket, negative that it came from there. Each posting's entries sum
// to zero, which the database checks again at commit (`ledger_entries_balanced`).
//
//   charge   customer pays           customer_funds −A   escrow +A
//   release  protection window ends  escrow −R           platform_fees +fee(R)   tradesperson_payable +(R − fee)
//   refund   money back to customer  escrow −F           refunds +F
//   payout   transfer to the bank    tradesperson_payable −P   payouts +P
//   payout_reversal (a transfer the provider refused)   payouts −P   tradesperson_payable +P
//   refund_reversal (a refund the provider refused)     refunds −F   escrow +F

export const LEDGER_TRANSACTION_KINDS = [
  'charge',
  'release',
  'refund',
  'refund_reversal',
  'payout',
  'payout_reversal',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

/** An account named by kind and, for the per-person buckets, its owner. */
export type LedgerAccountRef =
  | { kind: 'customer_funds'; userId: string }
  | { kind: 'refunds'; userId: string }
  | { kind: 'tradesperson_payable'; userId: string }
  | { kind: 'payouts'; userId: string }
  | { kind: 'escrow' }
  | { kind: 'platform_fees' };

export interface LedgerEntry {
  account: LedgerAccountRef;
  amountPence: number;
}

/** The stable code of an account: 'escrow', 'platform_fees' or '<kind>:<userId>'. */
export function accountCode(account: LedgerAccountRef): string {
  return 'userId' in account ? `${account.kind}:${account.userId}` : account.kind;
}

function positive(amountPence: number, what: string): void {
  if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
    throw new RangeError(`${what} must be a positive whole number of pence`);
}

export function chargeEntries(customerId: string, amountPence: number): LedgerEntry[] {
  positive(amountPence, 'a charge');
  return [
    { account: { kind: 'customer_funds', userId: customerId }, amountPence: -amountPence },
    { account: { kind: 'escrow' }, amountPence },
  ];
}

/** Releasing R pence of escrow: the 15% fee (half-up) to the platform, the rest payable to the tradesperson. */
export function releaseEntries(tradespersonId: string, releasedPence: number): LedgerEntry[] {
  positive(releasedPence, 'a release');
  const fee = platformFeePence(releasedPence);
  const entries: LedgerEntry[] = [{ account: { kind: 'escrow' }, amountPence: -releasedPence }];
  if (fee > 0) entries.push({ account: { kind: 'platform_fees' }, amountPence: fee });
  if (releasedPence - fee > 0)
    entries.push({
      account: { kind: 'tradesperson_payable', userId: tradespersonId },
      amountPence: releasedPence - fee,
    });
  return entries;
}

export function refundEntries(customerId: string, refundedPence: number): LedgerEntry[] {
  positive(refundedPence, 'a refund');
  return [
    { account: { kind: 'escrow' }, amountPence: -refundedPence },
    { account: { kind: 'refunds', userId: customerId }, amountPence: refundedPence },
  ];
}

export function refundReversalEntries(customerId: string, refundedPence: number): LedgerEntry[] {
  return refundEntries(customerId, refundedPence).map((e) => ({ ...e, amountPence: -e.amountPence }));
}

export function payoutEntries(tradespersonId: string, amountPence: number): LedgerEntry[] {
  positive(amountPence, 'a payout');
  return [
    { account: { kind: 'tradesperson_payable', userId: tradespersonId }, amountPence: -amountPence },
    { account: { kind: 'payouts', userId: tradespersonId }, amountPence },
  ];
}

export function payoutReversalEntries(tradespersonId: string, amountPence: number): LedgerEntry[] {
  return payoutEntries(tradespersonId, amountPence).map((e) => ({ ...e, amountPence: -e.amountPence }));
}

/** The state of one payment's money, as the release and refund rules read it. */
export interface HeldMoney {
  amountPence: number;
  refundedPence: number;
  releasedPence: number;
}

/** What is still in escrow for a payment: paid, less what was refunded or released. */
export function heldPence(m: HeldMoney): number {
  return m.amountPence - m.refundedPence - m.releasedPence;
}

export { platformFeePence };
