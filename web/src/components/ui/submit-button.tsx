import type { ComponentProps } from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * A form's submit button. While `pending` it is disabled and busy, with a spinner, so the form is not
 * sent twice; `describedBy` names the form's failure message while one shows, so it is read with it.
 */
export function SubmitButton({
  pending,
  describedBy,
  disabled = false,
  children,
  ...button
}: Omit<ComponentProps<typeof Button>, 'type' | 'asChild'> & {
  pending: boolean;
  describedBy: string | null;
}) {
  return (
    <Button
      type="submit"
      disabled={disabled || pending}
      aria-busy={pending}
      aria-describedby={describedBy ?? undefined}
      {...button}
    >
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
