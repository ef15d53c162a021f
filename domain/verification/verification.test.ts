import { describe, expect, it } from 'vitest';
import { daysBetween, isVerified, missingForVerification, reminderDue } from './verification';

const today = '2026-11-23';

describe('the verification rule (DOMAIN-RULES 10)', () => {
  const id = { kind: 'photo_id', status: 'approved', expiresOn: null } as const;
  const insurance = (expiresOn: string, status: 'approved' | 'pending' | 'expired' = 'approved') =>
    ({ kind: 'insurance', status, expiresOn }) as const;

  it('needs an approved ID and an approved insurance valid today', () => {
    expect(missingForVerification([], today)).toEqual(['photo_id', 'insurance']);
    expect(missingForVerification([id], today)).toEqual(['insurance']);
    expect(missingForVerification([insurance('2027-01-01')], today)).toEqual(['photo_id']);
    expect(isVerified([id, insurance('2027-01-01')], today)).toBe(true);
    // Valid on its last day, not the day after.
    expect(isVerified([id, insurance(today)], today)).toBe(true);
    expect(isVerified([id, insurance('2026-11-22')], today)).toBe(false);
    expect(isVerified([id, insurance('2027-01-01', 'pending')], today)).toBe(false);
    expect(isVerified([id, insurance('2027-01-01', 'expired')], today)).toBe(false);
    expect(isVerified([{ ...id, status: 'rejected' }, insurance('2027-01-01')], today)).toBe(false);
    // Any one insurance in force is enough.
    expect(isVerified([id, insurance('2026-01-01', 'expired'), insurance('2027-06-01')], today)).toBe(true);
  });
});

describe('insurance reminders', () => {
  const on = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('sends the 30-day reminder, then the 7-day one, each once', () => {
    expect(reminderDue(on(31), today, null)).toBeNull();
    expect(reminderDue(on(30), today, null)).toBe(30);
    expect(reminderDue(on(20), today, 30)).toBeNull();
    expect(reminderDue(on(7), today, 30)).toBe(7);
    expect(reminderDue(on(3), today, 7)).toBeNull();
  });

  it('sends only the nearest reminder to a document approved late, and none once expired', () => {
    expect(reminderDue(on(5), today, null)).toBe(7);
    expect(reminderDue(on(0), today, null)).toBe(7);
    expect(reminderDue(on(-1), today, null)).toBeNull();
  });

  it('counts whole days across the clock change', () => {
    expect(daysBetween('2026-10-20', '2026-10-27')).toBe(7);
    expect(daysBetween('2027-03-25', '2027-04-01')).toBe(7);
  });
});
