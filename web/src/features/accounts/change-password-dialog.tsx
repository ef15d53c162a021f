import { ChangePasswordBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { apiFetch } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';

// Not a spec text: the spec shows no behaviour for Change password, so this screen owns the wording.
export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';

type FormValues = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<FormValues>({
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (body: z.infer<typeof ChangePasswordBody>) =>
      apiFetch<void>('/account/password', { method: 'POST', json: body }),
  });

  const onSubmit = handleSubmit(({ confirmPassword, ...values }) => {
    clearErrors();
    const parsed = ChangePasswordBody.safeParse(values);
    const first = parsed.success ? undefined : parsed.error.issues[0];
    if (first) {
      setError(first.path[0] as keyof FormValues, { message: first.message }, { shouldFocus: true });
      void showError('Validation Error', first.message);
      return;
    }
    if (confirmPassword !== values.newPassword) {
      setError('confirmPassword', { message: PASSWORDS_DO_NOT_MATCH }, { shouldFocus: true });
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
      onError: (error) => void showError('Error', error.message),
    });
  });

  const invalid = (field: keyof FormValues) => (formState.errors[field] ? true : undefined);

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
              aria-invalid={invalid('currentPassword')}
              {...register('currentPassword')}
            />
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
              aria-invalid={invalid('newPassword')}
              aria-describedby="new-password-hint"
              {...register('newPassword')}
            />
            <p id="new-password-hint" className="text-sm text-muted-foreground">
              8 to 100 characters.
            </p>
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
              aria-invalid={invalid('confirmPassword')}
              {...register('confirmPassword')}
            />
          </div>
          <Button type="submit" className="w-full" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending && <Spinner />}
            Change password
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
