import { DeleteAccountBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
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

// Typing a word, not just clicking, keeps an irreversible erasure from happening by accident.
const CONFIRMATION_WORD = 'DELETE';

type FormValues = { password: string; confirmation: string };
const EMPTY: FormValues = { password: '', confirmation: '' };
const FIELDS = ['password'];

/** Erases the account; `onDeleted` forgets the (already ended) session and leaves the page. */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, watch, setError, setFocus, clearErrors, formState } =
    useForm<FormValues>({
      defaultValues: EMPTY,
    });
  const remove = useMutation({
    mutationFn: (body: z.infer<typeof DeleteAccountBody>) =>
      apiFetch<void>('/account', { method: 'DELETE', json: body }),
  });
  const confirmed = watch('confirmation') === CONFIRMATION_WORD;

  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = handleSubmit(({ password }) => {
    clearErrors();
    const parsed = DeleteAccountBody.safeParse({ password });
    if (!parsed.success) {
      mark(issuesFromSchema(parsed.error.issues));
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    remove.mutate(parsed.data, {
      onSuccess: () => {
        void showSuccess('Account deleted', 'Your personal data has been erased.');
        setOpen(false);
        onDeleted();
      },
      onError: (error) => {
        void showError(isValidationError(error) ? 'Validation Error' : 'Error', error.message);
        const issues =
          error instanceof ApiError && error.code === 'wrong_password'
            ? [{ field: 'password', message: error.message }]
            : issuesFromServer(error);
        if (!mark(issues)) setError('root.server', { message: error.message });
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full justify-start text-destructive dark:text-foreground">
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Delete your account?</DialogTitle>
        <DialogDescription>This cannot be undone. You will be signed out everywhere.</DialogDescription>
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
          <div className="space-y-2">
            <Label htmlFor="delete-password">
              Password
              <RequiredMark />
            </Label>
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              aria-required="true"
              {...fieldErrorProps('delete-password', formState.errors.password?.message)}
              {...register('password')}
            />
            <FieldError id={errorIdOf('delete-password')} message={formState.errors.password?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="delete-confirmation">
              Type {CONFIRMATION_WORD} to confirm
              <RequiredMark />
            </Label>
            <Input
              id="delete-confirmation"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-required="true"
              {...register('confirmation')}
            />
          </div>
          <FieldError id="delete-account-error" message={formState.errors.root?.server?.message} />
          <Button
            type="submit"
            variant="destructive"
            className="w-full"
            disabled={!confirmed || remove.isPending}
            aria-busy={remove.isPending}
            aria-describedby={formState.errors.root?.server ? 'delete-account-error' : undefined}
          >
            {remove.isPending && <Spinner />}
            Delete my account
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
