// The one way a form of the app is built: react-hook-form checking its values with a zod schema from
// `domain/` (the same schema the server applies to the request), through @hookform/resolvers.
// On a refused submit the spec's 'Validation Error' toast shows the first problem, every field shows
// its own message beside it (<Field> in components/ui/form.tsx), and the first invalid field is focused
// once the messages are on the page, so a screen reader reads the field together with its message.
// Nothing typed is reset on any refusal, the client's or the server's.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod';
import { showError } from './toast';

/** The first message in a form's errors, in the order the schema reported them (its fields' order). */
export function firstErrorOf(errors: FieldErrors): { field: string; message: string } | null {
  for (const [field, error] of Object.entries(errors)) {
    if (!error) continue;
    if (typeof error.message === 'string' && error.message) return { field, message: error.message };
    // A list of rows or a nested object: its first message, under the whole path.
    const nested = firstErrorOf(error as FieldErrors);
    if (nested) return { field: `${field}.${nested.field}`, message: nested.message };
  }
  return null;
}

export type ZodForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
> & {
  /**
   * The form's onSubmit: clears the last server message, checks the values with the schema, and calls
   * `onValid` with the parsed values, or shows the first problem as the 'Validation Error' toast and
   * focuses the first invalid field.
   */
  submitWith: (onValid: SubmitHandler<z.output<S>>) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // After the first submit, each field's message follows the person's corrections.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
    // Focus moves after the messages are on the page (below), not before as react-hook-form does.
    shouldFocusError: false,
  });
  const { handleSubmit, setFocus, clearErrors } = form;
  // A new object for every refusal, so a second refusal with the same first field focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal, whatever else re-renders
  useEffect(() => {
    if (focusRequest) setFocus(focusRequest.field as Path<z.input<S>>);
  }, [focusRequest]);

  const submitWith = useCallback(
    (onValid: SubmitHandler<z.output<S>>) =>
      async (event?: React.BaseSyntheticEvent): Promise<void> => {
        clearErrors('root');
        await handleSubmit(onValid, (errors) => {
          const first = firstErrorOf(errors);
          if (!first) return;
          void showError('Validation Error', first.message);
          setFocusRequest({ field: first.field });
        })(event);
      },
    [handleSubmit, clearErrors],
  );
  return { ...form, submitWith };
}
