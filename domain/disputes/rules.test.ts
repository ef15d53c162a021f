import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformFeePence, refundEntries, releaseEntries } from '../payments/ledger';
import { DISPUTE_MESSAGES } from './messages';
import {
  canRaiseDispute,
  canRespond,
  decideSplit,
  disputeTimeline,
  responseDueAt,
  splitRefusal,
} from './rules';

describe('who may raise a dispute', () => {
  it('allows work in progress, a booking waiting for payment, and money still held; nothing else', () => {
    expect(canRaiseDispute({ status: 'confirmed', depositPaid: false, moneyHeld: false })).toBe(true);
    expect(canRaiseDispute({ status: 'completed', depositPaid: false, moneyHeld: false })).toBe(true);
    expect(canRaiseDispute({ status: 'completed', depositPaid: true, moneyHeld: true })).toBe(true);
    expect(canRaiseDispute({ status: 'completed', depositPaid: true, moneyHeld: false })).toBe(false);
    for (const status of ['pending', 'cancelled', 'disputed'] as const)
      expect(canRaiseDispute({ status, depositPaid: true, moneyHeld: true })).toBe(false);
  });

  it('takes responses until review starts', () => {
    expect([canRespond('open'), canRespond('awaiting_response')]).toEqual([true, true]);
    expect([canRespond('under_review'), canRespond('resolved')]).toEqual([false, false]);
  });

  it('gives the respondent 7 days from when they were told, to the millisecond', () => {
    expect(responseDueAt(new Date('2026-10-20T10:00:00Z')).toISOString()).toBe('2026-10-27T10:00:00.000Z');
  });
});

describe('where the held money goes', () => {
  const held = fc.integer({ min: 2, max: 10_000_000 });

  it('accepts exactly the splits whose two parts, both above nothing, add up to what is held', () => {
    fc.assert(
      fc.property(
        held,
        fc.integer({ min: -5, max: 10_000_005 }),
        fc.integer({ min: -5, max: 10_000_005 }),
        (h, refund, release) => {
          const decision = decideSplit(
            { resolution: 'split', refundPence: refund, releasePence: release },
            h,
          );
          const fits = refund > 0 && release > 0 && refund + release === h;
          expect(decision.ok).toBe(fits);
          if (decision.ok) expect(decision.refundPence + decision.releasePence).toBe(h);
        },
      ),
    );
  });

  it('moves everything one way for a full refund or release, and posts balanced ledger entries', () => {
    fc.assert(
      fc.property(held, fc.integer({ min: 1, max: 10_000_000 }), (h, cut) => {
        const refund = Math.min(cut, h - 1);
        for (const input of [
          { resolution: 'refund_customer' as const },
          { resolution: 'release_to_tradesperson' as const },
          { resolution: 'split' as const, refundPence: refund, releasePence: h - refund },
        ]) {
          const decision = decideSplit(input, h);
          if (!decision.ok) throw new Error(`refused ${JSON.stringify(input)} of ${h}`);
          expect(decision.refundPence + decision.releasePence).toBe(h);
          // What the resolution posts: each transaction balances, escrow gives up exactly what it held,
          // and the fee is taken from the released part only.
          const entries = [
            ...(decision.refundPence > 0 ? refundEntries('customer', decision.refundPence) : []),
            ...(decision.releasePence > 0 ? releaseEntries('tradesperson', decision.releasePence) : []),
          ];
          expect(entries.reduce((sum, e) => sum + e.amountPence, 0)).toBe(0);
          const escrow = entries
            .filter((e) => e.account.kind === 'escrow')
            .reduce((sum, e) => sum + e.amountPence, 0);
          expect(escrow).toBe(-h);
          const fee = entries
            .filter((e) => e.account.kind === 'platform_fees')
            .reduce((sum, e) => sum + e.amountPence, 0);
          expect(fee).toBe(decision.releasePence > 0 ? platformFeePence(decision.releasePence) : 0);
        }
      }),
    );
  });

  it('closes with a note only when nothing is held, and needs money for the other three', () => {
    expect(decideSplit({ resolution: 'no_money_held' }, 0)).toEqual({
      ok: true,
      refundPence: 0,
      releasePence: 0,
    });
    expect(decideSplit({ resolution: 'no_money_held' }, 100)).toEqual({ ok: false, reason: 'money_held' });
    for (const resolution of ['refund_customer', 'release_to_tradesperson', 'split'] as const)
      expect(decideSplit({ resolution, refundPence: 1, releasePence: 1 }, 0)).toEqual({
        ok: false,
        reason: 'nothing_held',
      });
  });

  it.each([
    [
      { resolution: 'split' as const, refundPence: 100, releasePence: 200 },
      400,
      DISPUTE_MESSAGES.splitMustAddUp,
    ],
    [{ resolution: 'split' as const, refundPence: 400 }, 400, DISPUTE_MESSAGES.splitNeedsBoth],
    [{ resolution: 'refund_customer' as const }, 0, DISPUTE_MESSAGES.nothingHeld],
    [{ resolution: 'no_money_held' as const }, 400, DISPUTE_MESSAGES.moneyHeld],
    [{ resolution: 'split' as const, refundPence: 100, releasePence: 300 }, 400, null],
    [{ resolution: 'no_money_held' as const }, 0, null],
  ])('says why it refuses %o of %i held in the server’s words (splitRefusal)', (input, held, message) => {
    expect(splitRefusal(input, held)).toBe(message);
  });
});

describe('the status timeline', () => {
  it('lists the four steps in order, each with when it was reached', () => {
    const steps = disputeTimeline({
      createdAt: '2026-11-01T09:00:00.000Z',
      notifiedAt: '2026-11-01T09:02:00.000Z',
      responseDueAt: '2026-11-08T09:02:00.000Z',
      reviewStartedAt: null,
      resolvedAt: null,
    });
    expect(steps.map((s) => [s.status, s.at])).toEqual([
      ['open', '2026-11-01T09:00:00.000Z'],
      ['awaiting_response', '2026-11-01T09:02:00.000Z'],
      ['under_review', null],
      ['resolved', null],
    ]);
    expect(steps[1]!.dueAt).toBe('2026-11-08T09:02:00.000Z');
  });
});
