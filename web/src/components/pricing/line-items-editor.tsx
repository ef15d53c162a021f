import {
  LINE_ITEM_KIND_LABELS,
  LINE_ITEM_KINDS,
  type LineItem,
  type LineItemKind,
  PRICING_LIMITS,
  type PriceTotals,
  parseQuantity,
  priceLines,
  VAT_RATE_LABELS,
  VAT_RATES,
  type VatRate,
} from '@domain/marketplace/pricing';
import { formatPence, parsePoundsToPence } from '@domain/payments/money';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';

/** One line as the person types it; `key` keeps React's rows attached to their text while others go. */
export interface LineDraft {
  key: string;
  kind: LineItemKind;
  description: string;
  quantity: string;
  unitPrice: string;
  vatRate: VatRate | null;
}

let drafted = 0;

/** A new empty line: labour, quantity 1, the standard rate when the sender charges VAT. */
export function emptyLine(vatRegistered: boolean): LineDraft {
  drafted += 1;
  return {
    key: `line-${drafted}`,
    kind: 'labour',
    description: '',
    quantity: '1',
    unitPrice: '',
    vatRate: vatRegistered ? 'standard' : null,
  };
}

/** A stored line back into the editor, as the person would have typed it. */
export function draftOf(line: LineItem): LineDraft {
  const pence = line.unitPricePence;
  return {
    ...emptyLine(line.vatRate !== null),
    kind: line.kind,
    description: line.description,
    quantity: String(line.quantityHundredths / 100),
    unitPrice: `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`,
    vatRate: line.vatRate,
  };
}

/**
 * The running totals while typing, by the same rules the server applies (priceLines); a line not yet
 * readable (no price, a quantity like '1.234') counts as nothing until it is.
 */
export function draftTotals(lines: readonly LineDraft[]): PriceTotals {
  const readable = lines.flatMap((line): LineItem[] => {
    const quantityHundredths = parseQuantity(line.quantity);
    const price = parsePoundsToPence(line.unitPrice);
    if (quantityHundredths === null || !price.ok || price.pence <= 0) return [];
    return [
      {
        kind: line.kind,
        description: line.description,
        quantityHundredths,
        unitPricePence: price.pence,
        vatRate: line.vatRate,
      },
    ];
  });
  return priceLines(readable);
}

type LineField = 'kind' | 'description' | 'quantity' | 'unitPrice' | 'vatRate';

const selectClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

/**
 * The line items of a price (a quote, a change to a booking): description, kind, quantity, unit price
 * and, for a VAT-registered sender, the VAT rate of each line, with the subtotal, VAT and total worked
 * out as the person types. Driven by its props alone: the form that holds it owns the lines, checks
 * them and sends them.
 */
export function LineItemsEditor({
  idPrefix,
  namePrefix,
  lines,
  onChange,
  vatRegistered,
  errorOf,
  disabled = false,
}: {
  idPrefix: string;
  /** Names the controls `<namePrefix>.<index>.<field>`, so a form can focus the one its check names. */
  namePrefix?: string;
  lines: readonly LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  vatRegistered: boolean;
  /** The message to show beside one line's field, if any. */
  errorOf?: (index: number, field: LineField) => string | undefined;
  disabled?: boolean;
}) {
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusKey) document.getElementById(`${idPrefix}-${focusKey}-description`)?.focus();
  }, [focusKey, idPrefix]);

  const add = () => {
    const line = emptyLine(vatRegistered);
    onChange([...lines, line]);
    setFocusKey(line.key);
  };
  const remove = (index: number) => {
    onChange(lines.filter((_, i) => i !== index));
    // The row and its button are gone: focus goes to the button that adds one back.
    addRef.current?.focus();
  };

  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {lines.map((line, index) => (
          <li key={line.key}>
            <LineRow
              line={line}
              index={index}
              id={(field) => `${idPrefix}-${line.key}-${field}`}
              name={(field) => (namePrefix ? `${namePrefix}.${index}.${field}` : undefined)}
              error={(field) => errorOf?.(index, field)}
              onPatch={(patch) => onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)))}
              onRemove={lines.length > 1 ? () => remove(index) : null}
              vatRegistered={vatRegistered}
              disabled={disabled}
            />
          </li>
        ))}
      </ol>
      <Button
        ref={addRef}
        variant="outline"
        size="sm"
        disabled={disabled || lines.length >= PRICING_LIMITS.maxLineItems}
        onClick={add}
      >
        <Plus aria-hidden="true" />
        Add item
      </Button>
      <RunningTotals totals={draftTotals(lines)} vatRegistered={vatRegistered} />
    </div>
  );
}

/** One line's fields under its number; Remove when it is not the only one. */
function LineRow({
  line,
  index,
  id,
  name,
  error,
  onPatch,
  onRemove,
  vatRegistered,
  disabled,
}: {
  line: LineDraft;
  index: number;
  id: (field: LineField) => string;
  name: (field: LineField) => string | undefined;
  error: (field: LineField) => string | undefined;
  onPatch: (patch: Partial<LineDraft>) => void;
  onRemove: (() => void) | null;
  vatRegistered: boolean;
  disabled: boolean;
}) {
  const text = (field: 'description' | 'quantity' | 'unitPrice') => ({
    name: name(field),
    value: line[field],
    disabled,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onPatch({ [field]: e.target.value }),
  });
  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">Item {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-6">
        <Field
          id={id('description')}
          label="Description"
          required
          error={error('description')}
          className="sm:col-span-4"
        >
          {(control) => (
            <Input {...control} {...text('description')} maxLength={PRICING_LIMITS.descriptionMax + 20} />
          )}
        </Field>
        <Field id={id('kind')} label="Kind" error={error('kind')} className="sm:col-span-2">
          {(control) => (
            <select
              {...control}
              name={name('kind')}
              className={selectClass}
              value={line.kind}
              disabled={disabled}
              onChange={(e) => onPatch({ kind: e.target.value as LineItemKind })}
            >
              {LINE_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {LINE_ITEM_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={id('quantity')}
          label="Quantity"
          required
          error={error('quantity')}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} {...text('quantity')} inputMode="decimal" />}
        </Field>
        <Field
          id={id('unitPrice')}
          label="Unit price (£)"
          required
          error={error('unitPrice')}
          className={vatRegistered ? 'sm:col-span-2' : 'sm:col-span-4'}
        >
          {(control) => (
            <PoundsInput {...control} {...text('unitPrice')} inputMode="decimal" placeholder="e.g. 45.00" />
          )}
        </Field>
        {vatRegistered && (
          <VatRateField
            id={id('vatRate')}
            name={name('vatRate')}
            error={error('vatRate')}
            value={line.vatRate}
            disabled={disabled}
            onChange={(vatRate) => onPatch({ vatRate })}
          />
        )}
      </div>
      {onRemove && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 text-destructive dark:text-foreground"
          disabled={disabled}
          onClick={onRemove}
          aria-label={`Remove item ${index + 1}${line.description ? `: ${line.description}` : ''}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      )}
    </fieldset>
  );
}

function VatRateField({
  id,
  name,
  error,
  value,
  disabled,
  onChange,
}: {
  id: string;
  name: string | undefined;
  error: string | undefined;
  value: VatRate | null;
  disabled: boolean;
  onChange: (rate: VatRate | null) => void;
}) {
  return (
    <Field id={id} label="VAT rate" required error={error} className="sm:col-span-2">
      {(control) => (
        <select
          {...control}
          name={name}
          className={selectClass}
          value={value ?? ''}
          disabled={disabled}
          onChange={(e) => onChange((e.target.value || null) as VatRate | null)}
        >
          {value === null && <option value="">Choose a rate</option>}
          {VAT_RATES.map((rate) => (
            <option key={rate} value={rate}>
              {VAT_RATE_LABELS[rate]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** Subtotal, VAT and total as they stand, announced politely as they change. */
function RunningTotals({ totals, vatRegistered }: { totals: PriceTotals; vatRegistered: boolean }) {
  return (
    <dl
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-muted/50 p-3 text-sm"
      aria-live="polite"
      aria-atomic="true"
    >
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right tabular-nums">{formatPence(totals.subtotalPence)}</dd>
      {vatRegistered && (
        <>
          <dt className="text-muted-foreground">VAT</dt>
          <dd className="text-right tabular-nums">{formatPence(totals.vatPence)}</dd>
        </>
      )}
      <dt className="font-semibold">{vatRegistered ? 'Total including VAT' : 'Total'}</dt>
      <dd className="text-right font-semibold tabular-nums">{formatPence(totals.totalPence)}</dd>
    </dl>
  );
}
