import type { DisputeSummary } from '@domain/disputes/api';
import { DISPUTE_RESOLUTION_LABELS } from '@domain/disputes/messages';
import { canRespond } from '@domain/disputes/rules';
import { formatPence } from '@domain/payments/money';
import { Clock, Scale, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { useMyDisputes } from './api';
import { DisputeStatusBadge } from './dispute-status-badge';
import { disputeDate, disputeDateTime, otherParty, partyName } from './format';

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
    <Card className="relative p-4 transition-colors hover:bg-muted/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="line-clamp-2 text-lg font-semibold break-words">
            <Link
              to={`/disputes/${dispute.id}`}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {dispute.job.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{dispute.reason}</p>
        </div>
        <DisputeStatusBadge status={dispute.status} />
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
        <div className="flex items-center gap-1">
          <dt>
            <UserRound className="size-4" aria-hidden="true" />
            <span className="sr-only">With</span>
          </dt>
          <dd>
            {partyName(other.name)} · {mine ? 'you raised it' : 'raised it with you'}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt>Raised</dt>
          <dd>{disputeDate(dispute.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3 text-sm">
        {dispute.status === 'resolved' ? (
          <p>
            <span className="font-medium">
              {dispute.resolution ? DISPUTE_RESOLUTION_LABELS[dispute.resolution] : 'Resolved'}
            </span>
            {dispute.resolvedAt && (
              <span className="text-muted-foreground"> · {disputeDate(dispute.resolvedAt)}</span>
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
            Response due by {disputeDateTime(dispute.responseDueAt)}
          </p>
        )}
      </div>
    </Card>
  );
}
