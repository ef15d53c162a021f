import type { ComponentProps } from 'react';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';

export const TEXTAREA_CLASS =
  'flex min-h-24 w-full min-w-0 resize-y rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm';

/**
 * A text box's '120 / 2,000 characters'. The field names it with aria-describedby, so it is read with
 * the field; near the limit a polite live region says how many are left (not on every key press).
 */
export function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const left = max - length;
  const near = left <= Math.min(100, Math.floor(max / 10));
  return (
    <>
      <p
        id={id}
        className={cn(
          'text-xs text-muted-foreground tabular-nums',
          left <= 0 && 'font-medium text-foreground',
        )}
      >
        {formatCount(length)} / {formatCount(max)} characters
      </p>
      <p aria-live="polite" className="sr-only">
        {near ? `${formatCount(left)} ${left === 1 ? 'character' : 'characters'} left` : ''}
      </p>
    </>
  );
}

export function ReviewTextarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(TEXTAREA_CLASS, className)} {...props} />;
}
