import { describe, expect, it } from 'vitest';
import { jobsAvailableText } from '@/features/marketplace/find-jobs/find-jobs';
import { countOf } from './format';

describe('counts', () => {
  it('put the noun in the singular for one only', () => {
    expect(countOf(0, 'quote')).toBe('0 quotes');
    expect(countOf(1, 'quote')).toBe('1 quote');
    expect(countOf(2, 'saved professional')).toBe('2 saved professionals');
    expect(jobsAvailableText(1)).toBe('1 job available');
    expect(jobsAvailableText(5)).toBe('5 jobs available');
  });
});
