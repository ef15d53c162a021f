import {
  formatQuantity,
  LINE_ITEM_KIND_LABELS,
  type PriceBreakdownView,
  VAT_BASIS_POINTS,
  type VatRate,
} from '@domain/marketplace/pricing';
import { formatPence } from '@domain/payments/money';
import { cn } from '@/lib/utils';

const vatPercent = (rate: VatRate) => `${VAT_BASIS_POINTS[rate] / 100}%`;

/**
 * A read-only itemised price (a quote's or a change's): each line with its quantity, unit price, kind
 * and VAT rate, then the subtotal, the VAT per rate and the total. Two columns, so it reads the same on
 * a 360 px phone as on a desktop; a real table, so a screen reader can walk it by row.
 */
export function PriceBreakdown({
  breakdown,
  caption = 'Price breakdown',
  className,
}: {
  breakdown: PriceBreakdownView;
  /** Read by screen readers only: what the table is the price of. */
  caption?: string;
  className?: string;
}) {
  const charged = breakdown.vatByRate.length > 0;
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {breakdown.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the order it was priced
          <tr key={index} className="border-b border-border/60 align-top">
            <th scope="row" className="py-1.5 pr-3 text-left font-normal">
              <span className="block break-words">{line.description}</span>
              <span className="block text-xs text-muted-foreground">
                {LINE_ITEM_KIND_LABELS[line.kind]} · {formatQuantity(line.quantityHundredths)} ×{' '}
                {formatPence(line.unitPricePence)}
                {line.vatRate && ` · VAT ${vatPercent(line.vatRate)}`}
              </span>
            </th>
            <td className="py-1.5 text-right whitespace-nowrap tabular-nums">{formatPence(line.netPence)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="pt-2 text-left font-normal text-muted-foreground">
            Subtotal
          </th>
          <td className="pt-2 text-right tabular-nums">{formatPence(breakdown.subtotalPence)}</td>
        </tr>
        {breakdown.vatByRate.map((vat) => (
          <tr key={vat.rate}>
            <th scope="row" className="text-left font-normal text-muted-foreground">
              VAT at {vatPercent(vat.rate)} on {formatPence(vat.netPence)}
            </th>
            <td className="text-right tabular-nums">{formatPence(vat.vatPence)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="pt-1 text-left font-semibold">
            {charged ? 'Total including VAT' : 'Total'}
          </th>
          <td className="pt-1 text-right font-semibold tabular-nums">{formatPence(breakdown.totalPence)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
