// 'Talk to support' (issue 39): when the assistant cannot help, or the person asks for a human, the
// panel offers to open a support conversation with this conversation attached, only with consent.
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { SUPPORT_LIMITS } from '@domain/support/rules';
import { Headset } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';
import { useHandover } from '@/features/support';
import { errorMessage } from '@/lib/api';
import { type ChatMessage, transcriptOf } from './conversation';

const BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md border border-border bg-background px-3 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50';

/** Under the answer that offers it. A visitor goes to /chat-support, to sign in or leave a message. */
export function TalkToSupport({ signedIn, onStart }: { signedIn: boolean; onStart: () => void }) {
  if (!signedIn) {
    return (
      <Link to="/chat-support" className={BUTTON}>
        <Headset className="size-4" aria-hidden="true" />
        Talk to support
      </Link>
    );
  }
  return (
    <button type="button" className={BUTTON} onClick={onStart}>
      <Headset className="size-4" aria-hidden="true" />
      Talk to support
    </button>
  );
}

/**
 * The consent step: what will be shared, and a checkbox left unticked until the person ticks it.
 * Continuing without it says why and shares nothing; with it, the conversation opens on /chat-support.
 */
export function HandoverConsent({
  messages,
  onCancel,
  onDone,
}: {
  messages: readonly ChatMessage[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const handover = useHandover();
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const transcript = transcriptOf(messages, SUPPORT_LIMITS.transcriptTurnsMax, SUPPORT_LIMITS.messageMax);

  const submit = () => {
    if (!consent) {
      setProblem(SUPPORT_MESSAGES.consentRequired);
      checkboxRef.current?.focus();
      return;
    }
    setProblem(null);
    handover.mutate(
      { transcript, consent: true },
      {
        onSuccess: () => {
          onDone();
          void navigate('/chat-support');
        },
        onError: (error) => setProblem(errorMessage(error, 'We could not reach support. Please try again.')),
      },
    );
  };

  return (
    <form
      aria-labelledby={`${id}-heading`}
      noValidate
      className="max-h-[70%] shrink-0 space-y-3 overflow-y-auto border-t border-border p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        Talk to support
      </h3>
      <p className="text-muted-foreground">
        A person from our support team will reply on the Chat Support page. If you agree, they see this
        conversation, so you need not repeat yourself.
      </p>
      <details className="rounded-md border border-border">
        <summary className="cursor-pointer px-2 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-ring">
          What will be shared ({transcript.length} {transcript.length === 1 ? 'message' : 'messages'})
        </summary>
        <ol className="space-y-1 border-t border-border px-2 py-2">
          {transcript.map((turn, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's turns never move
            <li key={index} className="wrap-anywhere">
              <span className="font-medium">{turn.role === 'user' ? 'You' : 'Assistant'}: </span>
              {turn.content}
            </li>
          ))}
        </ol>
      </details>
      <label className="flex items-start gap-2">
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={consent}
          onChange={(event) => {
            setConsent(event.target.checked);
            if (event.target.checked) setProblem(null);
          }}
          aria-invalid={problem === SUPPORT_MESSAGES.consentRequired || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        Share this conversation with our support team
      </label>
      <div role="alert">
        <FieldError id={`${id}-problem`} message={problem} />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className={BUTTON} onClick={onCancel} disabled={handover.isPending}>
          Cancel
        </button>
        <button
          type="submit"
          disabled={handover.isPending}
          aria-busy={handover.isPending}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
        >
          {handover.isPending && <Spinner />}
          Continue
        </button>
      </div>
    </form>
  );
}
