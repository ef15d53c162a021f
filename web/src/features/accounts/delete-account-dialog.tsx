import { DeleteAccountBody } from '@domain/accounts/schemas';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { apiFetch } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';

// Typing a word, not just clicking, keeps an irreversible erasure from happening by accident.
const CONFIRMATION_WORD = 'DELETE';

type FormValues = { password: string; confirmation: string };
const EMPTY: FormValues = { password: '', confirmation: '' };

/** Erases the account; `onDeleted` forgets the (already ended) session and leaves the page. */
export function DeleteAccountDialog({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, watch, setError, formState } = useForm<FormValues>({
    defaultValues: EMPTY,
  });
  const remove = useMutation({
    mutationFn: (body: z.infer<typeof DeleteAccountBody>) =>
      apiFetch<void>('/account', { method: 'DELETE', json: body }),
  });
  const confirmed = watch('confirmation') === CONFIRMATION_WORD;

  const onSubmit = handleSubmit(({ password }) => {
    const parsed = DeleteAccountBody.safeParse({ password });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError('password', { message }, { shouldFocus: true });
      void showError('Validation Error', message);
      return;
    }
    remove.mutate(parsed.data, {
      onSuccess: () => {
        void showSuccess('Account deleted', 'Your personal data has been erased.');
        setOpen(false);
        onDeleted();
      },
      onError: (error) => void showError('Error', error.message),
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
              aria-invalid={formState.errors.password ? true : undefined}
              {...register('password')}
            />
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
          <Button
            type="submit"
            variant="destructive"
            className="w-full"
            disabled={!confirmed || remove.isPending}
            aria-busy={remove.isPending}
          >
            {remove.isPending && <Spinner />}
            Delete my account
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
