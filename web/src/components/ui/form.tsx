import { type ReactNode, useId } from 'react';
import { errorIdOf, fieldErrorProps } from '@/lib/form-errors';
import { cn } from '@/lib/utils';
import { FieldError } from './field-error';
import { Label } from './label';
import { RequiredMark } from './required-mark';

/** What a field's control receives from <Field>: its id and the ARIA wiring to its hint and message. */
export type FieldControlProps = {
  id: string;
  'aria-required': true | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * One form field: the label (with the required star), the control, an optional hint and the field's
 * message, wired together so a screen reader reads the hint and the message with the control. Every
 * form of the app draws its fields through this, so they look and sound the same.
 *
 *   <Field label="New password" required hint="8 to 100 characters." error={errors.newPassword?.message}>
 *     {(control) => <PasswordInput autoComplete="new-password" {...control} {...register('newPassword')} />}
 *   </Field>
 */
export function Field({
  id: givenId,
  label,
  required = false,
  hint,
  error,
  className,
  children,
}: {
  /** The control's id; one is made up when the caller does not need to know it. */
  id?: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error: string | null | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const madeUpId = useId();
  const id = givenId ?? madeUpId;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {children({ id, 'aria-required': required || undefined, ...fieldErrorProps(id, error, hintId) })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

/**
 * A group of choices (radio buttons, checkboxes) under one legend, with the group's message. The
 * message's id is `errorIdOf(id)`, for the controls to name in aria-describedby.
 */
export function FieldSet({
  id,
  legend,
  required = false,
  error,
  className,
  children,
}: {
  id: string;
  legend: ReactNode;
  required?: boolean;
  error: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset id={id} className={cn('space-y-2', className)} aria-invalid={error ? true : undefined}>
      <legend className="text-sm leading-none font-medium">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {children}
      <FieldError id={errorIdOf(id)} message={error} />
    </fieldset>
  );
}
