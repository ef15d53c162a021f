import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  type LineItem,
  LineItemsInput,
  lineNetPence,
  PRICING_LIMITS,
  PRICING_MESSAGES,
  parseQuantity,
  priceLines,
  pricingRefusal,
  VAT_BASIS_POINTS,
  VAT_RATES,
  type VatRate,
} from './pricing';

const line = (over: Partial<LineItem> = {}): LineItem => ({
  kind: 'labour',
  description: 'Work',
  quantityHundredths: 100,
  unitPricePence: 100,
  vatRate: null,
  ...over,
});

const arbitraryLine = (vat: 'none' | 'rated') =>
  fc.record({
    kind: fc.constantFrom('labour' as const, 'materials' as const, 'other' as const),
    description: fc.constant('Item'),
    quantityHundredths: fc.integer({ min: 1, max: PRICING_LIMITS.quantityMaxHundredths }),
    unitPricePence: fc.integer({ min: 1, max: 10_000_000 }),
    vatRate: vat === 'none' ? fc.constant(null) : fc.constantFrom<VatRate>(...VAT_RATES),
  });
const arbitraryLines = fc.oneof(
  fc.array(arbitraryLine('none'), { minLength: 1, maxLength: PRICING_LIMITS.maxLineItems }),
  fc.array(arbitraryLine('rated'), { minLength: 1, maxLength: PRICING_LIMITS.maxLineItems }),
);

describe('pricing a list of lines', () => {
  it('makes the total the subtotal plus the VAT, and the subtotal the sum of the line nets', () => {
    fc.assert(
      fc.property(arbitraryLines, (lines) => {
        const totals = priceLines(lines);
        expect(totals.totalPence).toBe(totals.subtotalPence + totals.vatPence);
        expect(totals.subtotalPence).toBe(totals.lines.reduce((sum, l) => sum + l.netPence, 0));
        expect(totals.vatPence).toBe(totals.vatByRate.reduce((sum, r) => sum + r.vatPence, 0));
      }),
    );
  });

  it("keeps each rate's VAT within half a penny of the exact figure", () => {
    fc.assert(
      fc.property(arbitraryLines, (lines) => {
        for (const rate of priceLines(lines).vatByRate) {
          // Exact VAT = net × bp / 10,000; |rounded − exact| ≤ ½ ⇔ |20,000 × rounded − 2 × net × bp| ≤ 10,000.
          const error = Math.abs(20_000 * rate.vatPence - 2 * rate.netPence * VAT_BASIS_POINTS[rate.rate]);
          expect(error).toBeLessThanOrEqual(10_000);
        }
      }),
    );
  });

  it("keeps each line's net within half a penny of quantity × unit price", () => {
    fc.assert(
      fc.property(arbitraryLine('rated'), (item) => {
        // Exact net = hundredths × price / 100: |200 × net − 2 × hundredths × price| ≤ 100.
        const error = Math.abs(200 * lineNetPence(item) - 2 * item.quantityHundredths * item.unitPricePence);
        expect(error).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('gives the same totals whatever the order of the lines', () => {
    fc.assert(
      fc.property(
        arbitraryLines.chain((lines) =>
          fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
        ),
        ([lines, shuffled]) => {
          const a = priceLines(lines);
          const b = priceLines(shuffled);
          expect([b.subtotalPence, b.vatPence, b.totalPence]).toEqual([
            a.subtotalPence,
            a.vatPence,
            a.totalPence,
          ]);
          expect(b.vatByRate).toEqual(a.vatByRate);
        },
      ),
    );
  });

  it('works known figures out as docs/api/quotes.md does', () => {
    const totals = priceLines([
      line({ kind: 'labour', quantityHundredths: 250, unitPricePence: 4_500, vatRate: 'standard' }),
      line({ kind: 'materials', quantityHundredths: 333, unitPricePence: 1_999, vatRate: 'standard' }),
      line({ kind: 'other', quantityHundredths: 100, unitPricePence: 8_999, vatRate: 'reduced' }),
    ]);
    // 2.5 × £45 = £112.50; 3.33 × £19.99 = £66.5667 → £66.57; 1 × £89.99.
    expect(totals.lines.map((l) => l.netPence)).toEqual([11_250, 6_657, 8_999]);
    expect(totals.subtotalPence).toBe(26_906);
    // 20% of £179.07 = £35.814 → £35.81; 5% of £89.99 = £4.4995 → £4.50.
    expect(totals.vatByRate).toEqual([
      { rate: 'standard', netPence: 17_907, vatPence: 3_581 },
      { rate: 'reduced', netPence: 8_999, vatPence: 450 },
    ]);
    expect(totals.totalPence).toBe(30_937);
  });

  it('gives the figures of the worked example in docs/api/quotes.md', () => {
    const totals = priceLines([
      line({ kind: 'labour', quantityHundredths: 250, unitPricePence: 4_500, vatRate: 'standard' }),
      line({ kind: 'materials', quantityHundredths: 100, unitPricePence: 12_049, vatRate: 'reduced' }),
      line({ kind: 'other', quantityHundredths: 333, unitPricePence: 1_999, vatRate: 'standard' }),
    ]);
    expect(totals).toMatchObject({ subtotalPence: 29_956, vatPence: 4_183, totalPence: 34_139 });
    expect(totals.vatByRate.map((r) => [r.rate, r.vatPence])).toEqual([
      ['standard', 3_581],
      ['reduced', 602],
    ]);
  });

  it('rounds half a penny up', () => {
    // 0.5 × 1p = 0.5p → 1p; 20% of 2p = 0.4p → 0p; 20% of 3p = 0.6p → 1p.
    expect(lineNetPence({ quantityHundredths: 50, unitPricePence: 1 })).toBe(1);
    expect(priceLines([line({ unitPricePence: 2, vatRate: 'standard' })]).vatPence).toBe(0);
    expect(priceLines([line({ unitPricePence: 3, vatRate: 'standard' })]).vatPence).toBe(1);
    // 5% of 10p = 0.5p → 1p.
    expect(priceLines([line({ unitPricePence: 10, vatRate: 'reduced' })]).vatPence).toBe(1);
  });
});

describe('quantities', () => {
  it('round-trips every quantity through its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PRICING_LIMITS.quantityMaxHundredths }), (hundredths) => {
        expect(parseQuantity(formatQuantity(hundredths))).toBe(hundredths);
      }),
    );
  });

  it('reads typed quantities and refuses the rest', () => {
    expect(parseQuantity('2.5')).toBe(250);
    expect(parseQuantity(' 3 ')).toBe(300);
    expect(parseQuantity(0.25)).toBe(25);
    expect(formatQuantity(250)).toBe('2.5');
    expect(formatQuantity(205)).toBe('2.05');
    for (const bad of ['0', '-1', '1.234', 'two', '', '1e3', Number.NaN])
      expect(parseQuantity(bad)).toBeNull();
  });
});

describe('who may charge what', () => {
  const priced = (vatRate: VatRate | null) => priceLines([line({ vatRate })]);

  it('refuses VAT from a tradesperson without a VAT number, and a line without a rate from one with', () => {
    expect(pricingRefusal(priced('standard'), { vatRegistered: false })).toBe(
      PRICING_MESSAGES.vatNotRegistered,
    );
    expect(pricingRefusal(priced(null), { vatRegistered: true })).toBe(PRICING_MESSAGES.vatRate);
    expect(pricingRefusal(priced('zero'), { vatRegistered: true })).toBeNull();
    expect(pricingRefusal(priced(null), { vatRegistered: false })).toBeNull();
  });

  it('refuses a total over £1,000,000', () => {
    const big = priceLines([line({ quantityHundredths: 200, unitPricePence: 60_000_000 })]);
    expect(pricingRefusal(big, { vatRegistered: false })).toBe(PRICING_MESSAGES.totalTooLarge);
  });

  it('reads a form line with the messages it shows', () => {
    const parsed = LineItemsInput.safeParse([
      { kind: 'labour', description: ' ', quantity: '1.234', unitPrice: 'abc' },
    ]);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.description', PRICING_MESSAGES.descriptionRequired],
    ]);
    const second = LineItemsInput.safeParse([
      { kind: 'labour', description: 'x', quantity: '1.234', unitPrice: 'abc' },
    ]);
    expect(second.success ? [] : second.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.quantity', PRICING_MESSAGES.quantityInvalid],
      ['0.unitPrice', PRICING_MESSAGES.unitPriceInvalid],
    ]);
  });
});
