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
  counter,
  error,
  className,
  labelClassName,
  children,
}: {
  /** The control's id; one is made up when the caller does not need to know it. */
  id?: string;
  label: ReactNode;
  required?: boolean;
  /**
   * Said under the control and read with it. A function draws its own element with the id it is given
   * (a character counter, a hint that changes colour near a limit).
   */
  hint?: ReactNode | ((hintId: string) => ReactNode);
  /** Shown at the end of the label's line and read with the control: a character count. */
  counter?: ReactNode;
  error: string | null | undefined;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const madeUpId = useId();
  const id = givenId ?? madeUpId;
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = counter !== undefined ? `${id}-count` : undefined;
  const labelElement = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
      {required && <RequiredMark />}
    </Label>
  );
  return (
    <div className={cn('space-y-2', className)}>
      {counter !== undefined ? (
        <div className="flex items-end justify-between gap-3">
          {labelElement}
          <div id={counterId}>{counter}</div>
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-required': required || undefined,
        ...fieldErrorProps(id, error, counterId, hintId),
      })}
      {hintId &&
        (typeof hint === 'function' ? (
          hint(hintId)
        ) : (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ))}
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

/**
 * A group of choices (radio buttons, checkboxes) under one legend, with an optional hint and the
 * group's message, both read with the group. The message's id is `errorIdOf(id)`, the hint's
 * `${id}-hint`, for the controls to name in aria-describedby.
 */
export function FieldSet({
  id,
  legend,
  required = false,
  hint,
  error,
  className,
  legendClassName,
  children,
}: {
  id: string;
  legend: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error: string | null | undefined;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset
      id={id}
      className={cn('space-y-2', className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={fieldErrorProps(id, error, hintId)['aria-describedby']}
    >
      <legend className={cn('text-sm leading-none font-medium', legendClassName)}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={errorIdOf(id)} message={error} />
    </fieldset>
  );
}
