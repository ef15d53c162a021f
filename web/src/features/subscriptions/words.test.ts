import { describe, expect, it } from 'vitest';
import { bookedVisit, makePlan, makeVisit, proposedPlan, requestedPlan } from './test-fixtures';
import { groupOf, moneyWords, pauseWords, statusWords, visitWords } from './words';

describe('a plan in words', () => {
  it('groups by who the plan waits for, then by state', () => {
    expect(groupOf(requestedPlan({ role: 'tradesperson' }))).toBe('yours');
    expect(groupOf(requestedPlan())).toBe('theirs');
    expect(groupOf(proposedPlan())).toBe('yours');
    expect(groupOf(proposedPlan({ role: 'tradesperson' }))).toBe('theirs');
    expect(groupOf(makePlan())).toBe('active');
    expect(groupOf(makePlan({ role: 'tradesperson', pendingPricePence: 4_000 }))).toBe('active');
    expect(groupOf(makePlan({ pendingPricePence: 4_000 }))).toBe('yours');
    expect(groupOf(makePlan({ status: 'declined' }))).toBe('ended');
    // A cancelled visit's failed charge is nothing to pay.
    const cancelled = bookedVisit({ state: 'failed' }, { status: 'cancelled' });
    expect(groupOf(makePlan({ status: 'paused', pauseReason: 'payment_failed', visits: [cancelled] }))).toBe(
      'paused',
    );
  });

  it('says the status and why it is paused from the viewer’s side', () => {
    expect(statusWords(proposedPlan({ role: 'tradesperson' }))).toBe('Proposed: waiting for the customer');
    expect(pauseWords(makePlan({ status: 'paused', pauseReason: 'tradesperson' }))).toBe(
      "Paused by Tom's Gardens.",
    );
    expect(pauseWords(makePlan({ status: 'paused', pauseReason: 'customer', role: 'tradesperson' }))).toBe(
      'Paused by Ann Smith.',
    );
    expect(pauseWords(makePlan())).toBeNull();
  });

  it('says where a visit’s money is, for each side', () => {
    const held = bookedVisit({ state: 'requires_action' });
    expect(moneyWords(held, 'customer')).toBe('Needs your authentication');
    expect(moneyWords(held, 'tradesperson')).toBe('Waiting for the customer to authenticate');
    expect(moneyWords(bookedVisit({ state: 'failed', nextAttemptAt: null }), 'customer')).toBe(
      'Payment failed — not retried',
    );
    expect(moneyWords(bookedVisit({ state: 'held', heldUntil: null }), 'customer')).toBe(
      'Held in escrow until the visit is done',
    );
    expect(moneyWords(makeVisit({}, { chargeDueOn: '2020-01-01' }), 'customer')).toBe(
      'Due — charged shortly',
    );
    expect(visitWords(makeVisit({ status: 'cancelled' }))).toBe('Cancelled');
    expect(visitWords(bookedVisit({}, { bookingStatus: 'disputed' }))).toBe('Disputed');
  });
});
