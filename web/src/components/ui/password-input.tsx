import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '@/lib/utils';
import { Field } from './form';
import { Input } from './input';

/** A password field with a show/hide button, so people can check what they typed on a phone. */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {visible ? (
          <EyeOff className="size-4" aria-hidden="true" />
        ) : (
          <Eye className="size-4" aria-hidden="true" />
        )}
      </button>
    </div>
  );
}

/**
 * A required password as a form field: label, show/hide input, optional hint and the field's message.
 * Sign-in, sign-up, Change password and Delete account all ask for passwords through this one piece.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: string | null | undefined;
} & Omit<ComponentProps<'input'>, 'type' | 'id'>) {
  return (
    <Field id={id} label={label} required hint={hint} error={error}>
      {(control) => <PasswordInput {...input} {...control} />}
    </Field>
  );
}
