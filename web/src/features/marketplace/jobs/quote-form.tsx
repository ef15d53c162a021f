import type { QuoteView } from '@domain/marketplace/api';
import { QuoteBody } from '@domain/marketplace/schemas';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { PoundsInput } from '@/components/ui/pounds-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useSubmitQuote, useUpdateQuote } from './api';
import { fieldClass } from './post-job-form';

const FIELDS = ['amount', 'message'];

const penceToPounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/**
 * The quote form (spec section 2: amount in pounds and message, both required). With `quote` it edits
 * that pending quote instead of sending a new one.
 */
export function QuoteForm({
  jobId,
  quote,
  onDone,
}: {
  jobId: string;
  quote?: QuoteView;
  onDone?: () => void;
}) {
  const submit = useSubmitQuote(jobId);
  const update = useUpdateQuote();
  const pending = submit.isPending || update.isPending;
  const idPrefix = quote ? `quote-edit-${quote.id}` : 'quote-new';
  const form = useZodForm(QuoteBody, {
    defaultValues: quote
      ? { amount: penceToPounds(quote.amount), message: quote.message }
      : { amount: '', message: '' },
  });
  const { register, setError, setFocus, getValues, reset, formState } = form;
  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = form.submitWith((parsed) => {
    // The contract takes pounds as typed ('249.99'); the server converts them with the same rule.
    const body = { amount: String(getValues('amount')).trim().replace(/^£\s*/, ''), message: parsed.message };
    // A refusal is said beside the field it is about, else beside the button; what was typed stays.
    const onError = (fallback: string) => (error: Error) => {
      const message = errorMessage(error, fallback);
      void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
      if (!mark(issuesFromServer(error))) setError('root.server', { message });
    };
    if (quote) {
      update.mutate(
        { quoteId: quote.id, ...body },
        {
          onSuccess: () => {
            void showSuccess('Quote updated');
            onDone?.();
          },
          onError: onError('Failed to update quote'),
        },
      );
    } else {
      submit.mutate(body, {
        onSuccess: () => {
          void showSuccess('Quote submitted!');
          reset({ amount: '', message: '' });
          onDone?.();
        },
        onError: onError('Failed to submit quote'),
      });
    }
  });

  const message = (field: 'amount' | 'message') => formState.errors[field]?.message;
  const serverMessage = formState.errors.root?.server?.message;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="space-y-4">
      <Field id={`${idPrefix}-amount`} label="Your price (£)" required error={message('amount')}>
        {(control) => (
          <PoundsInput inputMode="decimal" placeholder="e.g. 250.00" {...control} {...register('amount')} />
        )}
      </Field>
      <Field id={`${idPrefix}-message`} label="Message to the customer" required error={message('message')}>
        {(control) => (
          <textarea
            rows={4}
            placeholder="What the price includes, when you could start, anything you need to know."
            {...control}
            className={cn(fieldClass, 'min-h-24 resize-y')}
            {...register('message')}
          />
        )}
      </Field>
      <FieldError id={`${idPrefix}-form-error`} message={serverMessage} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} describedBy={serverMessage ? `${idPrefix}-form-error` : null}>
          {quote ? 'Save changes' : 'Submit Quote'}
        </SubmitButton>
        {quote && onDone && (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
