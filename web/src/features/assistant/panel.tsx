// The AI Assistant's panel (spec section 2): loaded by launcher.tsx the first time it is opened, so the
// first script every visitor downloads carries only the button.

import { ASSISTANT_LIMITS, ASSISTANT_TEXTS, contextOfPath } from '@domain/assistant/messages';
import { PRODUCT_NAME } from '@domain/catalog/catalog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Bot, SendHorizontal, X } from 'lucide-react';
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'react-router';
import { cn } from '@/lib/utils';
import { type ChatMessage, getState, send, subscribe, syncOwner } from './conversation';
import { HandoverConsent, TalkToSupport } from './handover';
import { ReplyText } from './reply-text';

type PanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened it: focus goes back there on closing. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Who is signed in: an id, null for a visitor, undefined while the session loads. */
  userId: string | null | undefined;
  /** The phone's tab bar is shown: the panel stays above it. */
  aboveTabBar: boolean;
};

// Tailwind reads class names from the source, so both placements are written out whole. The tab bar is
// 4rem and a 1px border tall, plus the home indicator, below md only.
const PLACE = {
  plain: 'bottom-4 max-h-[calc(100dvh-2rem)]',
  tabBar:
    'bottom-[calc(5rem+1px+env(safe-area-inset-bottom))] max-h-[calc(100dvh-6rem-1px-env(safe-area-inset-bottom))] md:bottom-4 md:max-h-[calc(100dvh-2rem)]',
} as const;

/**
 * A non-modal dialog: the page stays usable (a link in a reply changes the screen behind it), while
 * focus moves into the panel on opening, Tab and Shift+Tab go round inside it, Escape closes it and
 * focus returns to the button.
 */
export function AssistantPanel({ open, onOpenChange, returnFocusTo, userId, aboveTabBar }: PanelProps) {
  const chat = useSyncExternalStore(subscribe, getState, getState);
  const { pathname } = useLocation();
  const [draft, setDraft] = useState('');
  // The consent step of 'Talk to support' shows in place of the message box.
  const [consenting, setConsenting] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => syncOwner(userId), [userId]);

  // The newest message in view, on opening and as a reply grows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when what is shown changes.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [open, chat.messages.length, chat.streaming, chat.pending]);

  // The input is disabled while a reply is on its way, so focus waits on the conversation meanwhile;
  // it comes back to the input with the reply, unless the person has moved it elsewhere.
  useEffect(() => {
    if (chat.pending) return;
    if (logRef.current && document.activeElement === logRef.current) inputRef.current?.focus();
  }, [chat.pending]);

  const submit = () => {
    const sent = send(draft, contextOfPath(pathname), userId ? 'authenticated' : 'guest');
    if (!sent) return;
    setDraft('');
    const active = document.activeElement;
    if (active && contentRef.current?.contains(active)) logRef.current?.focus();
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DialogPrimitive.Content
        ref={contentRef}
        aria-describedby={undefined}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (chat.pending ? logRef.current : inputRef.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
        // Only from inside the panel: Escape pressed on the page is the page's.
        onEscapeKeyDown={(event) => {
          if (!contentRef.current?.contains(document.activeElement)) event.preventDefault();
        }}
        // Working on the page beside it (or following a link from it) leaves it open.
        onInteractOutside={(event) => event.preventDefault()}
        style={{ maxWidth: ASSISTANT_LIMITS.panelWidthPx, height: ASSISTANT_LIMITS.panelHeightPx }}
        className={cn(
          'fixed right-4 z-40 flex w-[calc(100%-2rem)] flex-col overflow-hidden rounded-xl border border-border bg-background text-foreground shadow-xl focus:outline-none',
          PLACE[aboveTabBar ? 'tabBar' : 'plain'],
        )}
      >
        <PanelHeader />
        <ConversationLog
          logRef={logRef}
          chat={chat}
          signedIn={Boolean(userId)}
          onHandover={() => setConsenting(true)}
        />
        {consenting ? (
          <HandoverConsent
            messages={chat.messages}
            onCancel={() => {
              setConsenting(false);
              inputRef.current?.focus();
            }}
            onDone={() => {
              setConsenting(false);
              onOpenChange(false);
            }}
          />
        ) : (
          <ChatInput
            inputRef={inputRef}
            draft={draft}
            onDraftChange={setDraft}
            pending={chat.pending}
            onSend={submit}
          />
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

function Message({ message }: { message: ChatMessage }) {
  return (
    <Bubble from={message.role}>
      {message.role === 'user' ? (
        <p className="whitespace-pre-wrap wrap-anywhere">{message.text}</p>
      ) : (
        <ReplyText text={message.text} />
      )}
    </Bubble>
  );
}

function Bubble({
  from,
  hidden = false,
  children,
}: {
  from: ChatMessage['role'];
  hidden?: boolean;
  children: ReactNode;
}) {
  const mine = from === 'user';
  return (
    <div aria-hidden={hidden || undefined} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
          mine
            ? 'rounded-br-sm bg-primary text-primary-foreground'
            : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <span className="sr-only">{mine ? 'You' : ASSISTANT_TEXTS.title}: </span>
        {children}
      </div>
    </div>
  );
}

function PanelHeader() {
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b border-border px-4">
      <span className="flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground">
        <Bot className="size-5" aria-hidden="true" />
      </span>
      <DialogPrimitive.Title className="mr-auto text-base font-semibold">
        {ASSISTANT_TEXTS.title}
      </DialogPrimitive.Title>
      <DialogPrimitive.Close
        className="flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label="Close AI Assistant"
      >
        <X className="size-5" aria-hidden="true" />
      </DialogPrimitive.Close>
    </div>
  );
}

/** The conversation: the greeting, the messages, the reply being written and the thinking dots. */
function ConversationLog({
  logRef,
  chat,
  signedIn,
  onHandover,
}: {
  logRef: RefObject<HTMLDivElement | null>;
  chat: ReturnType<typeof getState>;
  signedIn: boolean;
  onHandover: () => void;
}) {
  // Only the latest answer offers the hand-over: an older offer has been overtaken by the conversation.
  const last = chat.messages.at(-1);
  const offer = !chat.pending && last?.role === 'assistant' && last.offerHandover === true;
  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      // Scrollable by keyboard, and where focus waits while a reply is written.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      className="relative min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      <Bubble from="assistant">
        <ReplyText text={ASSISTANT_TEXTS.greeting(PRODUCT_NAME)} />
      </Bubble>
      {chat.messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
      {offer && (
        <div className="flex justify-start">
          <TalkToSupport signedIn={signedIn} onStart={onHandover} />
        </div>
      )}
      {chat.streaming !== '' && (
        // The reply as it is written, hidden from screen readers: the log announces it once whole,
        // as a new message, rather than word by word.
        <Bubble from="assistant" hidden>
          <ReplyText text={chat.streaming} live />
        </Bubble>
      )}
      {chat.pending && chat.streaming === '' && (
        <Bubble from="assistant">
          <span className="sr-only">{ASSISTANT_TEXTS.title} is thinking…</span>
          <span aria-hidden="true" className="flex h-5 items-center gap-1">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                style={{ animationDelay: `${delay}ms` }}
                className="size-1.5 rounded-full bg-muted-foreground motion-safe:animate-bounce"
              />
            ))}
          </span>
        </Bubble>
      )}
    </div>
  );
}

/** The message box: a plain chat input (Enter sends; nothing to validate beyond its length). */
function ChatInput({
  inputRef,
  draft,
  onDraftChange,
  pending,
  onSend,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  draft: string;
  onDraftChange: (draft: string) => void;
  pending: boolean;
  onSend: () => void;
}) {
  return (
    <form
      className="flex shrink-0 items-center gap-2 border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="assistant-input" className="sr-only">
        Message
      </label>
      <input
        ref={inputRef}
        id="assistant-input"
        type="text"
        autoComplete="off"
        enterKeyHint="send"
        value={draft}
        placeholder={ASSISTANT_TEXTS.placeholder}
        maxLength={ASSISTANT_LIMITS.messageMax}
        disabled={pending}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends (spec section 2); Enter that ends an IME composition only confirms the characters.
          if (event.key !== 'Enter' || event.nativeEvent.isComposing || event.keyCode === 229) return;
          event.preventDefault();
          onSend();
        }}
        className="h-10 w-full min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
      />
      <button
        type="submit"
        aria-label="Send message"
        disabled={pending}
        aria-busy={pending}
        className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
      >
        <SendHorizontal className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
