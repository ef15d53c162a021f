// The one way a form of the app is built: react-hook-form checking its values with a zod schema from
// `domain/` (the same schema the server applies to the request), through @hookform/resolvers.
// On a refused submit the spec's 'Validation Error' toast shows the first problem, every field shows
// its own message beside it (<Field> in components/ui/form.tsx), and the first invalid field is focused
// once the messages are on the page, so a screen reader reads the field together with its message.
// Nothing typed is reset on any refusal, the client's or the server's.
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect } from 'react';
import { flushSync } from 'react-dom';
import {
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type * as z from 'zod';
import { showError } from './toast';

/**
 * Focuses the form's control named `name` now (react-hook-form's setFocus waits for a timer), the first
 * of a group of radio buttons; says whether there was one.
 */
function focusNamed(event: React.BaseSyntheticEvent | undefined, name: string): boolean {
  const form = event?.currentTarget;
  if (!(form instanceof HTMLFormElement)) return false;
  const control = form.elements.namedItem(name);
  const element = control && 'length' in control && !(control instanceof HTMLElement) ? control[0] : control;
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return true;
}

/** Each field's first problem, by its whole path ('milestones.1.amountPence'), in the schema's order. */
export function firstIssuePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): { field: string; message: string }[] {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    // A check on the whole form (no path) belongs to the form: react-hook-form's 'root'.
    const field = issue.path.map(String).join('.') || 'root';
    if (!seen.has(field)) seen.set(field, issue.message);
  }
  return [...seen].map(([field, message]) => ({ field, message }));
}

// Stable defaults, so the effects and callbacks below do not start over on every render.
const NONE: readonly string[] = [];
const NO_TARGETS: Readonly<Record<string, string>> = {};

export type ZodForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
> & {
  /**
   * The form's onSubmit: clears the last server message, checks the values with the schema, and calls
   * `onValid` with the parsed values, or shows the first problem as the 'Validation Error' toast (unless
   * `invalidToast` is false) and focuses the first invalid field.
   */
  submitWith: (onValid: SubmitHandler<z.output<S>>) => (event?: React.BaseSyntheticEvent) => Promise<void>;
};

export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  {
    invalidTitle = 'Validation Error',
    invalidToast = true,
    recheckOnAnyChange = NONE,
    focusFor = NO_TARGETS,
    ...options
  }: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
    /** The refusal toast's title, where the spec gives another one ('Error / Please select a rating'). */
    invalidTitle?: string;
    /**
     * Whether a refused submit shows the toast: false for a form the spec gives none (the admin's
     * dispute resolution), where the messages beside the fields are the whole answer.
     */
    invalidToast?: boolean;
    /**
     * Messages that a change to any field may settle (a check on the whole form, such as amounts that
     * must add up), by path: while shown, each is re-checked on every change, not only its own field's.
     */
    recheckOnAnyChange?: readonly string[];
    /**
     * Where focus goes for a message, by path: the id of the element to focus. For a path with no control
     * of its own (a check on the whole form or a list, 'milestones.root') or whose controls go by another
     * name (radio buttons named for the page); a path not listed focuses the control of its name.
     */
    focusFor?: Readonly<Record<string, string>>;
  } = {},
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
  const { handleSubmit, setFocus, setError, clearErrors, getValues, getFieldState, watch } = form;

  // A message beside a field follows each correction at once, within the key press, as the refusal
  // itself is drawn (react-hook-form's own re-check after a submit runs a microtask later).
  useEffect(() => {
    const subscription = watch((values, { name, type }) => {
      if (type !== 'change' || !name) return;
      const shown = [name, ...recheckOnAnyChange].filter(
        (path) => getFieldState(path as Path<z.input<S>>).error,
      );
      if (shown.length === 0) return;
      const checked = schema.safeParse(values);
      const issues = checked.success ? [] : firstIssuePerField(checked.error.issues);
      flushSync(() => {
        for (const path of shown as Path<z.input<S>>[]) {
          const message = issues.find((issue) => issue.field === path)?.message;
          if (message) setError(path, { message });
          else clearErrors(path);
        }
      });
    });
    return () => subscription.unsubscribe();
  }, [schema, watch, getFieldState, setError, clearErrors, recheckOnAnyChange]);

  const submitWith = useCallback(
    (onValid: SubmitHandler<z.output<S>>) =>
      async (event?: React.BaseSyntheticEvent): Promise<void> => {
        clearErrors('root');
        // Checked here first, synchronously, because react-hook-form checks a microtask later: a refusal
        // puts every message on the page and moves focus within this very event, so a key pressed
        // straight after the click cannot land in the field focus is about to leave.
        const checked = schema.safeParse(getValues());
        if (!checked.success) {
          event?.preventDefault?.();
          const issues = firstIssuePerField(checked.error.issues);
          flushSync(() => {
            clearErrors();
            for (const issue of issues) setError(issue.field as Path<z.input<S>>, { message: issue.message });
          });
          const first = issues[0];
          if (first) {
            // A title that already says the problem ('Please select a date') stands alone.
            if (invalidToast) {
              void (first.message === invalidTitle
                ? showError(invalidTitle)
                : showError(invalidTitle, first.message));
            }
            const target = focusFor[first.field];
            if (target) document.getElementById(target)?.focus();
            else if (first.field !== 'root' && !focusNamed(event, first.field)) {
              setFocus(first.field as Path<z.input<S>>);
            }
          }
        }
        // Always through react-hook-form's own submit: it marks the form submitted (so each message then
        // follows the person's corrections) and hands a valid form's parsed values to onValid.
        await handleSubmit(onValid, () => {})(event);
      },
    [schema, handleSubmit, clearErrors, setError, setFocus, getValues, invalidTitle, invalidToast, focusFor],
  );
  return { ...form, submitWith };
}
