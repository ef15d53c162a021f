import { ChangePasswordBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, apiFetch } from '@/lib/api';
import {
  errorIdOf,
  fieldErrorProps,
  issuesFromSchema,
  issuesFromServer,
  isValidationError,
  useMarkFields,
} from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';

// Not a spec text: the spec shows no behaviour for Change password, so this screen owns the wording.
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

type FormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = Object.keys(EMPTY);

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, setError, setFocus, clearErrors, formState } = useForm<FormValues>({
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (body: z.infer<typeof ChangePasswordBody>) =>
      apiFetch<void>('/account/password', { method: 'POST', json: body }),
  });

  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = handleSubmit(({ confirmPassword, ...values }) => {
    clearErrors();
    const parsed = ChangePasswordBody.safeParse(values);
    if (!parsed.success) {
      mark(issuesFromSchema(parsed.error.issues));
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    if (confirmPassword !== values.newPassword) {
      mark([{ field: 'confirmPassword', message: PASSWORDS_DO_NOT_MATCH }]);
      void showError('Validation Error', PASSWORDS_DO_NOT_MATCH);
      return;
    }
    change.mutate(values, {
      onSuccess: () => {
        // The server ends every other session of this account; this one stays signed in.
        void showSuccess('Password changed', 'You have been signed out on your other devices.');
        reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        void showError(isValidationError(error) ? 'Validation Error' : 'Error', error.message);
        const issues =
          error instanceof ApiError && error.code === 'wrong_password'
            ? [{ field: 'currentPassword', message: error.message }]
            : issuesFromServer(error);
        if (!mark(issues)) setError('root.server', { message: error.message });
      },
    });
  });

  const message = (field: keyof FormValues) => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start">
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Change password</DialogTitle>
        <DialogDescription>
          Changing your password signs you out on every other device. This one stays signed in.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} aria-busy={change.isPending} className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="current-password">
              Current password
              <RequiredMark />
            </Label>
            <PasswordInput
              id="current-password"
              autoComplete="current-password"
              aria-required="true"
              {...fieldErrorProps('current-password', message('currentPassword'))}
              {...register('currentPassword')}
            />
            <FieldError id={errorIdOf('current-password')} message={message('currentPassword')} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="new-password">
              New password
              <RequiredMark />
            </Label>
            <PasswordInput
              id="new-password"
              autoComplete="new-password"
              aria-required="true"
              {...fieldErrorProps('new-password', message('newPassword'), 'new-password-hint')}
              {...register('newPassword')}
            />
            <p id="new-password-hint" className="text-sm text-muted-foreground">
              8 to 100 characters.
            </p>
            <FieldError id={errorIdOf('new-password')} message={message('newPassword')} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="confirm-password">
              Confirm new password
              <RequiredMark />
            </Label>
            <PasswordInput
              id="confirm-password"
              autoComplete="new-password"
              aria-required="true"
              {...fieldErrorProps('confirm-password', message('confirmPassword'))}
              {...register('confirmPassword')}
            />
            <FieldError id={errorIdOf('confirm-password')} message={message('confirmPassword')} />
          </div>
          <FieldError id="change-password-error" message={serverMessage} />
          <Button
            type="submit"
            className="w-full"
            disabled={change.isPending}
            aria-busy={change.isPending}
            aria-describedby={serverMessage ? 'change-password-error' : undefined}
          >
            {change.isPending && <Spinner />}
            Change password
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
