import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** One pulsing placeholder shape; `className` gives its size (and its rounding, where not `rounded`). */
export function Pulse({ className }: { className: string }) {
  return <div className={cn('animate-pulse rounded bg-muted motion-reduce:animate-none', className)} />;
}

/**
 * The frame of a card's loading placeholder, hidden from screen readers. `height` is the real card's
 * fixed height, so the list does not jump when it arrives.
 */
export function CardSkeletonFrame({ height, children }: { height: string; children: ReactNode }) {
  return (
    <div
      aria-hidden="true"
      className={`flex ${height} flex-col gap-3 rounded-xl border border-border bg-card p-4`}
    >
      {children}
    </div>
  );
}
