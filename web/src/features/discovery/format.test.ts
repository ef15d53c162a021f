import { describe, expect, it } from 'vitest';
import { postcodeLike, professionalsFoundText, rateText, tradespersonName } from './format';

describe('rateText', () => {
  it("shows a range of whole pounds as '£min-max'", () => {
    expect(rateText(25, 45)).toBe('£25-45');
  });

  it("says 'Rate on request' without a rate", () => {
    expect(rateText(null, null)).toBe('Rate on request');
  });

  it('shows a single bound on its own', () => {
    expect(rateText(30, null)).toBe('£30');
    expect(rateText(null, 60)).toBe('£60');
  });

  it('never shows pence', () => {
    expect(rateText(24.6, 45.2)).toBe('£25-45');
  });
});

describe('the discovery texts', () => {
  it('counts professionals, one in the singular (the spec’s "professional(s)" stands for this)', () => {
    expect(professionalsFoundText(0)).toBe('0 professionals found');
    expect(professionalsFoundText(1)).toBe('1 professional found');
    expect(professionalsFoundText(12)).toBe('12 professionals found');
  });

  it('falls back to "Tradesperson" without a name', () => {
    expect(tradespersonName({ fullName: null })).toBe('Tradesperson');
    expect(tradespersonName({ fullName: ' Tom Pipes ' })).toBe('Tom Pipes');
  });
});

describe('postcodeLike', () => {
  it.each([
    ['ls1 4ap', 'LS1 4AP'],
    ['SW1A1AA', 'SW1A 1AA'],
    [' m1  1ae ', 'M1 1AE'],
    ['ls1', 'LS1'],
    ['SW1A', 'SW1A'],
  ])('reads %j as the postcode %j', (typed, postcode) => {
    expect(postcodeLike(typed)).toBe(postcode);
  });

  it.each(['Leeds', 'London', '', '12345', 'LS1 4A'])('does not take %j for a postcode', (typed) => {
    expect(postcodeLike(typed)).toBeNull();
  });
});
