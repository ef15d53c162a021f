import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, bookingStatus, disputeStatus, jobStatus, quoteStatus, statusOf } from './statuses';

describe('statusOf', () => {
  it('passes a value the list allows through, typed as the list', () => {
    expect(statusOf(BOOKING_STATUSES, 'disputed')).toBe('disputed');
    expect(jobStatus('in_progress')).toBe('in_progress');
    expect(quoteStatus('withdrawn')).toBe('withdrawn');
    expect(bookingStatus('completed')).toBe('completed');
    expect(disputeStatus('under_review')).toBe('under_review');
  });

  it('throws on a value the column could not hold, rather than passing on a wrong type', () => {
    expect(() => jobStatus('disputed')).toThrow("unknown status 'disputed'");
    expect(() => statusOf(['pending', 'confirmed'] as const, 'cancelled')).toThrow(
      'expected pending, confirmed',
    );
  });
});
