import { useEffect } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type * as z from 'zod';
import { ApiError } from '@/lib/api';
import { type FieldIssue, issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError } from '@/lib/toast';
import type { ZodForm } from '@/lib/use-zod-form';

/** The spec's failure toast for every profile save (section 8). */
export const SAVE_FAILED = 'Failed to update profile';

/** A form's `useMarkFields` result: shows messages beside their fields and focuses the first. */
type Mark = (issues: readonly FieldIssue[]) => boolean;

/**
 * A save the server refused: its validation message as above, beside the fields it names; anything
 * else as 'Failed to update profile', said by the form's buttons too (the form's root error).
 */
export function reportSaveFailure<T extends FieldValues>(
  error: unknown,
  mark: Mark,
  setError: UseFormSetError<T>,
): void {
  if (isValidationError(error)) {
    void showError('Validation Error', error.message);
    if (!mark(issuesFromServer(error))) setError('root.server', { message: error.message });
    return;
  }
  const detail = error instanceof ApiError && error.code !== 'HTTP_ERROR' ? error.message : undefined;
  void showError(SAVE_FAILED, detail);
  setError('root.server', { message: detail ? `${SAVE_FAILED}. ${detail}` : SAVE_FAILED });
}

/**
 * A profile form's onSubmit: checks the values, saves them and runs `onSaved`, or shows the refusal
 * (reportSaveFailure). `refusal` is what completing the setup later found missing in this form, shown
 * beside its field whenever it changes. `fields` are the form's fields in screen order.
 */
export function useSaveOnSubmit<S extends z.ZodType<FieldValues, FieldValues>>(
  form: ZodForm<S>,
  fields: readonly string[],
  save: {
    mutate: (
      values: z.output<S>,
      callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
    ) => void;
  },
  onSaved: () => void,
  refusal?: FieldIssue,
) {
  const mark = useMarkFields(form, fields);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal
  useEffect(() => {
    if (refusal) mark([refusal]);
  }, [refusal]);

  return form.submitWith((values) => {
    // A failed save leaves the form as it is, so nothing typed is lost.
    save.mutate(values, {
      onSuccess: onSaved,
      onError: (error) => reportSaveFailure(error, mark, form.setError),
    });
  });
}
