import { describe, expect, it } from 'vitest';
import { CHANGE_REFUSALS, moreThanHeld, noMilestoneAbsorbs } from './messages';
import { decideSettlement, moneyRefusal } from './settlement';

const up = (amountPence: number) => ({ direction: 'increase' as const, amountPence });
const down = (amountPence: number) => ({ direction: 'decrease' as const, amountPence });

describe('the settlement of an accepted change', () => {
  it('changes the booking amount when nothing has been paid yet', () => {
    expect(decideSettlement(up(5_000), 20_000, { mode: 'unpaid' })).toEqual({
      ok: true,
      settlement: 'booking_amount',
      amountAfter: 25_000,
    });
    expect(decideSettlement(down(5_000), 20_000, { mode: 'unpaid' })).toMatchObject({ amountAfter: 15_000 });
  });

  it('refuses a decrease that brings the agreed amount to £0 or below', () => {
    expect(decideSettlement(down(20_000), 20_000, { mode: 'unpaid' })).toEqual({
      ok: false,
      reason: CHANGE_REFUSALS.toZero,
    });
    expect(decideSettlement(down(19_999), 20_000, { mode: 'unpaid' }).ok).toBe(true);
  });

  it('takes an increase on a booking paid in one as a payment, a decrease as a refund of what is held', () => {
    const held = { mode: 'paid_in_one' as const, heldPence: 15_000, released: false };
    expect(decideSettlement(up(100), 20_000, held)).toMatchObject({
      settlement: 'payment',
      amountAfter: 20_100,
    });
    expect(decideSettlement(down(15_000), 20_000, held)).toMatchObject({
      settlement: 'refund',
      amountAfter: 5_000,
    });
    expect(decideSettlement(down(15_001), 20_000, held)).toEqual({ ok: false, reason: moreThanHeld(15_000) });
  });

  it('refuses any change once the money was released', () => {
    const released = { mode: 'paid_in_one' as const, heldPence: 0, released: true };
    expect(moneyRefusal(released)).toBe(CHANGE_REFUSALS.released);
    expect(decideSettlement(up(100), 20_000, released)).toEqual({
      ok: false,
      reason: CHANGE_REFUSALS.released,
    });
    expect(moneyRefusal({ mode: 'milestones', allPaid: true, unpaid: [] })).toBe(
      CHANGE_REFUSALS.allMilestonesPaid,
    );
  });

  it('adds an increase to a milestone plan and takes a decrease off the last unpaid milestone that stays above £0', () => {
    const plan = {
      mode: 'milestones' as const,
      allPaid: false,
      unpaid: [
        { id: 'a', amountPence: 9_000 },
        { id: 'b', amountPence: 3_000 },
      ],
    };
    expect(decideSettlement(up(2_000), 12_000, plan)).toMatchObject({ settlement: 'milestone_added' });
    expect(decideSettlement(down(2_999), 12_000, plan)).toMatchObject({ milestoneId: 'b' });
    expect(decideSettlement(down(3_000), 12_000, plan)).toMatchObject({ milestoneId: 'a' });
    expect(decideSettlement(down(9_000), 12_000, plan)).toEqual({
      ok: false,
      reason: noMilestoneAbsorbs(9_000),
    });
    expect(decideSettlement(down(1), 12_000, { ...plan, unpaid: [] })).toEqual({
      ok: false,
      reason: noMilestoneAbsorbs(null),
    });
  });
});
