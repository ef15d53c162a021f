import { StaffMessageBody } from '@domain/support/api';
import { SUPPORT_MESSAGES } from '@domain/support/messages';
import type { SupportMessageKind } from '@domain/support/rules';
import { SendHorizontal } from 'lucide-react';
import { useId } from 'react';
import type * as z from 'zod';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { SubmitButton } from '@/components/ui/submit-button';
import { ReviewTextarea } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useStaffMessage } from './admin-api';
import { CannedPicker, ManageCannedReplies } from './canned-replies';
import { SEND_FAILED, showFailure } from './form-failure';

const KINDS: { kind: SupportMessageKind; label: string }[] = [
  { kind: 'message', label: 'Reply' },
  { kind: 'note', label: 'Internal note' },
];

/**
 * Support's box: a reply the person reads, or an internal note only support sees (the switch says which,
 * and the box turns amber for a note). A canned reply is put into the box to be edited before sending.
 * A closed conversation still takes notes (what was found out later), not replies. Keyed by `closed`
 * so the switch starts on what is allowed.
 */
export function StaffComposer({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  return <Composer key={String(closed)} conversationId={conversationId} closed={closed} />;
}

function Composer({ conversationId, closed }: { conversationId: string; closed: boolean }) {
  const id = useId();
  const send = useStaffMessage(conversationId);
  const form = useZodForm(StaffMessageBody, {
    defaultValues: { body: '', kind: closed ? 'note' : 'message' },
    invalidToast: false,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind') ?? 'message';
  const failure = errors.root?.server?.message;
  const note = kind === 'note';

  const submit = (values: z.output<typeof StaffMessageBody>) =>
    send.mutate(values, {
      onSuccess: () => form.reset({ body: '', kind: values.kind }),
      onError: (error) => showFailure(form, error, SEND_FAILED),
    });

  const insert = (text: string) => {
    const current = form.getValues('body') ?? '';
    form.setValue('body', current.trim() ? `${current}\n${text}` : text, { shouldDirty: true });
    document.getElementById(`${id}-body`)?.focus();
  };

  // The canned-reply tools sit outside the form: the dialog's own form would otherwise submit this
  // one too (React's events bubble out of a portal to the component that rendered it).
  return (
    <div
      className={cn(
        'space-y-3 border-t border-border p-3 sm:p-4',
        note && 'bg-amber-50 dark:bg-amber-950/40',
      )}
    >
      {closed && <p className="text-sm text-muted-foreground">{SUPPORT_MESSAGES.closed}</p>}
      <div className="flex flex-wrap gap-2">
        <CannedPicker onPick={insert} />
        <ManageCannedReplies />
      </div>
      <form
        noValidate
        aria-label="Write to the person"
        className="space-y-3"
        onSubmit={(event) => void form.submitWith(submit)(event)}
      >
        <fieldset className="inline-flex rounded-md bg-muted p-1">
          <legend className="sr-only">Send as</legend>
          {KINDS.map((k) => (
            <label
              key={k.kind}
              className="flex min-h-9 cursor-pointer items-center rounded-sm px-3 text-sm font-medium has-checked:bg-background has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring has-disabled:cursor-not-allowed has-disabled:opacity-50"
            >
              <input
                type="radio"
                value={k.kind}
                disabled={closed && k.kind === 'message'}
                className="sr-only"
                {...form.register('kind')}
              />
              {k.label}
            </label>
          ))}
        </fieldset>
        <Field
          id={`${id}-body`}
          label={note ? 'Internal note (only support sees this)' : 'Reply to the person'}
          error={errors.body?.message}
        >
          {(control) => (
            <ReviewTextarea
              {...control}
              {...form.register('body')}
              rows={3}
              placeholder={note ? 'A note for the support team…' : 'Write a reply…'}
            />
          )}
        </Field>
        <div className="flex items-start justify-between gap-3">
          <div role="alert" className="min-w-0 flex-1">
            <FieldError id={`${id}-failure`} message={failure} />
          </div>
          <SubmitButton pending={send.isPending} describedBy={failure ? `${id}-failure` : null}>
            <SendHorizontal aria-hidden="true" />
            {note ? 'Add note' : 'Send reply'}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
