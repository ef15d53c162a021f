import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The keyboard focus ring every chip shows (the pill shape hides the browser's own). */
export const CHIP_FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

type FilterChipsProps<Value extends string> = {
  /** What the chips filter, for screen readers (the fieldset's hidden legend). */
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChoose: (value: Value) => void;
  className?: string;
  /** Chips after the options, e.g. ones that clear a search parameter. */
  children?: ReactNode;
};

/** A row of filter chips, exactly one pressed: the list screens' filters (Find Jobs, Find a Pro, admin users). */
export function FilterChips<Value extends string>({
  legend,
  options,
  value,
  onChoose,
  className,
  children,
}: FilterChipsProps<Value>) {
  return (
    <fieldset className={cn('flex flex-wrap gap-2', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChoose(option.value)}
          className={cn(
            'h-9 rounded-full border px-4 text-sm font-medium transition-colors',
            CHIP_FOCUS,
            value === option.value
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border bg-background text-foreground hover:bg-muted',
          )}
        >
          {option.label}
        </button>
      ))}
      {children}
    </fieldset>
  );
}
