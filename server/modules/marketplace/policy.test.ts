import { describe, expect, it } from 'vitest';
import { jobRelation, quoteRefusal, seesFullPostcode } from './policy';

const customer = { id: 'c1', userType: 'customer' as const, isAdmin: false };
const other = { id: 'c2', userType: 'customer' as const, isAdmin: false };
const pro = { id: 't1', userType: 'tradesperson' as const, isAdmin: false };
const admin = { id: 'a1', userType: 'customer' as const, isAdmin: true };
const open = { customerId: 'c1', status: 'open', liveQuoteCount: 0 };
const noLink = { hasQuoted: false, isBooked: false };

describe('job visibility', () => {
  it('shows a job to its owner and admins, never to other customers', () => {
    expect(jobRelation(customer, open, noLink)).toBe('owner');
    expect(jobRelation(admin, open, noLink)).toBe('admin');
    expect(jobRelation(other, open, noLink)).toBeNull();
  });

  it('shows tradespeople open jobs, and others only when they quoted or are booked', () => {
    expect(jobRelation(pro, open, noLink)).toBe('tradesperson');
    const booked = { ...open, status: 'in_progress' };
    expect(jobRelation(pro, booked, noLink)).toBeNull();
    expect(jobRelation(pro, booked, { hasQuoted: true, isBooked: false })).toBe('tradesperson');
    expect(jobRelation(pro, booked, { hasQuoted: true, isBooked: true })).toBe('tradesperson');
  });

  it('gives the full postcode only to the owner, admins and the booked tradesperson', () => {
    expect(seesFullPostcode('owner', noLink)).toBe(true);
    expect(seesFullPostcode('admin', noLink)).toBe(true);
    expect(seesFullPostcode('tradesperson', { hasQuoted: true, isBooked: false })).toBe(false);
    expect(seesFullPostcode('tradesperson', { hasQuoted: true, isBooked: true })).toBe(true);
  });
});

describe('quote eligibility', () => {
  const facts = { trade: 'Plumber', hasQuoted: false };
  it('lets a tradesperson with a trade quote on an open job with room', () => {
    expect(quoteRefusal(pro, open, facts)).toBeNull();
  });
  it.each([
    [customer, open, facts, 'only_tradespeople'],
    [pro, { ...open, customerId: 't1' }, facts, 'own_job'],
    [pro, { ...open, status: 'in_progress' }, facts, 'not_open'],
    [pro, open, { ...facts, hasQuoted: true }, 'already_quoted'],
    [pro, { ...open, liveQuoteCount: 3 }, facts, 'quote_limit'],
    [pro, open, { ...facts, trade: null }, 'needs_trade'],
  ] as const)('refuses with %#: %s', (viewer, job, f, code) => {
    expect(quoteRefusal(viewer, job, f)?.code).toBe(code);
  });
});
