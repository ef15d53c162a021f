import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';
import { type FieldIssue, issuesFromServer, isValidationError } from '@/lib/form-errors';
import { showError } from '@/lib/toast';

/**
 * A refused change that the account's password guards (change it, delete the account): a toast, a
 * wrong password beside `passwordField`, the server's other field messages beside theirs, and anything
 * else under the form.
 */
export function reportPasswordRefusal<T extends FieldValues>(
  error: Error,
  passwordField: string,
  mark: (issues: readonly FieldIssue[]) => boolean,
  setError: UseFormSetError<T>,
): void {
  void showError(isValidationError(error) ? 'Validation Error' : 'Error', error.message);
  const issues =
    error instanceof ApiError && error.code === 'wrong_password'
      ? [{ field: passwordField, message: error.message }]
      : issuesFromServer(error);
  if (!mark(issues)) setError('root.server', { message: error.message });
}
