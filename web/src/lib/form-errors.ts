// Where a form's errors go besides the spec's one 'Validation Error' toast: next to each field, marked
// aria-invalid and linked with aria-describedby, the first invalid field focused. Client checks (a
// shared zod schema) and the server's refusals (a 400 validation_error names its fields in `details`)
// take the same path, and nothing typed is touched.
import { useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts `update`'s state on the page at once, then focuses what `target` finds there. The messages are
 * on the page before focus moves, so a screen reader reads the field with its message; and focus moves
 * now, not on the next frame, where typing that follows straight away would already have started in
 * another field and been pulled into this one.
 */
export function updateThenFocus(update: () => void, target: () => HTMLElement | null | undefined): void {
  flushSync(update);
  target()?.focus();
}

/** One message for one field. */
export type FieldIssue = { field: string; message: string };

/** A zod issue, as far as a form cares. */
type SchemaIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** A schema's issues by field: the top-level key, so 'specialties.1' belongs to the specialties field. */
export function issuesFromSchema(issues: readonly SchemaIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}

export const isValidationError = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'validation_error';

/**
 * What a refused request says about each field, `details: [{ field, message }]` of a 400
 * validation_error, with the whole path ('milestones.1.amountPence') for forms of repeated rows.
 */
export function serverDetails(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is FieldIssue =>
      typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string',
  );
}

/** The fields a refused request names, by their top-level key (as issuesFromSchema gives them). */
export function issuesFromServer(error: unknown): FieldIssue[] {
  return serverDetails(error).map((d) => ({ field: d.field.split('.')[0] ?? d.field, message: d.message }));
}

/**
 * Returns `mark(issues)`: it gives each of the form's fields its first message, for the field to show
 * beside it, and focuses the first marked one in `fields` order (give them in the order they appear on
 * screen; keep the array stable). Focus moves once the messages are on the page, so a screen reader
 * reads the field together with its message. Issues about anything else are left to the caller;
 * `mark` says whether it marked a field.
 */
export function useMarkFields<T extends FieldValues>(
  { setError, setFocus }: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  fields: readonly string[],
): (issues: readonly FieldIssue[]) => boolean {
  // A new object for every request, so a second submit with the same first field focuses it again.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per request, whatever else re-renders
  useEffect(() => {
    if (focusRequest) setFocus(focusRequest.field as Path<T>);
  }, [focusRequest]);

  return useCallback(
    (issues: readonly FieldIssue[]) => {
      let first: string | null = null;
      for (const field of fields) {
        const issue = issues.find((i) => i.field === field);
        if (!issue) continue;
        setError(field as Path<T>, { type: 'manual', message: issue.message });
        first ??= field;
      }
      if (first) setFocusRequest({ field: first });
      return first !== null;
    },
    [fields, setError],
  );
}

/** The id of a field's inline message, from the field's own id. */
export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/**
 * The ARIA wiring of a field with an optional message: aria-invalid while there is one, and
 * aria-describedby naming the field's hints followed by its message.
 */
export function fieldErrorProps(
  fieldId: string,
  message: string | null | undefined,
  ...hintIds: (string | false | null | undefined)[]
): { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined } {
  const ids = [...hintIds, message ? errorIdOf(fieldId) : null].filter(Boolean);
  return {
    'aria-invalid': message ? true : undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  };
}
