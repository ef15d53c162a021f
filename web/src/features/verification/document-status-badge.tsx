import type { DocumentStatus } from '@domain/catalog/statuses';
import { Badge, type Tone } from '@/components/status-badge';

const LABELS: Record<DocumentStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

const TONES: Record<DocumentStatus, Tone> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
  expired: 'grey',
};

// An expired document is a darker grey than the marketplace's (which means "nothing more to do"): the
// tradesperson has something to replace.
const EXPIRED_CLASS =
  'border-slate-300 bg-slate-100 text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200';

/** The marketplace's status pill, with the document's words. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Badge tone={TONES[status]} className={status === 'expired' ? EXPIRED_CLASS : undefined}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
