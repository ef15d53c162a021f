import { GuestSupportBody } from '@domain/support/api';
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import type * as z from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { useGuestSupport } from './api';
import { SEND_FAILED, showFailure } from './form-failure';

/**
 * A visitor's message to support: it arrives in the same inbox and is answered by email. `website` is
 * a honeypot: out of sight, out of the tab order and hidden from screen readers, so only a robot fills it.
 */
export function GuestSupportForm() {
  const id = useId();
  const guest = useGuestSupport();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(GuestSupportBody, {
    defaultValues: { email: '', name: '', message: '', website: '' },
  });
  const { errors } = form.formState;
  const failure = errors.root?.server?.message;

  const submit = ({ name, website, ...values }: z.output<typeof GuestSupportBody>) =>
    guest.mutate(
      { ...values, name: name ? name : undefined, website: website ? website : undefined },
      {
        onSuccess: () => setSent(SUPPORT_MESSAGES.guestSent),
        onError: (error) => showFailure(form, error, SEND_FAILED),
      },
    );

  if (sent) {
    return (
      <p role="status" className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 p-4">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        {sent}
      </p>
    );
  }

  return (
    <form
      noValidate
      aria-label="Message support"
      className="relative space-y-4"
      onSubmit={(event) => void form.submitWith(submit)(event)}
    >
      <Field id={`${id}-email`} label="Email" required error={errors.email?.message}>
        {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
      </Field>
      <Field id={`${id}-name`} label="Name (optional)" error={errors.name?.message}>
        {(control) => <Input {...control} {...form.register('name')} autoComplete="name" />}
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
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          id={`${id}-website`}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      <div role="alert">
        <FieldError id={`${id}-failure`} message={failure} />
      </div>
      <SubmitButton pending={guest.isPending} describedBy={failure ? `${id}-failure` : null}>
        Send message
      </SubmitButton>
    </form>
  );
}
