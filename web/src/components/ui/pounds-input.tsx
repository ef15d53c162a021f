import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/** A text input for an amount in pounds, with a '£' in front that screen readers skip (the label says it). */
export function PoundsInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
      >
        £
      </span>
      <Input className={cn('pl-7', className)} {...props} />
    </div>
  );
}
