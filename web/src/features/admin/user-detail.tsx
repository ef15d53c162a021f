import type { AdminAuditEntry } from '@domain/admin/api';
import { formatPence } from '@domain/payments/money';
import { ShieldCheck, ShieldOff, UserCheck, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/admin/page-header';
import { ReasonDialog, type ReasonOutcome } from '@/components/admin/reason-dialog';
import { AccountBadges, USER_TYPE_LABELS } from '@/components/admin/user-badges';
import { BookingStatusBadge, JobStatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSession } from '@/features/accounts';
import { DocumentReview } from '@/features/verification';
import { isConflict } from '@/lib/api';
import { focusAfterDialog } from '@/lib/focus';
import { isValidationError } from '@/lib/form-errors';
import { formatDate, formatDateTime, humanise } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import {
  type AccountAction,
  type AdminUserDetail,
  errorMessage,
  useAccountAction,
  useAdminUser,
} from './api';
import { AdminDetailPage } from './detail-page';

type Detail = AdminUserDetail;
type DetailUser = Detail['user'];

const nameOf = (user: DetailUser) => user.fullName ?? (user.deletedAt ? 'Deleted user' : user.email);

/** /admin/users/:id: one account, what it did and what was done to it, and the actions on it. */
export function UserDetail({ userId }: { userId: string }) {
  return (
    <AdminDetailPage
      query={useAdminUser(userId)}
      back={{ to: '/admin/users', label: 'All users' }}
      texts={{
        loading: 'Loading the account…',
        notFound: 'User not found',
        notFoundDetail: 'There is no account with this link.',
        failed: 'We could not load this account.',
      }}
    >
      {(detail) => <UserDetailBody detail={detail} />}
    </AdminDetailPage>
  );
}

function UserDetailBody({ detail }: { detail: Detail }) {
  const { user } = detail;
  return (
    <>
      <AdminPageHeader
        title={nameOf(user)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{user.email}</span>
            <AccountBadges user={user} />
          </span>
        }
        actions={<AccountActions user={user} />}
      />
      <AccountSummary user={user} />
      <Section id="jobs" title="Jobs" count={detail.jobs.length} empty="No jobs posted.">
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {detail.jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <span className="min-w-0">
                <Link to={`/job/${job.id}`} className="font-medium break-words text-primary hover:underline">
                  {job.title}
                </Link>
                <span className="block text-xs text-muted-foreground">
                  Posted {formatDate(job.createdAt)}
                </span>
              </span>
              <JobStatusBadge status={job.status} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="bookings" title="Bookings" count={detail.bookings.length} empty="No bookings.">
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {detail.bookings.map((booking) => (
            <li
              key={booking.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3"
            >
              <span className="min-w-0">
                <Link
                  to={`/job/${booking.jobId}`}
                  className="font-medium break-words text-primary hover:underline"
                >
                  {booking.jobTitle}
                </Link>
                <span className="block text-xs text-muted-foreground">
                  With {booking.otherParty ?? 'Deleted user'} · booked {formatDate(booking.createdAt)}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-semibold">
                  <span className="sr-only">Amount: </span>
                  {formatPence(booking.amountPence)}
                </span>
                <BookingStatusBadge status={booking.status} />
              </span>
            </li>
          ))}
        </ul>
      </Section>
      {(user.userType === 'tradesperson' || detail.documents.length > 0) && (
        <Section
          id="documents"
          title="Documents"
          count={detail.documents.length}
          empty="No verification documents uploaded."
        >
          <ul className="space-y-4">
            {detail.documents.map((document) => (
              <li key={document.id}>
                <DocumentReview document={document} headingLevel="h3" showTradesperson={false} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section id="sessions" title="Sessions" count={detail.sessions.length} empty="No open sessions.">
        <ul className="divide-y divide-border rounded-xl border border-border bg-card">
          {detail.sessions.map((session) => (
            <li key={`${session.createdAt}-${session.ip}`} className="px-4 py-3 text-sm">
              <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-3">
                <Pair term="Signed in">{formatDateTime(session.createdAt)}</Pair>
                <Pair term="Last seen">{formatDateTime(session.lastSeenAt)}</Pair>
                <Pair term="IP address">{session.ip ?? 'Unknown'}</Pair>
                <Pair term="Browser" className="sm:col-span-3">
                  <span className="break-all">{session.userAgent ?? 'Unknown'}</span>
                </Pair>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="audit" title="Audit trail" count={detail.audit.length} empty="Nothing recorded yet.">
        <ol className="divide-y divide-border rounded-xl border border-border bg-card">
          {detail.audit.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      </Section>
    </>
  );
}

function AccountSummary({ user }: { user: DetailUser }) {
  return (
    <section aria-labelledby="account-heading" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="account-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Account
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Pair term="Email">
          <span className="break-all">{user.email}</span>
        </Pair>
        <Pair term="Name">{user.fullName ?? 'Not given'}</Pair>
        <Pair term="Role">
          {USER_TYPE_LABELS[user.userType] ?? user.userType}
          {user.isAdmin && ' and admin'}
        </Pair>
        {user.userType === 'tradesperson' && <Pair term="Trade">{user.trade ?? 'Not set up yet'}</Pair>}
        <Pair term="Postcode">{user.postcode ?? 'Not given'}</Pair>
        <Pair term="Joined">{formatDateTime(user.createdAt)}</Pair>
        <Pair term="Last sign-in">{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</Pair>
        <Pair term="Status">
          {user.deletedAt
            ? `Deleted ${formatDate(user.deletedAt)}`
            : user.suspendedAt
              ? `Suspended ${formatDate(user.suspendedAt)}`
              : 'Active'}
        </Pair>
        {user.suspendedAt && (
          <Pair term="Reason for suspension" className="sm:col-span-2 lg:col-span-3">
            {user.suspensionReason ?? 'None recorded'}
          </Pair>
        )}
      </dl>
    </section>
  );
}

const DONE: Record<AccountAction, string> = {
  suspend: 'Account suspended',
  reinstate: 'Account reinstated',
  'grant-admin': 'Admin access granted',
  'revoke-admin': 'Admin access removed',
};

/**
 * Suspend or reinstate, make admin or remove admin: whichever apply to the account as it is now. The
 * server has the last word (its refusals arrive as an error toast and the page reloads); one's own
 * account offers neither suspending nor removing one's own admin access, which it would refuse.
 */
function AccountActions({ user }: { user: DetailUser }) {
  const session = useSession();
  const action = useAccountAction(user.id);
  const self = session.user?.id === user.id;
  const name = nameOf(user);
  const pendingAction = action.isPending ? action.variables?.action : undefined;

  const run = (
    which: AccountAction,
    handlers: { close: () => void; fail: (message: string) => void; reasonError?: (m: string) => void },
    reason?: string,
  ) =>
    // mutateAsync: the answer is handled even if the dialog has gone meanwhile.
    void action.mutateAsync({ action: which, reason }).then(
      () => {
        handlers.close();
        void showSuccess(DONE[which], name);
        // The button used has gone (Suspend became Reinstate …): focus goes to the account's new state.
        focusAfterDialog(() => document.getElementById('account-heading'));
      },
      (error: unknown) => {
        const message = errorMessage(error, 'That did not work. Please try again.');
        if (handlers.reasonError && isValidationError(error)) return handlers.reasonError(message);
        if (isConflict(error)) {
          handlers.close();
          void showError('Error', message);
          return;
        }
        handlers.fail(message);
      },
    );

  if (user.deletedAt) return null;
  return (
    <>
      {user.suspendedAt ? (
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <UserCheck aria-hidden="true" />
              Reinstate
            </Button>
          }
          title="Reinstate this account?"
          description={<p>{name} will be able to sign in again.</p>}
          confirmLabel="Reinstate"
          cancelLabel="Cancel"
          confirmVariant="default"
          pending={pendingAction === 'reinstate'}
          onConfirm={(close, fail) => run('reinstate', { close, fail })}
        />
      ) : (
        !self && (
          <ReasonDialog
            trigger={
              <Button variant="outline" className="text-destructive dark:text-red-300">
                <UserX aria-hidden="true" />
                Suspend
              </Button>
            }
            title="Suspend this account?"
            description={
              <p>
                {name} is signed out everywhere at once and cannot sign in until reinstated.
                {user.userType === 'tradesperson' && ' Their profile leaves search.'}
              </p>
            }
            hint="Kept in the audit trail."
            confirmLabel="Suspend account"
            pending={pendingAction === 'suspend'}
            onConfirm={(reason, outcome: ReasonOutcome) => run('suspend', outcome, reason)}
          />
        )
      )}
      {user.isAdmin
        ? !self && (
            <ConfirmDialog
              trigger={
                <Button variant="outline">
                  <ShieldOff aria-hidden="true" />
                  Remove admin
                </Button>
              }
              title="Remove admin access?"
              description={<p>{name} loses the admin console and is signed out everywhere.</p>}
              confirmLabel="Remove admin"
              cancelLabel="Cancel"
              pending={pendingAction === 'revoke-admin'}
              onConfirm={(close, fail) => run('revoke-admin', { close, fail })}
            />
          )
        : !user.suspendedAt && (
            <ConfirmDialog
              trigger={
                <Button variant="outline">
                  <ShieldCheck aria-hidden="true" />
                  Make admin
                </Button>
              }
              title="Make this account an admin?"
              description={
                <p>
                  {name} gets the whole admin console: documents, accounts and payments. Only do this for
                  TradeNest staff.
                </p>
              }
              confirmLabel="Make admin"
              cancelLabel="Cancel"
              confirmVariant="default"
              pending={pendingAction === 'grant-admin'}
              onConfirm={(close, fail) => run('grant-admin', { close, fail })}
            />
          )}
    </>
  );
}

function Section({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title} <span className="text-base font-normal text-muted-foreground">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        children
      )}
    </section>
  );
}

function Pair({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** What the action changed: each field whose value differs, before and after (the rest stayed as it was). */
function changesOf(entry: AdminAuditEntry): { field: string; before: string; after: string }[] {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...fields]
    .filter((field) => field !== 'reason')
    .map((field) => ({
      field,
      before: show(entry.before?.[field]),
      after: show(entry.after?.[field]),
    }))
    .filter((change) => change.before !== change.after);
}

function AuditRow({ entry }: { entry: AdminAuditEntry }) {
  const changes = changesOf(entry);
  return (
    <li className="space-y-1 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="font-medium">{humanise(entry.action)}</span>
        <time dateTime={entry.at} className="text-xs text-muted-foreground">
          {formatDateTime(entry.at)}
        </time>
      </div>
      <p className="text-muted-foreground">
        By {entry.actorName ?? (entry.actorId ? 'Deleted user' : 'TradeNest')}
        {' · '}
        {humanise(entry.entityType)}
      </p>
      {changes.length > 0 && (
        <ul className="space-y-0.5">
          {changes.map((change) => (
            <li key={change.field} className="break-words">
              <span className="text-muted-foreground">{humanise(change.field)}: </span>
              {change.before}
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              {change.after}
            </li>
          ))}
        </ul>
      )}
      {entry.reason && (
        <p>
          <span className="text-muted-foreground">Reason: </span>
          {entry.reason}
        </p>
      )}
    </li>
  );
}
