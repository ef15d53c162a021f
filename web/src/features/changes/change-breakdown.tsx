import type { PriceBreakdownView } from '@domain/marketplace/pricing';
import { formatQuantity, LINE_ITEM_KIND_LABELS, VAT_RATE_LABELS } from '@domain/marketplace/pricing';
import { formatPence } from '@domain/payments/money';

/**
 * An itemised change's lines and totals, read-only. Each line is one list item that reads as a
 * sentence ("Labour: remove the joist, 2 × £45.00, £90.00"), so it stays legible on a phone where a
 * table's columns would not fit.
 */
export function ChangeBreakdown({ breakdown, label }: { breakdown: PriceBreakdownView; label: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-border p-3 text-sm">
      <ul aria-label={label} className="divide-y divide-border">
        {breakdown.lines.map((line, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed, ordered list with no ids
            key={index}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 first:pt-0 last:pb-0"
          >
            <span className="min-w-0 break-words">
              <span className="font-medium">{LINE_ITEM_KIND_LABELS[line.kind]}:</span> {line.description}
              <span className="block text-muted-foreground">
                {formatQuantity(line.quantityHundredths)} × {formatPence(line.unitPricePence)}
                {line.vatRate && `, VAT ${VAT_RATE_LABELS[line.vatRate]}`}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{formatPence(line.netPence)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-border pt-2">
        <Row term="Subtotal" pence={breakdown.subtotalPence} />
        {breakdown.vatByRate.map((vat) => (
          <Row key={vat.rate} term={`VAT at ${VAT_RATE_LABELS[vat.rate]}`} pence={vat.vatPence} />
        ))}
        <Row term="Total" pence={breakdown.totalPence} strong />
      </dl>
    </div>
  );
}

function Row({ term, pence, strong = false }: { term: string; pence: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'font-semibold' : 'text-muted-foreground'}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{formatPence(pence)}</dd>
    </div>
  );
}
