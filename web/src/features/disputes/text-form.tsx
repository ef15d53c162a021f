import { type ReactNode, useId, useMemo, useRef } from 'react';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { typingRoom } from './checks';

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void };

/**
 * One text box and its button, as the dispute page's forms use it (the response, a statement, a
 * message). The text is checked with the server's own rule for that field (`rule`, taken from the
 * domain's request body) before anything is sent; a problem shows beside the box, which takes focus; a
 * refusal keeps what was typed; a double click sends once.
 */
export function DisputeTextForm({
  label,
  hint,
  max,
  rows = 4,
  rule,
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
  /** The field's schema in the domain body (e.g. `RespondBody.shape.response`): trims, then measures. */
  rule: z.ZodType<string, string>;
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
  const schema = useMemo(() => z.object({ text: rule }), [rule]);
  const form = useZodForm(schema, { defaultValues: { text: '' } });
  const text = form.watch('text') ?? '';
  const sending = useRef(false);

  const submit = form.submitWith(({ text: trimmed }) => {
    if (sending.current || pending) return;
    sending.current = true;
    send(trimmed, {
      onSuccess: () => {
        if (success) void showSuccess(success);
        form.reset({ text: '' });
      },
      onError: (error) => {
        if (isValidationError(error)) {
          const first = issuesFromServer(error)[0];
          form.setError('text', { message: first?.message ?? error.message });
        }
        void showError(errorMessage(error, failure));
      },
      onSettled: () => {
        sending.current = false;
      },
    });
  });

  return (
    <form noValidate className="space-y-2" aria-busy={pending} onSubmit={submit}>
      <Field
        id={`${id}-text`}
        label={label}
        hint={hint}
        counter={<CharacterCounter id={`${id}-count`} length={text.trim().length} max={max} />}
        error={form.formState.errors.text?.message}
      >
        {(control) => (
          <ReviewTextarea
            rows={rows}
            maxLength={typingRoom(max)}
            placeholder={placeholder}
            readOnly={pending}
            {...control}
            {...form.register('text')}
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
