import { badgeCount } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * An unread count over a navigation item's corner, so it takes no room and moves nothing; nothing when
 * there is none. Hidden from screen readers: the item's own name says the count (`unreadLabel`).
 * `className` places it on the item.
 */
export function UnreadBadge({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground ring-2 ring-background',
        className,
      )}
    >
      {badgeCount(count)}
    </span>
  );
}

/** A navigation item's accessible name when it has unread items: the visible label, then the count. */
export function unreadLabel(label: string, count: number): string | undefined {
  return count > 0 ? `${label}, ${count} unread` : undefined;
}
