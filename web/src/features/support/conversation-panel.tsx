import { SUPPORT_MESSAGES } from '@domain/support/messages';
import type { SupportStatus } from '@domain/support/rules';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Badge, type Tone } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { showError } from '@/lib/toast';
import { useCloseOrReopenSupport, useMarkSupportRead, useSupportConversation } from './api';
import { MessageComposer } from './message-composer';
import { SupportThread } from './support-thread';
import { SharedTranscript } from './transcript';

export const STATUS_LABEL: Record<SupportStatus, { label: string; tone: Tone }> = {
  open: { label: 'Waiting for support', tone: 'amber' },
  waiting: { label: 'Support replied', tone: 'blue' },
  closed: { label: 'Closed', tone: 'grey' },
};

/** One of the person's conversations: its messages, live, and the box to write while it is open. */
export function ConversationPanel({ id, onBack }: { id: string; onBack?: () => void }) {
  const conversation = useSupportConversation(id);
  const toggle = useCloseOrReopenSupport(id);
  useReadWhileOpen(id, conversation.data);

  if (conversation.isPending)
    return (
      <div role="status" className="flex h-64 items-center justify-center rounded-xl border border-border">
        <Spinner />
        <span className="sr-only">Loading the conversation…</span>
      </div>
    );
  if (conversation.isError)
    return (
      <ErrorState text="We could not load this conversation." onRetry={() => void conversation.refetch()} />
    );

  const c = conversation.data;
  const closed = c.status === 'closed';
  const act = (action: 'close' | 'reopen') =>
    toggle.mutate(action, {
      onError: (error) => void showError('Error', errorMessage(error, 'Please try again.')),
    });

  return (
    <section
      aria-labelledby="conversation-heading"
      className="overflow-hidden rounded-xl border border-border bg-card shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-border p-3 sm:p-4">
        {onBack && (
          <Button variant="ghost" size="icon" onClick={onBack} aria-label="Back to your open conversation">
            <ArrowLeft aria-hidden="true" />
          </Button>
        )}
        <div className="min-w-0 flex-1">
          <h2 id="conversation-heading" className="font-semibold wrap-anywhere">
            {c.subject}
          </h2>
          <Badge tone={STATUS_LABEL[c.status].tone}>{STATUS_LABEL[c.status].label}</Badge>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={toggle.isPending}
          aria-busy={toggle.isPending}
          onClick={() => act(closed ? 'reopen' : 'close')}
        >
          {toggle.isPending && <Spinner />}
          {closed ? 'Reopen' : 'Close conversation'}
        </Button>
      </header>
      {c.transcript && (
        <div className="border-b border-border p-3 sm:p-4">
          <SharedTranscript transcript={c.transcript} />
        </div>
      )}
      <SupportThread
        messages={c.messages}
        viewer="user"
        otherName="Support"
        emptyText="Write to the support team."
      />
      {closed ? (
        <p className="border-t border-border p-4 text-sm text-muted-foreground">{SUPPORT_MESSAGES.closed}</p>
      ) : (
        <MessageComposer conversationId={c.id} />
      )}
    </section>
  );
}

/** Support's replies count as read while the conversation is on screen: on opening and as each arrives. */
function useReadWhileOpen(
  id: string,
  conversation: { unread: number; messages: { id: string }[] } | undefined,
) {
  const markRead = useMarkSupportRead(id);
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
