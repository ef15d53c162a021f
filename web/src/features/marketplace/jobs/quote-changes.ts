import type { QuoteTermsView } from '@domain/marketplace/api';
import { formatQuantity, LINE_ITEM_KIND_LABELS, VAT_BASIS_POINTS } from '@domain/marketplace/pricing';
import { formatPence } from '@domain/payments/money';
import { countOf, formatDateOnly } from '@/lib/format';

/** One difference between two versions of a quote, as the customer reads it. */
export interface QuoteChange {
  label: string;
  before: string;
  after: string;
}

type Line = NonNullable<QuoteTermsView['breakdown']>['lines'][number];

const NONE = 'None';
const lineKey = (line: Line) => `${line.kind}:${line.description.trim().toLowerCase()}`;
const lineText = (line: Line) =>
  `${formatQuantity(line.quantityHundredths)} × ${formatPence(line.unitPricePence)}` +
  (line.vatRate ? `, VAT ${VAT_BASIS_POINTS[line.vatRate] / 100}%` : '');
const lineLabel = (line: Line) => `${line.description} (${LINE_ITEM_KIND_LABELS[line.kind].toLowerCase()})`;
const date = (value: string | null) => (value ? formatDateOnly(value, 'short') : NONE);
const days = (value: number | null) => (value === null ? NONE : countOf(value, 'day'));

/** Items added, removed or changed, matched by kind and description. */
function itemChanges(before: Line[], after: Line[]): QuoteChange[] {
  const changes: QuoteChange[] = [];
  const old = new Map(before.map((line) => [lineKey(line), line]));
  const kept = new Set<string>();
  for (const line of after) {
    const previous = old.get(lineKey(line));
    if (!previous) {
      changes.push({ label: `Added: ${lineLabel(line)}`, before: NONE, after: lineText(line) });
      continue;
    }
    kept.add(lineKey(line));
    if (lineText(previous) !== lineText(line)) {
      changes.push({ label: lineLabel(line), before: lineText(previous), after: lineText(line) });
    }
  }
  for (const line of before) {
    if (!kept.has(lineKey(line))) {
      changes.push({ label: `Removed: ${lineLabel(line)}`, before: lineText(line), after: NONE });
    }
  }
  return changes;
}

/**
 * What changed from one version of a quote to the next: the total, the VAT, each item, the validity,
 * start, duration, exclusions and message. Only what differs is listed.
 */
export function quoteChanges(before: QuoteTermsView, after: QuoteTermsView): QuoteChange[] {
  const changes: QuoteChange[] = [];
  const add = (label: string, was: string, now: string) => {
    if (was !== now) changes.push({ label, before: was, after: now });
  };
  add('Total', formatPence(before.amount), formatPence(after.amount));
  add('VAT', formatPence(before.breakdown?.vatPence ?? 0), formatPence(after.breakdown?.vatPence ?? 0));
  const itemsText = (terms: QuoteTermsView) =>
    terms.breakdown ? countOf(terms.breakdown.lines.length, 'item') : 'One amount';
  if (Boolean(before.breakdown) !== Boolean(after.breakdown))
    add('Itemised', itemsText(before), itemsText(after));
  changes.push(...itemChanges(before.breakdown?.lines ?? [], after.breakdown?.lines ?? []));
  add('Valid until', date(before.validUntil), date(after.validUntil));
  add('Estimated start', date(before.estimatedStart), date(after.estimatedStart));
  add('Duration', days(before.estimatedDurationDays), days(after.estimatedDurationDays));
  add('Not included', before.exclusions ?? NONE, after.exclusions ?? NONE);
  add('Message', before.message, after.message);
  return changes;
}
