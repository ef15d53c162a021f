import type { BookingView } from '@domain/marketplace/api';
import { Scale } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { cn } from '@/lib/utils';
import { DisputeStatusBadge } from './dispute-status-badge';
import { RaiseDisputeDialog } from './raise-dispute-dialog';

/**
 * A booking's dispute, from one of its two parties: 'View dispute' with its status once there is one,
 * and Raise Dispute while the server says one may be raised now (no dispute open; the work in progress,
 * awaiting payment, or money still held). Nothing at all otherwise.
 */
export function BookingDisputeAction({
  booking,
  me,
  className,
}: {
  booking: BookingView;
  me: 'customer' | 'tradesperson';
  className?: string;
}) {
  const { dispute } = booking;
  const row = useRef<HTMLDivElement>(null);
  // Once raised, the Raise Dispute button that had focus is replaced by the link: focus goes there.
  useKeepFocus(row, dispute.id);
  if (!dispute.id && !dispute.canRaise) return null;
  return (
    // Above a card's whole-card link, so its button and link get the clicks.
    <div
      ref={row}
      tabIndex={-1}
      className={cn('relative z-10 flex flex-wrap items-center gap-2 outline-none', className)}
    >
      {dispute.id && (
        <>
          <Button asChild size="sm" variant="outline">
            <Link to={`/disputes/${dispute.id}`}>
              <Scale aria-hidden="true" />
              View dispute
            </Link>
          </Button>
          {dispute.status && (
            <span className="flex items-center gap-1">
              <span className="sr-only">Dispute status: </span>
              <DisputeStatusBadge status={dispute.status} />
            </span>
          )}
        </>
      )}
      {/* A booking whose earlier dispute was resolved may be disputed again while money is held. */}
      {dispute.canRaise && (dispute.status === null || dispute.status === 'resolved') && (
        <RaiseDisputeDialog booking={booking} me={me} />
      )}
    </div>
  );
}
