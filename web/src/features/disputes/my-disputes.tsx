import type { DisputeSummary } from '@domain/disputes/api';
import { DISPUTE_RESOLUTION_LABELS } from '@domain/disputes/messages';
import { canRespond } from '@domain/disputes/rules';
import { formatPence } from '@domain/payments/money';
import { Clock, Scale, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { CardFact, RecordCard } from '@/components/record-card';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { formatDate, formatDateTime } from '@/lib/format';
import { useMyDisputes } from './api';
import { DisputeStatusBadge } from './dispute-status-badge';
import { otherParty, partyName } from './format';

/** My disputes (/disputes): the ones I raised and the ones raised with me, newest first. */
export function MyDisputes() {
  const { user } = useSession();
  const disputes = useMyDisputes();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Disputes</h1>
      <p className="mt-2 mb-6 text-muted-foreground">
        Disputes you raised, and disputes raised about your bookings. Any money held for a disputed job stays
        frozen until our support team resolves it.
      </p>
      {disputes.isPending || !user ? (
        <CardSkeletons count={2} height="h-40" />
      ) : disputes.isError ? (
        <ErrorState text="We couldn't load your disputes." onRetry={() => void disputes.refetch()} />
      ) : disputes.data.length === 0 ? (
        <EmptyState
          icon={<Scale aria-hidden="true" />}
          title="No disputes"
          text="If something goes wrong with a booking, raise a dispute from the booking itself (on My Jobs, My Bookings or the job's page) while the work is in progress, awaiting payment, or its money is held."
          action={
            <Button asChild variant="outline">
              <Link to="/my-jobs">{user.userType === 'tradesperson' ? 'My Bookings' : 'My Jobs'}</Link>
            </Button>
          }
        />
      ) : (
        <ul className="space-y-3" aria-label="My disputes">
          {disputes.data.map((dispute) => (
            <li key={dispute.id}>
              <DisputeCard dispute={dispute} myId={user.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DisputeCard({ dispute, myId }: { dispute: DisputeSummary; myId: string }) {
  const other = otherParty(dispute, myId);
  const mine = dispute.raisedBy.id === myId;
  const awaiting = canRespond(dispute.status) && dispute.responseDueAt !== null;
  return (
    <RecordCard
      to={`/disputes/${dispute.id}`}
      title={dispute.job.title}
      subtitle={dispute.reason}
      badge={<DisputeStatusBadge status={dispute.status} />}
    >
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
        <CardFact icon={UserRound} term="With">
          {partyName(other.name)} · {mine ? 'you raised it' : 'raised it with you'}
        </CardFact>
        <div className="flex items-center gap-1">
          <dt>Raised</dt>
          <dd>{formatDate(dispute.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        {dispute.status === 'resolved' ? (
          <p>
            <span className="font-medium">
              {dispute.resolution ? DISPUTE_RESOLUTION_LABELS[dispute.resolution] : 'Resolved'}
            </span>
            {dispute.resolvedAt && (
              <span className="text-muted-foreground"> · {formatDate(dispute.resolvedAt)}</span>
            )}
          </p>
        ) : (
          <p className="font-semibold">
            {dispute.heldPence > 0 ? `${formatPence(dispute.heldPence, 2)} frozen` : 'No money held'}
          </p>
        )}
        {awaiting && dispute.responseDueAt && (
          <p className="flex items-center gap-1 text-muted-foreground">
            <Clock className="size-4" aria-hidden="true" />
            Response due by {formatDateTime(dispute.responseDueAt)}
          </p>
        )}
      </div>
    </RecordCard>
  );
}
