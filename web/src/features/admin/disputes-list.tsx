import { DISPUTE_RESOLUTION_LABELS } from '@domain/disputes/messages';
import { formatPence } from '@domain/payments/money';
import { History, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { AdminQueuePage } from '@/components/admin/queue-page';
import { CardSkeletons, EmptyState, ErrorState } from '@/components/ui/list-states';
import { formatDate, formatDateTime, plural } from '@/lib/format';
import { ageText, DisputeStatusBadge, partyName, ROLE_LABELS, responseDueText } from './dispute-format';
import { type AdminDisputeSummary, type DisputesTab, useAdminDisputes } from './disputes-api';

/**
 * /admin/disputes: the disputes still open, oldest first, and the latest resolved (?status=resolved).
 */
export function AdminDisputes() {
  const active = useAdminDisputes('active');
  return (
    <AdminQueuePage
      title="Dispute Management"
      description="Read each case file, talk to both sides in its thread, then decide where the money held for the booking goes."
      waiting={{
        value: 'active',
        label: 'Active',
        count: active.data?.length,
        content: <DisputeList tab="active" />,
      }}
      decided={{ value: 'resolved', label: 'Resolved', content: <DisputeList tab="resolved" /> }}
    />
  );
}

function DisputeList({ tab }: { tab: DisputesTab }) {
  const query = useAdminDisputes(tab);
  if (query.isPending) return <CardSkeletons count={3} height="h-40" />;
  if (query.isError) {
    return (
      <ErrorState
        text={
          tab === 'active'
            ? 'We could not load the open disputes.'
            : 'We could not load the resolved disputes.'
        }
        onRetry={() => void query.refetch()}
      />
    );
  }
  const disputes = query.data;
  if (disputes.length === 0) {
    return tab === 'active' ? (
      <EmptyState
        icon={<Scale aria-hidden="true" />}
        title="No open disputes"
        text="Disputes that customers or tradespeople raise appear here, oldest first."
      />
    ) : (
      <EmptyState
        icon={<History aria-hidden="true" />}
        title="No resolved disputes yet"
        text="Disputes you resolve appear here, newest first."
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {tab === 'active'
          ? `${plural(disputes.length, 'open dispute')}, oldest first.`
          : 'The latest resolutions, newest first.'}
      </p>
      <ul aria-label={tab === 'active' ? 'Open disputes' : 'Resolved disputes'} className="space-y-3">
        {disputes.map((dispute) => (
          <li key={dispute.id}>
            <DisputeRow dispute={dispute} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DisputeRow({ dispute }: { dispute: AdminDisputeSummary }) {
  const raiser = dispute.raisedBy;
  const other = dispute.respondent;
  return (
    <article
      aria-labelledby={`dispute-${dispute.id}`}
      className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={`dispute-${dispute.id}`} className="font-semibold break-words">
            <Link
              to={`/admin/disputes/${dispute.id}`}
              className="text-primary underline-offset-4 hover:underline"
            >
              {dispute.job.title}
            </Link>
          </h2>
          <p className="text-sm break-words">
            <span className="text-muted-foreground">Reason: </span>
            {dispute.reason}
          </p>
        </div>
        <DisputeStatusBadge status={dispute.status} />
      </div>
      <p className="mt-2 text-sm break-words text-muted-foreground">
        Raised by <span className="font-medium text-foreground">{partyName(raiser)}</span> (
        {ROLE_LABELS[raiser.role].toLowerCase()}) against{' '}
        <span className="font-medium text-foreground">{partyName(other)}</span> (
        {ROLE_LABELS[other.role].toLowerCase()})
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:flex sm:flex-wrap sm:gap-x-8">
        <div className="min-w-0">
          <dt className="text-muted-foreground">Age</dt>
          <dd className="font-medium">
            <time dateTime={dispute.createdAt} title={formatDateTime(dispute.createdAt)}>
              {ageText(dispute.createdAt)}
            </time>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">Held</dt>
          <dd className="font-medium tabular-nums">{formatPence(dispute.heldPence)}</dd>
        </div>
        {dispute.status === 'awaiting_response' && dispute.responseDueAt && (
          <div className="col-span-2 min-w-0">
            <dt className="text-muted-foreground">Deadline</dt>
            <dd className="font-medium">
              <time dateTime={dispute.responseDueAt} title={formatDateTime(dispute.responseDueAt)}>
                {responseDueText(dispute.responseDueAt)}
              </time>
            </dd>
          </div>
        )}
        {dispute.resolution && (
          <div className="col-span-2 min-w-0">
            <dt className="text-muted-foreground">Outcome</dt>
            <dd className="font-medium">
              {DISPUTE_RESOLUTION_LABELS[dispute.resolution]}
              {dispute.resolvedAt && `, ${formatDate(dispute.resolvedAt)}`}
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
