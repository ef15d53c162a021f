import type { DisputeStatus } from '@domain/catalog/statuses';
import { Badge } from '@/components/status-badge';
import { DISPUTE_TONES, disputeStatusLabel } from './format';

/** A dispute's status as a pill: the words carry the meaning, the tone only repeats it. */
export function DisputeStatusBadge({ status, className }: { status: DisputeStatus; className?: string }) {
  return (
    <Badge tone={DISPUTE_TONES[status] ?? 'grey'} className={className}>
      {disputeStatusLabel(status)}
    </Badge>
  );
}
