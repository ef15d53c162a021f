import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { type LineDraft, LineItemsEditor } from './line-items-editor';

type LineErrors =
  | (Record<number, Record<string, { message?: string }>> & { message?: string; root?: { message?: string } })
  | undefined;

/**
 * The "Items" part of a form that prices by line (a quote, a change to a booking): its heading, the way
 * back to one amount, the editor and the message about the list as a whole. The form owns the lines.
 */
export function LineItemsSection({
  idPrefix,
  heading: Heading,
  lines,
  onChange,
  onUseOneAmount,
  vatRegistered,
  errors,
  disabled,
  children,
}: {
  idPrefix: string;
  heading: 'h3' | 'h4';
  lines: readonly LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  onUseOneAmount: () => void;
  vatRegistered: boolean;
  /** react-hook-form's errors of the `lineItems` field. */
  errors: unknown;
  disabled: boolean;
  /** A note under the heading (what VAT the lines carry). */
  children?: ReactNode;
}) {
  const lineErrors = errors as LineErrors;
  return (
    <section aria-labelledby={`${idPrefix}-items-heading`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`${idPrefix}-items-heading`} className="font-medium">
          Items
        </Heading>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onUseOneAmount} disabled={disabled}>
          Use one amount instead
        </Button>
      </div>
      {children}
      <LineItemsEditor
        idPrefix={`${idPrefix}-line`}
        namePrefix="lineItems"
        lines={lines}
        onChange={onChange}
        vatRegistered={vatRegistered}
        errorOf={(index, name) => lineErrors?.[index]?.[name]?.message}
        disabled={disabled}
      />
      <FieldError id={`${idPrefix}-items-error`} message={lineErrors?.message ?? lineErrors?.root?.message} />
    </section>
  );
}
