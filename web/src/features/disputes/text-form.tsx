import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { typingRoom } from './checks';

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void };

/**
 * One text box and its button, as the dispute page's forms use it (the response, a statement, a
 * message). The text is checked as the server checks it before anything is sent; a problem shows
 * beside the box, which takes focus; a refusal keeps what was typed; a double click sends once.
 */
export function DisputeTextForm({
  label,
  hint,
  max,
  rows = 4,
  check,
  submitLabel,
  success,
  failure,
  pending,
  send,
  placeholder,
}: {
  label: ReactNode;
  hint?: ReactNode;
  max: number;
  rows?: number;
  check: (value: string) => string | null;
  submitLabel: string;
  /** The success toast, if any (the page changing may say enough). */
  success?: string;
  /** The failure toast when the server gives no message. */
  failure: string;
  pending: boolean;
  send: (text: string, callbacks: Callbacks) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const sending = useRef(false);

  const submit = () => {
    if (sending.current || pending) return;
    setTried(true);
    const found = check(text);
    setProblem(found);
    if (found) {
      void showError('Validation Error', found);
      requestAnimationFrame(() => box.current?.focus());
      return;
    }
    sending.current = true;
    send(text.trim(), {
      onSuccess: () => {
        if (success) void showSuccess(success);
        setText('');
        setTried(false);
        setProblem(null);
      },
      onError: (error) => {
        if (isValidationError(error)) {
          const first = issuesFromServer(error)[0];
          setProblem(first?.message ?? error.message);
        }
        void showError(errorMessage(error, failure));
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  };

  return (
    <form
      noValidate
      className="space-y-2"
      aria-busy={pending}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field
        id={`${id}-text`}
        label={label}
        hint={hint}
        counter={<CharacterCounter id={`${id}-count`} length={text.trim().length} max={max} />}
        error={problem}
      >
        {(control) => (
          <ReviewTextarea
            ref={box}
            rows={rows}
            value={text}
            maxLength={typingRoom(max)}
            placeholder={placeholder}
            readOnly={pending}
            {...control}
            onChange={(event) => {
              setText(event.target.value);
              if (tried) setProblem(check(event.target.value));
            }}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={pending} aria-busy={pending}>
          {pending && <Spinner />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
