import { ChangePasswordBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PasswordField } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { apiFetch } from '@/lib/api';
import { useMarkFields } from '@/lib/form-errors';
import { showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { reportPasswordRefusal } from './password-refusal';

// Not a spec text: the spec shows no behaviour for Change password, so this screen owns the wording.
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

// The server's body, and the repeated password that only the form asks for. The repeat is compared once
// the rest is valid, so a short new password is reported on its own field, not twice.
const ChangePasswordForm = ChangePasswordBody.extend({ confirmPassword: z.string() }).refine(
  (values) => values.confirmPassword === values.newPassword,
  {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
    when: (payload) => payload.issues.length === 0,
  },
);
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = Object.keys(EMPTY);

export function ChangePasswordDialog() {
  const form = useZodForm(ChangePasswordForm, { defaultValues: EMPTY });
  const { register, reset, setError, setFocus, formState } = form;
  const [open, setOpen] = useFormDialogOpen(() => reset(EMPTY));
  const change = useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiFetch<void>('/account/password', { method: 'POST', json: body }),
  });

  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = form.submitWith(({ confirmPassword: _, ...values }) => {
    change.mutate(values, {
      onSuccess: () => {
        // The server ends every other session of this account; this one stays signed in.
        void showSuccess('Password changed', 'You have been signed out on your other devices.');
        setOpen(false);
      },
      onError: (error) => reportPasswordRefusal(error, 'currentPassword', mark, setError),
    });
  });

  const message = (field: keyof typeof EMPTY) => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;

  return (
    <FormDialog
      trigger={
        <Button variant="outline" className="w-full justify-start">
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      }
      title="Change password"
      description="Changing your password signs you out on every other device. This one stays signed in."
      open={open}
      onOpenChange={setOpen}
    >
      <form noValidate onSubmit={onSubmit} aria-busy={change.isPending} className="space-y-4">
        <PasswordField
          id="current-password"
          label="Current password"
          autoComplete="current-password"
          error={message('currentPassword')}
          {...register('currentPassword')}
        />
        <PasswordField
          id="new-password"
          label="New password"
          hint="8 to 100 characters."
          autoComplete="new-password"
          error={message('newPassword')}
          {...register('newPassword')}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          error={message('confirmPassword')}
          {...register('confirmPassword')}
        />
        <FieldError id="change-password-error" message={serverMessage} />
        <SubmitButton
          className="w-full"
          pending={change.isPending}
          describedBy={serverMessage ? 'change-password-error' : null}
        >
          Change password
        </SubmitButton>
      </form>
    </FormDialog>
  );
}
