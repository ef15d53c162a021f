import { OpenSupportBody } from '@domain/support/api';
import { useId } from 'react';
import type * as z from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { type SupportConversationView, useOpenSupport } from './api';
import { SEND_FAILED, showFailure } from './form-failure';

/** The first message (and an optional subject) opens a conversation with the support team. */
export function OpenSupportForm({ onOpened }: { onOpened: (conversation: SupportConversationView) => void }) {
  const id = useId();
  const open = useOpenSupport();
  const form = useZodForm(OpenSupportBody, { defaultValues: { subject: '', message: '' } });
  const { errors } = form.formState;
  const failure = errors.root?.server?.message;

  const submit = ({ subject, message }: z.output<typeof OpenSupportBody>) =>
    open.mutate(
      { message, subject: subject ? subject : undefined },
      { onSuccess: onOpened, onError: (error) => showFailure(form, error, SEND_FAILED) },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void form.submitWith(submit)(event)}>
      <Field id={`${id}-subject`} label="Subject (optional)" error={errors.subject?.message}>
        {(control) => <Input {...control} {...form.register('subject')} placeholder="What is it about?" />}
      </Field>
      <Field id={`${id}-message`} label="Message" required error={errors.message?.message}>
        {(control) => (
          <ReviewTextarea
            {...control}
            {...form.register('message')}
            rows={4}
            placeholder="How can we help?"
          />
        )}
      </Field>
      <div role="alert">
        <FieldError id={`${id}-failure`} message={failure} />
      </div>
      <SubmitButton pending={open.isPending} describedBy={failure ? `${id}-failure` : null}>
        Start chat
      </SubmitButton>
    </form>
  );
}
