import { z } from 'zod';
import { LIMITS } from '../catalog/catalog';
import { parsePoundsToPence } from '../payments/money';

// Itemised prices: the line items of a quote or of a change to a booking, their VAT and their totals,
// computed in whole pence by the same code on the server (which stores the result) and in the browser
// (which shows it while the tradesperson types). docs/api/quotes.md describes the rounding.
//
// Rounding, once per step and always half up to the penny (0.5p goes up):
//   1. each line's net = quantity × unit price, rounded (a quantity has at most 2 decimals);
//   2. VAT per rate = the sum of that rate's line nets × the rate, rounded, once per rate
//      (HMRC allows VAT to be worked out on the invoice total of each rate, rounded to the nearest penny);
//   3. total = the sum of the line nets + the sum of the VAT per rate (no further rounding).
// Because the VAT is rounded per rate and not per line, the VAT never drifts by more than half a
// penny from the exact figure for each rate.

export const LINE_ITEM_KINDS = ['labour', 'materials', 'other'] as const;
export type LineItemKind = (typeof LINE_ITEM_KINDS)[number];

export const LINE_ITEM_KIND_LABELS: Record<LineItemKind, string> = {
  labour: 'Labour',
  materials: 'Materials',
  other: 'Other',
};

/** UK VAT rates in basis points: standard 20%, reduced 5% (eligible energy-saving work), zero 0%. */
export const VAT_RATES = ['standard', 'reduced', 'zero'] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const VAT_BASIS_POINTS: Record<VatRate, number> = { standard: 2000, reduced: 500, zero: 0 };
export const VAT_RATE_LABELS: Record<VatRate, string> = {
  standard: '20% (standard)',
  reduced: '5% (energy-saving)',
  zero: '0%',
};

export const PRICING_LIMITS = {
  maxLineItems: 30,
  descriptionMax: 200,
  /** A quantity has at most 2 decimals and is at most 10,000 (hours, metres, items). */
  quantityMaxHundredths: 1_000_000,
  /** A unit price is at most the largest quote. */
  unitPriceMaxPence: LIMITS.quoteMaxPence,
} as const;

export const PRICING_MESSAGES = {
  itemsRequired: 'Add at least one item',
  tooManyItems: `A price can have at most ${PRICING_LIMITS.maxLineItems} items`,
  kind: 'Choose labour, materials or other',
  descriptionRequired: 'Describe the item',
  descriptionLong: `Item descriptions must be at most ${PRICING_LIMITS.descriptionMax} characters`,
  quantityInvalid: 'Enter a quantity more than 0 with at most 2 decimals, like 1 or 2.5',
  quantityTooLarge: 'A quantity must be at most 10,000',
  unitPriceInvalid: 'Enter a unit price in pounds, like 45 or 12.50',
  unitPriceTooLarge: 'A unit price must be at most £1,000,000',
  vatRate: 'Choose a VAT rate',
  vatNotRegistered: 'Add your VAT number to your profile before charging VAT',
  totalPositive: 'The total must be more than £0',
  totalTooLarge: 'The total must be at most £1,000,000',
} as const;

/** One line as stored and shown: quantity in hundredths (250 = 2.5), money in pence. */
export interface LineItem {
  kind: LineItemKind;
  description: string;
  quantityHundredths: number;
  unitPricePence: number;
  /** Null when the tradesperson is not VAT registered. */
  vatRate: VatRate | null;
}

export interface PricedLine extends LineItem {
  netPence: number;
}

export interface PriceTotals {
  lines: PricedLine[];
  /** The sum of the line nets, before VAT. */
  subtotalPence: number;
  /** VAT per rate used (only rates that appear), each rounded once. */
  vatByRate: { rate: VatRate; netPence: number; vatPence: number }[];
  vatPence: number;
  /** What the customer pays: subtotal + VAT. A quote's `amount`. */
  totalPence: number;
}

/** x / d rounded half up, for x ≥ 0 and d > 0, in integers (no floating point). */
export function divideHalfUp(x: number, d: number): number {
  return Math.floor((2 * x + d) / (2 * d));
}

export function lineNetPence(line: Pick<LineItem, 'quantityHundredths' | 'unitPricePence'>): number {
  return divideHalfUp(line.quantityHundredths * line.unitPricePence, 100);
}

export function vatOn(netPence: number, rate: VatRate): number {
  return divideHalfUp(netPence * VAT_BASIS_POINTS[rate], 10_000);
}

/** The totals of a list of lines (already validated), by the rounding rules at the top of this file. */
export function priceLines(items: readonly LineItem[]): PriceTotals {
  const lines = items.map((line) => ({ ...line, netPence: lineNetPence(line) }));
  const subtotalPence = lines.reduce((sum, line) => sum + line.netPence, 0);
  const vatByRate = VAT_RATES.flatMap((rate) => {
    const ofRate = lines.filter((line) => line.vatRate === rate);
    if (ofRate.length === 0) return [];
    const netPence = ofRate.reduce((sum, line) => sum + line.netPence, 0);
    return [{ rate, netPence, vatPence: vatOn(netPence, rate) }];
  });
  const vatPence = vatByRate.reduce((sum, r) => sum + r.vatPence, 0);
  return { lines, subtotalPence, vatByRate, vatPence, totalPence: subtotalPence + vatPence };
}

const QUANTITY = /^(\d{1,5})(?:\.(\d{1,2}))?$/;

/** '2.5' or 2.5 to 250 hundredths; null for anything that is not a positive number with ≤ 2 decimals. */
export function parseQuantity(input: string | number): number | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = QUANTITY.exec(text);
  if (!match) return null;
  const hundredths =
    Number.parseInt(match[1]!, 10) * 100 + Number.parseInt((match[2] ?? '0').padEnd(2, '0'), 10);
  return hundredths > 0 ? hundredths : null;
}

/** 250 hundredths to '2.5'. */
export function formatQuantity(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  if (fraction === 0) return String(whole);
  return `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

// ---- The request shape, shared by quotes and changes ----

/** One line as a form or an API client sends it: quantity and unit price as typed, or numbers. */
export const LineItemInput = z
  .object({
    kind: z.enum(LINE_ITEM_KINDS, { error: PRICING_MESSAGES.kind }),
    description: z
      .string({ error: PRICING_MESSAGES.descriptionRequired })
      .trim()
      .min(1, PRICING_MESSAGES.descriptionRequired)
      .max(PRICING_LIMITS.descriptionMax, PRICING_MESSAGES.descriptionLong),
    quantity: z.union([z.string().max(LIMITS.formValueMax), z.number()], {
      error: PRICING_MESSAGES.quantityInvalid,
    }),
    unitPrice: z.union([z.string().max(LIMITS.formValueMax), z.number()], {
      error: PRICING_MESSAGES.unitPriceInvalid,
    }),
    /** Null or absent when the tradesperson is not VAT registered. */
    vatRate: z.enum(VAT_RATES, { error: PRICING_MESSAGES.vatRate }).nullish(),
  })
  .transform((input, ctx): LineItem => {
    const quantityHundredths = parseQuantity(input.quantity);
    if (quantityHundredths === null) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: PRICING_MESSAGES.quantityInvalid });
    } else if (quantityHundredths > PRICING_LIMITS.quantityMaxHundredths) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: PRICING_MESSAGES.quantityTooLarge });
    }
    const price = parsePoundsToPence(input.unitPrice);
    if (!price.ok || price.pence <= 0) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: PRICING_MESSAGES.unitPriceInvalid });
    } else if (price.pence > PRICING_LIMITS.unitPriceMaxPence) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: PRICING_MESSAGES.unitPriceTooLarge });
    }
    if (quantityHundredths === null || !price.ok) return z.NEVER;
    return {
      kind: input.kind,
      description: input.description,
      quantityHundredths,
      unitPricePence: price.pence,
      vatRate: input.vatRate ?? null,
    };
  });
export type LineItemInput = z.input<typeof LineItemInput>;

export const LineItemsInput = z
  .array(LineItemInput, { error: PRICING_MESSAGES.itemsRequired })
  .min(1, PRICING_MESSAGES.itemsRequired)
  .max(PRICING_LIMITS.maxLineItems, PRICING_MESSAGES.tooManyItems);

/**
 * What is wrong with a priced list for this tradesperson (VAT without a VAT number, a total out of
 * range), or null. The schema cannot know whether the sender is VAT registered; the service calls this.
 */
export function pricingRefusal(totals: PriceTotals, ctx: { vatRegistered: boolean }): string | null {
  if (!ctx.vatRegistered && totals.lines.some((line) => line.vatRate !== null)) {
    return PRICING_MESSAGES.vatNotRegistered;
  }
  if (ctx.vatRegistered && totals.lines.some((line) => line.vatRate === null))
    return PRICING_MESSAGES.vatRate;
  if (totals.totalPence <= 0) return PRICING_MESSAGES.totalPositive;
  if (totals.totalPence > LIMITS.quoteMaxPence) return PRICING_MESSAGES.totalTooLarge;
  return null;
}

/** A stored line as the API shows it. */
export const PricedLineView = z.object({
  kind: z.enum(LINE_ITEM_KINDS),
  description: z.string().max(PRICING_LIMITS.descriptionMax),
  quantityHundredths: z.number().int(),
  unitPricePence: z.number().int(),
  vatRate: z.enum(VAT_RATES).nullable(),
  netPence: z.number().int(),
});

export const PriceBreakdownView = z.object({
  lines: z.array(PricedLineView).max(PRICING_LIMITS.maxLineItems),
  subtotalPence: z.number().int(),
  vatByRate: z
    .array(z.object({ rate: z.enum(VAT_RATES), netPence: z.number().int(), vatPence: z.number().int() }))
    .max(VAT_RATES.length),
  vatPence: z.number().int(),
  totalPence: z.number().int(),
});
export type PriceBreakdownView = z.infer<typeof PriceBreakdownView>;
