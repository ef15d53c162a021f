import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api';
import { issuesFromServer } from '@/lib/form-errors';

/**
 * Puts a refused request's words in the form: beside the fields a validation error names, else as the
 * form's own message (spam, too many messages, a closed conversation). Nothing typed is touched.
 */
export function showFailure<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fallback: string,
): void {
  const issues =
    error instanceof ApiError && error.code === 'validation_error' ? issuesFromServer(error) : [];
  for (const issue of issues)
    form.setError(issue.field as Path<T>, { type: 'server', message: issue.message });
  if (issues.length === 0)
    form.setError('root.server' as Path<T>, { message: errorMessage(error, fallback) });
}

export const SEND_FAILED = 'We could not send your message. Please try again.';
