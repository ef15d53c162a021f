import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { type FieldIssue, issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError } from '@/lib/toast';

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
