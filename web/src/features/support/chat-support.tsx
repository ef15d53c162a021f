import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { MessageCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { useSession } from '@/features/accounts';
import { relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useSupportConversations } from './api';
import { ConversationPanel } from './conversation-panel';
import { GuestSupportForm } from './guest-form';
import { OpenSupportForm } from './open-form';

const CARD = 'rounded-xl border border-border bg-card p-4 shadow-sm sm:p-6';

/** /chat-support: a signed-in person's conversation with the support team, or a visitor's message. */
export function ChatSupport() {
  const session = useSession();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Chat Support</h1>
        <p className="mt-1 text-muted-foreground">
          Message our support team. We usually reply within a few hours.
        </p>
      </header>
      {session.status === 'loading' ? (
        <CardSkeletons count={1} height="h-64" />
      ) : session.status === 'signed-in' ? (
        <SignedInSupport />
      ) : (
        <SignedOutSupport />
      )}
    </div>
  );
}

function SignedOutSupport() {
  return (
    <section aria-labelledby="guest-heading" className={cn(CARD, 'space-y-4')}>
      <h2 id="guest-heading" className="text-lg font-semibold">
        Talk to support
      </h2>
      <p>{SUPPORT_MESSAGES.signInPrompt}</p>
      <Button asChild>
        <Link to="/auth">Sign in</Link>
      </Button>
      <GuestSupportForm />
    </section>
  );
}

/** The open conversation (or a form to start one), and the closed ones below it. */
function SignedInSupport() {
  const list = useSupportConversations();
  const [params, setParams] = useSearchParams();
  if (list.isPending) return <CardSkeletons count={1} height="h-64" />;
  if (list.isError)
    return (
      <ErrorState text="We could not load your support conversations." onRetry={() => void list.refetch()} />
    );

  const conversations = list.data.conversations;
  const current = conversations.find((c) => c.status !== 'closed') ?? null;
  const past = conversations.filter((c) => c.status === 'closed');
  const chosen = conversations.find((c) => c.id === params.get('conversation')) ?? current;
  const show = (id: string | null) => setParams(id ? { conversation: id } : {}, { replace: true });

  return (
    <>
      {chosen ? (
        <ConversationPanel
          key={chosen.id}
          id={chosen.id}
          onBack={chosen.id !== current?.id ? () => show(null) : undefined}
        />
      ) : (
        <section aria-labelledby="start-heading" className={cn(CARD, 'space-y-4')}>
          <div className="flex items-start gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">
              <MessageCircle className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 id="start-heading" className="text-lg font-semibold">
                Start a conversation
              </h2>
              <p className="text-sm text-muted-foreground">
                Tell us what you need and a member of the team will reply here.
              </p>
            </div>
          </div>
          <OpenSupportForm onOpened={() => show(null)} />
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="past-heading" className="space-y-3">
          <h2 id="past-heading" className="text-lg font-semibold">
            Past conversations
          </h2>
          <ul className="divide-y divide-border rounded-xl border border-border bg-card">
            {past.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => show(c.id)}
                  aria-current={c.id === chosen?.id ? 'true' : undefined}
                  className="flex min-h-11 w-full flex-col items-start gap-0.5 px-4 py-3 text-left hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring aria-[current=true]:bg-muted"
                >
                  <span className="font-medium wrap-anywhere">{c.subject}</span>
                  <span className="text-sm text-muted-foreground">Closed · {relativeTime(c.updatedAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
