import type { ComponentProps, MouseEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * A form label. A plain <label> with what Radix's Label added: a double click on it does not select
 * its text. Radix's package cost the landing page's first script a chunk for those two lines.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pair it with their control through htmlFor or nesting.
    <label
      className={cn('text-sm leading-none font-medium peer-disabled:cursor-not-allowed', className)}
      onMouseDown={(event: MouseEvent<HTMLLabelElement>) => {
        onMouseDown?.(event);
        // Only on the label itself: a control inside it keeps its own behaviour.
        if (
          !event.defaultPrevented &&
          event.detail > 1 &&
          !(event.target as HTMLElement).closest('button, input, select, textarea')
        ) {
          event.preventDefault();
        }
      }}
      {...props}
    />
  );
}
