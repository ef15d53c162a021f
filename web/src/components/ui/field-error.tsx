import { CircleAlert } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * A message next to the field (or form) it is about. The field points at it with aria-describedby, so
 * a screen reader reads it with the field; the icon means the colour is not the only sign. The dark
 * theme's lighter red keeps the text at 4.5:1 on the page and on cards.
 */
export function FieldError({
  id,
  message,
  className,
}: {
  id: string;
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      className={cn(
        'flex items-start gap-1.5 text-sm font-medium text-destructive dark:text-red-300',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
