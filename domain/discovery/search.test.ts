import { describe, expect, it } from 'vitest';
import { looksLikePostcode, shortName, tradesForCategory } from './search';

describe('tradesForCategory', () => {
  it('maps browse category ids and job categories onto trades, without regard to case', () => {
    expect(tradesForCategory('electrical')).toEqual(['Electrician']);
    expect(tradesForCategory('Plumbing')).toEqual(['Plumber', 'Gas Engineer', 'Heating Engineer']);
    expect(tradesForCategory('Flooring')).toEqual(['Carpenter', 'Builder']);
    expect(tradesForCategory(' GARDEN ')).toEqual(['Landscaper']);
  });

  it('answers empty for a category no trade serves, null for an unknown one', () => {
    expect(tradesForCategory('auto')).toEqual([]);
    expect(tradesForCategory('Cleaning')).toEqual([]);
    expect(tradesForCategory('spaceships')).toBeNull();
  });
});

describe('looksLikePostcode', () => {
  it('tells a mistyped postcode from a place name by its digits', () => {
    expect(looksLikePostcode('LS1 4APX')).toBe(true);
    expect(looksLikePostcode('Leeds')).toBe(false);
    expect(looksLikePostcode('Newcastle upon Tyne')).toBe(false);
  });
});

describe('shortName', () => {
  it('keeps the first name and the initial of the last', () => {
    expect(shortName('Ann Smith')).toBe('Ann S.');
    expect(shortName('  Cara de la Cruz ')).toBe('Cara C.');
    expect(shortName('Bob')).toBe('Bob');
    expect(shortName('ann smith')).toBe('ann S.');
  });
});
