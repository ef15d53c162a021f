import type { ConversationResponse } from '@domain/messaging/api';
import { ArrowLeft, MessageSquareOff } from 'lucide-react';
import { Link } from 'react-router';
import { ScreenNotice } from '@/components/screen-notice';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api';
import { personName, useConversation, useMessages } from './api';
import { Avatar } from './avatar';
import { Composer } from './composer';
import { Thread } from './thread';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A conversation (/conversation/{id}): its messages, oldest at the top, and a box to write the next one. */
export function ConversationView({ id }: { id: string }) {
  const conversation = useConversation(id);
  const messages = useMessages(id);

  if (isNotFound(conversation.error) || isNotFound(messages.error)) return <ConversationNotFound />;

  return (
    // The route fills the window (fillsScreen in the router): this takes what the header, a banner and
    // the tab bar leave, so the thread scrolls and the box stays in view above the tab bar.
    <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col sm:border-x sm:border-border">
      <ConversationHeader conversation={conversation.data} />
      {/* Only a failed first load: a failed refresh or older page keeps what is shown. */}
      {conversation.isLoadingError || messages.isLoadingError ? (
        <div className="flex-1 overflow-y-auto p-4">
          <ErrorState
            text="We could not load this conversation."
            onRetry={() => {
              if (conversation.isLoadingError) void conversation.refetch();
              if (messages.isLoadingError) void messages.refetch();
            }}
          />
        </div>
      ) : (
        <Thread
          id={id}
          messages={messages}
          otherName={conversation.data && personName(conversation.data.other)}
        />
      )}
      <Composer conversationId={id} />
    </div>
  );
}

function ConversationNotFound() {
  return (
    <ScreenNotice
      icon={MessageSquareOff}
      title="Conversation not found"
      link={{ to: '/messages', label: 'Back to messages' }}
    >
      This conversation does not exist or is not one of yours.
    </ScreenNotice>
  );
}

function ConversationHeader({
  conversation,
}: {
  conversation: ConversationResponse['conversation'] | undefined;
}) {
  const other = conversation?.other;
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border px-2 sm:px-4">
      <Button asChild variant="ghost" size="icon" className="shrink-0">
        <Link to="/messages" aria-label="Back to messages">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      {other ? (
        <Avatar person={other} size={40} />
      ) : (
        <span aria-hidden="true" className="size-10 shrink-0 rounded-full bg-muted" />
      )}
      <div className="min-w-0 flex-1">
        {other ? (
          <h1 className="truncate text-base leading-tight font-semibold">{personName(other)}</h1>
        ) : (
          <h1 className="h-5">
            <span className="sr-only">Conversation</span>
            <span
              aria-hidden="true"
              className="block h-4 w-32 animate-pulse rounded bg-muted motion-reduce:animate-none"
            />
          </h1>
        )}
        {/* Kept even when empty, so the header does not shift as the conversation loads. */}
        <p className="flex h-4 min-w-0 items-center gap-1 text-xs leading-4 text-muted-foreground">
          {other?.userType === 'tradesperson' && other.trade && (
            <span className="shrink-0">
              {other.trade}
              {conversation?.job && ' ·'}
            </span>
          )}
          {conversation?.job && (
            <Link
              to={`/job/${encodeURIComponent(conversation.job.id)}`}
              className="truncate rounded-sm underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              About: {conversation.job.title}
            </Link>
          )}
        </p>
      </div>
    </header>
  );
}
