import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Badge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/accounts';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { showError } from '@/lib/toast';
import {
  type AdminSupportConversationView,
  useAdminCloseOrReopen,
  useAdminSupportConversation,
  useAssign,
  useMarkStaffRead,
} from './admin-api';
import { STATUS_LABEL } from './conversation-panel';
import { DisputeDialog } from './dispute-dialog';
import { personLabel, waitingText } from './format';
import { PersonLinks } from './person-links';
import { StaffComposer } from './staff-composer';
import { SupportThread } from './support-thread';
import { SharedTranscript } from './transcript';

/** /admin/support/:id: the thread with its notes, the tools to answer, and what the person has with us. */
export function AdminSupportConversation({ id }: { id: string }) {
  const conversation = useAdminSupportConversation(id);
  useStaffReadWhileOpen(id, conversation.data);

  if (conversation.error instanceof ApiError && conversation.error.status === 404) {
    return (
      <ScreenNotice
        icon={MessageSquareOff}
        title="Conversation not found"
        link={{ to: '/admin/support', label: 'Back to the support inbox' }}
      >
        This support conversation does not exist.
      </ScreenNotice>
    );
  }
  if (conversation.isPending) return <CardSkeletons count={2} height="h-48" />;
  if (conversation.isError)
    return (
      <ErrorState text="We could not load this conversation." onRetry={() => void conversation.refetch()} />
    );

  const c = conversation.data;
  return (
    <div className="space-y-6">
      <ConversationHeader conversation={c} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section
          aria-label="Conversation"
          className="min-w-0 overflow-hidden rounded-xl border border-border bg-card shadow-sm"
        >
          {c.transcript && (
            <div className="border-b border-border p-3 sm:p-4">
              <SharedTranscript transcript={c.transcript} userLabel={personLabel(c.person)} />
              {c.transcriptConsentedAt && (
                <p className="mt-2 text-xs text-muted-foreground">
                  Shared with consent on {formatDateTime(c.transcriptConsentedAt)}
                </p>
              )}
            </div>
          )}
          <SupportThread
            messages={c.messages}
            viewer="staff"
            otherName={personLabel(c.person)}
            emptyText="No messages yet."
          />
          <StaffComposer conversationId={c.id} closed={c.status === 'closed'} />
        </section>
        <PersonLinks conversation={c} />
      </div>
    </div>
  );
}

function ConversationHeader({ conversation: c }: { conversation: AdminSupportConversationView }) {
  const session = useSession();
  const assign = useAssign(c.id);
  const toggle = useAdminCloseOrReopen(c.id);
  const mine = c.assignedAdmin !== null && c.assignedAdmin.id === session.user?.id;
  const closed = c.status === 'closed';
  const failed = (error: unknown) => void showError('Error', errorMessage(error, 'Please try again.'));
  const waiting = waitingText(c.waitingMinutes);

  return (
    <header className="space-y-3">
      <Link
        to="/admin/support"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Support inbox
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight wrap-anywhere">{c.subject}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{personLabel(c.person)}</span>
            <Badge tone={STATUS_LABEL[c.status].tone}>{STATUS_LABEL[c.status].label}</Badge>
            <span>{c.assignedAdmin ? `Assigned to ${c.assignedAdmin.name}` : 'Unassigned'}</span>
            {waiting && <span>{waiting}</span>}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {!mine && (
            <Button
              size="sm"
              disabled={assign.isPending}
              onClick={() => assign.mutate({}, { onError: failed })}
            >
              {assign.isPending && <Spinner />}
              Assign to me
            </Button>
          )}
          {c.assignedAdmin && (
            <Button
              size="sm"
              variant="outline"
              disabled={assign.isPending}
              onClick={() => assign.mutate({ adminId: null }, { onError: failed })}
            >
              Unassign
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            disabled={toggle.isPending}
            aria-busy={toggle.isPending}
            onClick={() => toggle.mutate(closed ? 'reopen' : 'close', { onError: failed })}
          >
            {toggle.isPending && <Spinner />}
            {closed ? 'Reopen' : 'Close'}
          </Button>
          {c.disputeId ? (
            <Button asChild size="sm" variant="outline">
              <Link to={`/admin/disputes/${encodeURIComponent(c.disputeId)}`}>Open the dispute</Link>
            </Button>
          ) : (
            c.links &&
            c.links.bookings.length > 0 && <DisputeDialog conversationId={c.id} bookings={c.links.bookings} />
          )}
        </div>
      </div>
    </header>
  );
}

/** The person's messages count as read by support while the conversation is on an admin's screen. */
function useStaffReadWhileOpen(id: string, conversation: AdminSupportConversationView | undefined) {
  const markRead = useMarkStaffRead(id);
  const lastAsked = useRef<string | null>(null);
  const latest = conversation?.messages.at(-1)?.id ?? null;
  const unread = conversation?.unread ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per newest message while some are unread
  useEffect(() => {
    if (unread === 0 || latest === lastAsked.current) return;
    lastAsked.current = latest;
    markRead.mutate();
  }, [unread, latest]);
}
