import { describe, expect, it } from 'vitest';
import { CUSTOMER_DISPUTE_REASONS, DISPUTE_MESSAGES, TRADESPERSON_DISPUTE_REASONS } from './messages';

// The spec's words (sections 5 and 8), written out here rather than read from the constants they check.
describe("the dispute texts are the spec's, word for word", () => {
  it('has the validation, success and failure messages', () => {
    expect(DISPUTE_MESSAGES.reasonRequired).toBe('Please select a reason');
    expect(DISPUTE_MESSAGES.descriptionTooShort).toBe('Description must be at least 20 characters');
    expect(DISPUTE_MESSAGES.descriptionTooLong).toBe('Description must be less than 1000 characters');
    expect(DISPUTE_MESSAGES.signInRequired).toBe('You must be logged in');
    expect(DISPUTE_MESSAGES.raised).toBe('Dispute Raised');
    expect(DISPUTE_MESSAGES.failed).toBe('Failed to raise dispute');
  });

  it("has each side's reasons", () => {
    expect(CUSTOMER_DISPUTE_REASONS).toEqual([
      'Work not completed as agreed',
      'Poor quality of work',
      'Tradesperson not responsive',
      'Safety concerns',
      'Other',
    ]);
    expect(TRADESPERSON_DISPUTE_REASONS).toEqual([
      'Payment issue',
      'Customer not cooperative',
      'Scope creep without compensation',
      'Unsafe working conditions',
      'Other',
    ]);
  });
});
