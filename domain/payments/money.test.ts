import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetText, formatPence, parsePoundsToPence, platformFeePence, rateText } from './money';

describe('parsing pounds', () => {
  it.each([
    ['£19.99', 1999],
    ['19.99', 1999],
    ['19.9', 1990],
    ['19', 1900],
    [' £ 20 ', 2000],
    ['1,250.50', 125050],
    ['0.01', 1],
    ['0', 0],
    ['1000000', 100000000],
  ])('reads %s as %i pence', (input, pence) => {
    expect(parsePoundsToPence(input)).toEqual({ ok: true, pence });
  });

  it.each(['19.999', '-5', 'abc', '', '£', '1,25', '12.', '.5', '1e3', 'NaN'])('refuses %j', (input) => {
    expect(parsePoundsToPence(input)).toEqual({ ok: false });
  });

  it('never loses a penny to floating point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (pence) => {
        const text = `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
        expect(parsePoundsToPence(text)).toEqual({ ok: true, pence });
        expect(parsePoundsToPence(formatPence(pence))).toEqual({ ok: true, pence });
      }),
    );
  });
});

describe('showing money', () => {
  it('formats with two decimals or whole pounds', () => {
    expect(formatPence(1999)).toBe('£19.99');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(1999, 0)).toBe('£20');
  });

  it.each([
    [0, 2, '£0.00'],
    [0, 0, '£0'],
    [-0, 2, '£0.00'],
    [-1999, 2, '-£19.99'],
    [-5, 2, '-£0.05'],
    [-1999, 0, '-£20'],
    [-150, 0, '-£2'],
    [150, 0, '£2'],
    [149, 0, '£1'],
    [123456789, 0, '£1,234,568'],
    [100000, 0, '£1,000'],
    [999999999999, 2, '£9,999,999,999.99'],
    [123456789012345, 2, '£1,234,567,890,123.45'],
    [123456789012345, 0, '£1,234,567,890,123'],
  ] as const)('writes %i pence with %i decimals as %s', (pence, decimals, text) => {
    expect(formatPence(pence, decimals)).toBe(text);
  });

  it("writes the spec's budget texts", () => {
    expect(budgetText(10000, 50000, 'Budget TBD')).toBe('£100-£500');
    expect(budgetText(10000, null, 'Budget TBD')).toBe('From £100');
    expect(budgetText(null, 50000, 'Budget TBD')).toBe('Up to £500');
    expect(budgetText(null, null, 'Budget TBD')).toBe('Budget TBD');
    expect(budgetText(null, null, 'Budget not specified')).toBe('Budget not specified');
  });

  it("writes the spec's rate texts", () => {
    expect(rateText(35, 55)).toBe('£35-55');
    expect(rateText(null, null)).toBe('Rate on request');
  });

  it('takes a 15% fee rounded half up to the penny', () => {
    expect(platformFeePence(10000)).toBe(1500);
    expect(platformFeePence(1999)).toBe(300); // 299.85 → 300
    expect(platformFeePence(1)).toBe(0); // 0.15 → 0
    expect(platformFeePence(10)).toBe(2); // 1.5 → 2
  });
});
