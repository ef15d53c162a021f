import { cn } from '@/lib/utils';
import type { QuoteStatus } from './api';

const LABELS: Record<QuoteStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

// Colour only repeats the word, never replaces it; each pair meets AA in both themes.
const STYLES: Record<QuoteStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  accepted: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  withdrawn: 'bg-muted text-muted-foreground',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={cn('shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', STYLES[status])}>
      {LABELS[status]}
    </span>
  );
}
