import { DeleteAccountBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordField } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiFetch } from '@/lib/api';
import { useMarkFields } from '@/lib/form-errors';
import { showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { reportPasswordRefusal } from './password-refusal';

// Typing a word, not just clicking, keeps an irreversible erasure from happening by accident.
const CONFIRMATION_WORD = 'DELETE';

// The server's body, and the typed word that only unlocks the button (it is not sent).
const DeleteAccountForm = DeleteAccountBody.extend({ confirmation: z.string() });
const EMPTY = { password: '', confirmation: '' };
const FIELDS = ['password'];

/** Erases the account; `onDeleted` forgets the (already ended) session and leaves the page. */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const form = useZodForm(DeleteAccountForm, { defaultValues: EMPTY });
  const { register, reset, watch, setError, formState } = form;
  const [open, setOpen] = useFormDialogOpen(() => reset(EMPTY));
  const remove = useMutation({
    mutationFn: (body: DeleteAccountBody) => apiFetch<void>('/account', { method: 'DELETE', json: body }),
  });
  const confirmed = watch('confirmation') === CONFIRMATION_WORD;

  const mark = useMarkFields(form, FIELDS);

  const onSubmit = form.submitWith(({ confirmation: _, ...body }) => {
    remove.mutate(body, {
      onSuccess: () => {
        void showSuccess('Account deleted', 'Your personal data has been erased.');
        setOpen(false);
        onDeleted();
      },
      onError: (error) => reportPasswordRefusal(error, 'password', mark, setError),
    });
  });

  return (
    <FormDialog
      trigger={
        <Button variant="outline" className="w-full justify-start text-destructive dark:text-foreground">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      }
      title="Delete your account?"
      description="This cannot be undone. You will be signed out everywhere."
      open={open}
      onOpenChange={setOpen}
    >
      <div className="space-y-3 text-sm">
        <p>
          <span className="font-semibold">Erased:</span> your name, email, photo and profile, your settings,
          and your name on messages you sent (they show as “Deleted user”).
        </p>
        <p>
          <span className="font-semibold">Kept:</span> records of payments and fees, because UK law requires
          us to keep financial records. They no longer carry your personal details.
        </p>
        <p>
          You can{' '}
          <a href="/api/v1/account/export" download className="text-primary underline underline-offset-4">
            download a copy of your data
          </a>{' '}
          first.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} aria-busy={remove.isPending} className="space-y-4">
        <PasswordField
          id="delete-password"
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <Field id="delete-confirmation" label={`Type ${CONFIRMATION_WORD} to confirm`} required error={null}>
          {(control) => (
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              {...control}
              {...register('confirmation')}
            />
          )}
        </Field>
        <FieldError id="delete-account-error" message={formState.errors.root?.server?.message} />
        <SubmitButton
          variant="destructive"
          className="w-full"
          disabled={!confirmed}
          pending={remove.isPending}
          describedBy={formState.errors.root?.server ? 'delete-account-error' : null}
        >
          Delete my account
        </SubmitButton>
      </form>
    </FormDialog>
  );
}
