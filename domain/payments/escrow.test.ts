import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planIssues } from '../milestones/rules';
import { decideCharge, decidePayout, decideRefund, decideRelease, type EscrowPayment } from './escrow';
import { accountCode, type LedgerEntry, payoutReversalEntries } from './ledger';
import { platformFeePence } from './money';

// Long random sequences of pay / release (scheduled and early) / refund / payout / dispute / time,
// applied through the same decisions the payments service takes, against a model ledger. Each booking is
// paid in one payment or in milestones (a plan that adds up to its amount, planIssues' rule): a
// milestone's money is held with no release date until it is marked done, and a dispute's resolution
// refunds and releases across all of a booking's held milestones. After every step: each posting sums
// to zero, escrow is never negative (in total and per payment), no milestone is charged twice, a
// booking's charges never exceed its amount, and for every tradesperson paid out + payable = released − fee.

const DAY = 86_400_000;
const WINDOW = 7 * DAY;
const CUSTOMERS = ['c1', 'c2'];
const PROS = ['t1', 't2'];

type Op =
  | { op: 'pay'; booking: number; milestone: number }
  | { op: 'done'; booking: number; milestone: number }
  | { op: 'release'; booking: number; milestone: number; early: boolean }
  | { op: 'refund'; booking: number; milestone: number; part: number | null }
  | { op: 'resolve'; booking: number; refundShare: number }
  | { op: 'payout'; pro: number }
  | { op: 'enablePayouts'; pro: number }
  | { op: 'failPayout'; pro: number }
  | { op: 'dispute'; booking: number }
  | { op: 'time'; days: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), booking: fc.nat(5), milestone: fc.nat(2) }),
  fc.record({ op: fc.constant('done' as const), booking: fc.nat(5), milestone: fc.nat(2) }),
  fc.record({
    op: fc.constant('release' as const),
    booking: fc.nat(5),
    milestone: fc.nat(2),
    early: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('refund' as const),
    booking: fc.nat(5),
    milestone: fc.nat(2),
    part: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  }),
  fc.record({
    op: fc.constant('resolve' as const),
    booking: fc.nat(5),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({ op: fc.constant('payout' as const), pro: fc.nat(1) }),
  fc.record({ op: fc.constant('enablePayouts' as const), pro: fc.nat(1) }),
  fc.record({ op: fc.constant('failPayout' as const), pro: fc.nat(1) }),
  fc.record({ op: fc.constant('dispute' as const), booking: fc.nat(5) }),
  fc.record({ op: fc.constant('time' as const), days: fc.integer({ min: 0, max: 10 }) }),
);

/** A booking's plan: its amount in 1 (one payment) to 3 milestones, the last taking the remainder. */
function planOf(amount: number, count: number): number[] {
  const n = Math.max(1, Math.min(count, Math.floor(amount / 100)));
  const part = Math.floor(amount / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? amount - part * (n - 1) : part));
}

class Model {
  balances = new Map<string, number>();
  /** By '<booking>:<milestone>' (milestone 0 of a one-payment booking is its single payment). */
  payments = new Map<string, EscrowPayment>();
  charges = new Map<string, number>();
  disputed = new Set<number>();
  /** What each disputed booking held when its dispute was raised: nothing but the resolution lowers it. */
  frozen = new Map<number, number>();
  payoutsEnabled = new Set<number>();
  lastPayout = new Map<number, number>();
  released = new Map<string, number>();
  fees = new Map<string, number>();
  now = new Date('2026-01-01T00:00:00Z');

  readonly plans: number[][];

  constructor(
    readonly amounts: number[],
    counts: number[],
  ) {
    this.plans = amounts.map((a, i) => planOf(a, counts[i]!));
    for (const [i, plan] of this.plans.entries()) {
      if (plan.length < 2) continue;
      const items = plan.map((amountPence) => ({ title: 'Stage', amountPence, dueDate: '2026-02-01' }));
      assert.deepEqual(planIssues(items, { bookingAmountPence: amounts[i]!, today: '2026-01-01' }), []);
    }
  }

  key = (booking: number, milestone: number) => `${booking}:${milestone % this.plans[booking]!.length}`;

  post(entries: LedgerEntry[]) {
    assert.equal(
      entries.reduce((s, e) => s + e.amountPence, 0),
      0,
    );
    for (const e of entries) {
      assert.notEqual(e.amountPence, 0);
      const code = accountCode(e.account);
      this.balances.set(code, (this.balances.get(code) ?? 0) + e.amountPence);
    }
  }

  balance(code: string) {
    return this.balances.get(code) ?? 0;
  }

  /** Posts a release the rules allowed and adds it to the booking's tradesperson's totals. */
  recordRelease(
    booking: number,
    p: EscrowPayment,
    release: { entries: LedgerEntry[]; releasedPence: number; feePence: number },
  ) {
    this.post(release.entries);
    p.releasedPence += release.releasedPence;
    p.releasedAt = this.now;
    const pro = this.proOf(booking);
    this.released.set(pro, (this.released.get(pro) ?? 0) + release.releasedPence);
    this.fees.set(pro, (this.fees.get(pro) ?? 0) + release.feePence);
  }

  customerOf = (b: number) => CUSTOMERS[b % 2]!;
  proOf = (b: number) => PROS[b % 2]!;

  apply(o: Op) {
    switch (o.op) {
      case 'pay': {
        // The service refuses a paid milestone (or booking), and refunds a second paid checkout at once.
        const key = this.key(o.booking, o.milestone);
        if (this.payments.has(key)) return;
        const plan = this.plans[o.booking]!;
        const amount = plan[o.milestone % plan.length]!;
        this.post(decideCharge(this.customerOf(o.booking), amount));
        this.charges.set(key, (this.charges.get(key) ?? 0) + 1);
        this.payments.set(key, {
          status: 'succeeded',
          amountPence: amount,
          refundedPence: 0,
          releasedPence: 0,
          // A milestone's release date is set when it is marked done.
          heldUntil: plan.length === 1 ? new Date(this.now.getTime() + WINDOW) : null,
          releasedAt: null,
        });
        return;
      }
      case 'done': {
        const p = this.payments.get(this.key(o.booking, o.milestone));
        if (!p || this.plans[o.booking]!.length === 1 || p.heldUntil || this.disputed.has(o.booking)) return;
        p.heldUntil = new Date(this.now.getTime() + WINDOW);
        return;
      }
      case 'resolve': {
        // An admin's decision over everything the booking holds: refunds first, the rest released.
        if (!this.disputed.has(o.booking)) return;
        const held = [...this.payments.entries()]
          .filter(([k, p]) => k.startsWith(`${o.booking}:`) && p.status === 'succeeded' && !p.releasedAt)
          .map(([, p]) => p);
        const total = held.reduce((s, p) => s + (p.amountPence - p.refundedPence - p.releasedPence), 0);
        let toRefund = Math.floor(total * o.refundShare);
        for (const p of held) {
          const left = p.amountPence - p.refundedPence - p.releasedPence;
          const amount = Math.min(toRefund, left);
          if (amount <= 0) continue;
          const d = decideRefund(p, {
            customerId: this.customerOf(o.booking),
            amountPence: amount,
            disputed: false,
          });
          assert.ok(d.ok);
          this.post(d.value.entries);
          p.refundedPence += amount;
          p.status = d.value.status;
          toRefund -= amount;
        }
        assert.equal(toRefund, 0);
        for (const p of held) {
          const d = decideRelease(p, {
            tradespersonId: this.proOf(o.booking),
            disputed: false,
            now: this.now,
            early: true,
          });
          if (!d.ok) continue;
          this.recordRelease(o.booking, p, d.value);
        }
        this.disputed.delete(o.booking);
        this.frozen.delete(o.booking);
        return;
      }
      case 'release': {
        const p = this.payments.get(this.key(o.booking, o.milestone));
        if (!p) return;
        const d = decideRelease(p, {
          tradespersonId: this.proOf(o.booking),
          disputed: this.disputed.has(o.booking),
          now: this.now,
          early: o.early,
        });
        if (!d.ok) {
          if (!o.early && p.heldUntil && p.heldUntil <= this.now && !this.disputed.has(o.booking))
            assert.equal(d.reason, 'not_held');
          return;
        }
        assert.equal(d.value.feePence, platformFeePence(d.value.releasedPence));
        this.recordRelease(o.booking, p, d.value);
        return;
      }
      case 'refund': {
        const p = this.payments.get(this.key(o.booking, o.milestone));
        if (!p) return;
        const d = decideRefund(p, {
          customerId: this.customerOf(o.booking),
          amountPence: o.part ?? undefined,
          disputed: this.disputed.has(o.booking),
        });
        if (!d.ok) return;
        // Only the dispute's resolution moves what a dispute freezes, an admin's refund included.
        assert.ok(!this.disputed.has(o.booking));
        this.post(d.value.entries);
        p.refundedPence += d.value.refundedPence;
        p.status = d.value.status;
        return;
      }
      case 'payout': {
        const pro = PROS[o.pro]!;
        const d = decidePayout(this.balance(`tradesperson_payable:${pro}`), {
          tradespersonId: pro,
          payoutsEnabled: this.payoutsEnabled.has(o.pro),
        });
        if (!d.ok) return;
        this.post(d.value.entries);
        this.lastPayout.set(o.pro, d.value.amountPence);
        return;
      }
      case 'failPayout': {
        // The provider refused the last transfer: it is reversed back to payable.
        const amount = this.lastPayout.get(o.pro);
        if (!amount) return;
        this.post(payoutReversalEntries(PROS[o.pro]!, amount));
        this.lastPayout.delete(o.pro);
        return;
      }
      case 'enablePayouts':
        this.payoutsEnabled.add(o.pro);
        return;
      case 'dispute':
        if (!this.disputed.has(o.booking)) this.frozen.set(o.booking, this.heldOf(o.booking));
        this.disputed.add(o.booking);
        return;
      case 'time':
        this.now = new Date(this.now.getTime() + o.days * DAY);
        return;
    }
  }

  heldOf(booking: number): number {
    return [...this.payments.entries()]
      .filter(([k, p]) => k.startsWith(`${booking}:`) && p.status === 'succeeded' && !p.releasedAt)
      .reduce((s, [, p]) => s + (p.amountPence - p.refundedPence - p.releasedPence), 0);
  }

  checkInvariants() {
    for (const [booking, held] of this.frozen) assert.ok(this.heldOf(booking) >= held);
    assert.ok(this.balance('escrow') >= 0);
    let held = 0;
    for (const p of this.payments.values()) {
      const left = p.amountPence - p.refundedPence - p.releasedPence;
      assert.ok(left >= 0);
      held += p.status === 'succeeded' && !p.releasedAt ? left : 0;
    }
    assert.equal(this.balance('escrow'), held);
    for (const n of this.charges.values()) assert.equal(n, 1);
    // A booking's charges (its milestones' together) never exceed what was agreed.
    for (const [b, amount] of this.amounts.entries()) {
      const charged = [...this.payments.entries()]
        .filter(([k]) => k.startsWith(`${b}:`))
        .reduce((s, [, p]) => s + p.amountPence, 0);
      assert.ok(charged <= amount);
    }
    for (const pro of PROS) {
      const paidOut = this.balance(`payouts:${pro}`);
      const payable = this.balance(`tradesperson_payable:${pro}`);
      assert.ok(paidOut >= 0);
      assert.ok(payable >= 0);
      assert.equal(paidOut + payable, (this.released.get(pro) ?? 0) - (this.fees.get(pro) ?? 0));
    }
    assert.equal(
      this.balance('platform_fees'),
      [...this.fees.values()].reduce((s, f) => s + f, 0),
    );
    // Money is neither made nor lost: everything customers paid is somewhere.
    const total = [...this.balances.values()].reduce((s, v) => s + v, 0);
    assert.equal(total, 0);
  }
}

describe('escrow under random sequences', () => {
  it('keeps the ledger balanced, escrow non-negative, one charge per milestone and payouts = released − fee', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000_00 }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
        fc.array(opArb, { minLength: 1, maxLength: 40 }),
        (amounts, counts, ops) => {
          const model = new Model(amounts, counts);
          for (const o of ops) {
            model.apply(o);
            model.checkInvariants();
          }
        },
      ),
      { numRuns: 10_000 },
    );
  }, 120_000);

  it('releases on schedule only after the window, never while frozen, and takes the fee half-up', () => {
    const p: EscrowPayment = {
      status: 'succeeded',
      amountPence: 1999,
      refundedPence: 0,
      releasedPence: 0,
      heldUntil: new Date('2026-01-08T00:00:00Z'),
      releasedAt: null,
    };
    const ctx = { tradespersonId: 't1', disputed: false, early: false };
    expect(decideRelease(p, { ...ctx, now: new Date('2026-01-07T23:59:59Z') })).toEqual({
      ok: false,
      reason: 'not_due',
    });
    expect(decideRelease(p, { ...ctx, disputed: true, now: new Date('2026-02-01T00:00:00Z') })).toEqual({
      ok: false,
      reason: 'frozen',
    });
    const early = decideRelease(p, { ...ctx, early: true, now: new Date('2026-01-02T00:00:00Z') });
    expect(early.ok && early.value).toMatchObject({ releasedPence: 1999, feePence: 300 });
    const due = decideRelease(
      { ...p, refundedPence: 999 },
      { ...ctx, now: new Date('2026-01-08T00:00:00Z') },
    );
    // £10.00 left after a £9.99 refund: the fee is 15% of what is released.
    expect(due.ok && due.value).toMatchObject({ releasedPence: 1000, feePence: 150 });
  });

  it('refunds at most what is still held', () => {
    const p: EscrowPayment = {
      status: 'succeeded',
      amountPence: 5000,
      refundedPence: 2000,
      releasedPence: 0,
      heldUntil: null,
      releasedAt: null,
    };
    const ctx = { customerId: 'c1', disputed: false };
    expect(decideRefund(p, { ...ctx, amountPence: 3001 })).toEqual({
      ok: false,
      reason: 'too_large',
    });
    const rest = decideRefund(p, ctx);
    expect(rest.ok && rest.value).toMatchObject({ refundedPence: 3000, status: 'refunded' });
    expect(decideRefund({ ...p, releasedAt: new Date(), releasedPence: 3000 }, ctx)).toEqual({
      ok: false,
      reason: 'not_held',
    });
    // Frozen by an open dispute: refused whoever asks (its resolution passes disputed: false).
    expect(decideRefund(p, { ...ctx, disputed: true })).toEqual({ ok: false, reason: 'frozen' });
  });
});
