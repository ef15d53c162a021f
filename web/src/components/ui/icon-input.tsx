import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A text box with an icon at its start (a magnifying glass, a map pin). The icon only decorates: the
 * box's label names it. `boxClassName` styles the wrapper the icon is placed in (its width).
 */
export function IconInput({
  icon: Icon,
  boxClassName,
  className,
  ...input
}: ComponentProps<typeof Input> & { icon: LucideIcon; boxClassName?: string }) {
  return (
    <div className={cn('relative', boxClassName)}>
      <Icon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input className={cn('pl-9', className)} {...input} />
    </div>
  );
}
