import { MessageContent } from '@domain/messaging/schemas';
import { SendHorizontal } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { ApiError } from '@/lib/api';
import { formatCount } from '@/lib/format';
import { cn } from '@/lib/utils';
import { MESSAGE_MAX_LENGTH, useSendMessage } from './api';

/** The counter shows from here on, so it is there before the limit bites. */
export const COUNTER_FROM = 4500;

/**
 * The box for the next message. Not a react-hook-form form: the message is checked on every key press
 * (the counter, and the too-long message said at once), with the domain's MessageContent schema, and a
 * blank message is not refused but ignored (spec section 5). Enter sends, Shift+Enter makes a new line.
 */
export function Composer({ conversationId }: { conversationId: string }) {
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const { draft, setDraft, length, tooLong, canSend, problem, submit } = useComposer(conversationId);
  const textareaRef = useGrowingTextarea(draft);
  const counted = length > COUNTER_FROM;

  return (
    <form
      className="relative shrink-0 border-t border-border bg-background px-3 py-3 sm:px-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {counted && <Counter id={counterId} length={length} tooLong={tooLong} />}
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <textarea
          ref={textareaRef}
          id={inputId}
          rows={1}
          value={draft}
          placeholder="Type a message..."
          enterKeyHint="send"
          aria-describedby={[counted && counterId, problem && errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter makes a new line; Enter that ends an IME composition (Japanese,
            // Chinese input) only confirms the characters.
            if (event.key !== 'Enter' || event.shiftKey) return;
            if (event.nativeEvent.isComposing || event.keyCode === 229) return;
            event.preventDefault();
            void submit();
          }}
          className="block max-h-32 min-h-10 w-full min-w-0 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      {/* An alert when too long, since that happens while typing and nothing else says so aloud. */}
      <div role={tooLong ? 'alert' : undefined}>
        <FieldError id={errorId} className="mt-2" message={problem} />
      </div>
    </form>
  );
}

/** The draft, its check, and sending it; a failed message comes back into the box. */
function useComposer(conversationId: string) {
  const [draft, setDraft] = useState('');
  const send = useSendMessage(conversationId);
  // Why the last message did not go, said under the box until the next try.
  const [failure, setFailure] = useState<string | null>(null);
  // The server counts the trimmed text, so the counter does too.
  const length = draft.trim().length;
  const checked = MessageContent.safeParse(draft);
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const canSend = checked.success;
  const problem = tooLong ? (checked.error?.issues[0]?.message ?? null) : failure;

  const submit = async () => {
    if (!checked.success) return;
    const typed = draft;
    setDraft('');
    setFailure(null);
    try {
      await send.mutateAsync(checked.data);
    } catch (error) {
      // The toast says it failed (useSendMessage), and so does the line under the box, with the
      // server's reason when it gave one; the words come back for another try, ahead of anything
      // typed since.
      const reason = error instanceof ApiError && error.status < 500 ? error.message : null;
      setFailure(reason ? `Failed to send message. ${reason}` : 'Failed to send message. Please try again.');
      setDraft((current) => (current.trim() ? `${typed}\n${current}` : typed));
    }
  };

  return { draft, setDraft, length, tooLong, canSend, problem, submit };
}

/** Grows with the text up to the CSS max height, then scrolls. */
function useGrowingTextarea(text: string) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    if (textarea.scrollHeight > 0) textarea.style.height = `${textarea.scrollHeight + 2}px`;
  }, [text]);
  return textareaRef;
}

/** '4,501 / 5,000', over the thread rather than in the form's flow, so the box does not jump. */
function Counter({ id, length, tooLong }: { id: string; length: number; tooLong: boolean }) {
  return (
    <p
      id={id}
      className={cn(
        'absolute -top-7 right-3 rounded-md bg-background/95 px-2 py-0.5 text-xs tabular-nums shadow-sm sm:right-4',
        tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground',
      )}
    >
      {formatCount(length)} / {formatCount(MESSAGE_MAX_LENGTH)}
      {tooLong && <span className="sr-only"> (too long)</span>}
    </p>
  );
}
