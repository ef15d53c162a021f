import type { DocumentStatus } from '@domain/catalog/statuses';
import { cn } from '@/lib/utils';

// Same look as the marketplace's status badges: the words carry the meaning, the colour repeats it.
const LABELS: Record<DocumentStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

const TONES: Record<DocumentStatus, string> = {
  pending:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  approved:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  rejected: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  expired:
    'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200',
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[status],
      )}
    >
      {LABELS[status] ?? status}
    </span>
  );
}
