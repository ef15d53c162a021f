import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { showError } from '@/lib/toast';
import { fieldErrors, isValidationError } from './api';

/** The spec's failure toast for every profile save (section 8). */
export const SAVE_FAILED = 'Failed to update profile';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * Spec section 5: one 'Validation Error' toast with the first message only. Every failing field is
 * marked and the first one focused; nothing typed is lost.
 */
export function reportInvalid<T extends FieldValues>(
  issues: readonly Issue[],
  setError: UseFormSetError<T>,
  fields: readonly string[],
  message = issues[0]?.message,
): void {
  issues.forEach((issue, index) => {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field)) {
      setError(field as Path<T>, { message: issue.message }, { shouldFocus: index === 0 });
    }
  });
  void showError('Validation Error', message);
}

/** A save the server refused: its validation message as above, anything else as 'Failed to update profile'. */
export function reportSaveFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (isValidationError(error)) {
    const issues = fieldErrors(error).map((d) => ({ path: [d.field], message: d.message }));
    reportInvalid(issues, setError, fields, (error as ApiError).message);
    return;
  }
  const detail = error instanceof ApiError && error.code !== 'HTTP_ERROR' ? error.message : undefined;
  void showError(SAVE_FAILED, detail);
}
