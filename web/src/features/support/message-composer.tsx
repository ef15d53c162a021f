import { SupportMessageBody } from '@domain/support/api';
import { SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import type * as z from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { useSendSupportMessage } from './api';
import { SEND_FAILED, showFailure } from './form-failure';

/** The person's box for the next message; a refused message stays in the box with the reason. */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const id = useId();
  const send = useSendSupportMessage(conversationId);
  const form = useZodForm(SupportMessageBody, { defaultValues: { message: '' }, invalidToast: false });
  const failure = form.formState.errors.root?.server?.message;

  const submit = (values: z.output<typeof SupportMessageBody>) =>
    send.mutate(values.message, {
      onSuccess: () => form.reset({ message: '' }),
      onError: (error) => showFailure(form, error, SEND_FAILED),
    });

  return (
    <form
      noValidate
      className="space-y-2 border-t border-border p-3 sm:p-4"
      onSubmit={(event) => void form.submitWith(submit)(event)}
    >
      <Field
        id={`${id}-message`}
        label="Your message"
        labelClassName="sr-only"
        error={form.formState.errors.message?.message}
      >
        {(control) => (
          <ReviewTextarea
            {...control}
            {...form.register('message')}
            rows={2}
            className="min-h-16"
            placeholder="Type a message..."
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter makes a new line, as in Messages.
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }}
          />
        )}
      </Field>
      <div className="flex items-start justify-between gap-3">
        <div role="alert" className="min-w-0 flex-1">
          <FieldError id={`${id}-failure`} message={failure} />
        </div>
        <SubmitButton pending={send.isPending} describedBy={failure ? `${id}-failure` : null}>
          <SendHorizontal aria-hidden="true" />
          Send
        </SubmitButton>
      </div>
    </form>
  );
}
