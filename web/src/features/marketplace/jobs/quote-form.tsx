import type { QuoteView } from '@domain/marketplace/api';
import { QuoteBody } from '@domain/marketplace/schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { PoundsInput } from '@/components/ui/pounds-input';
import { RequiredMark } from '@/components/ui/required-mark';
import { Spinner } from '@/components/ui/spinner';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { errorMessage, useSubmitQuote, useUpdateQuote } from './api';
import { fieldClass } from './post-job-form';

type FormValues = { amount: string; message: string };

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
  const { register, handleSubmit, setError, clearErrors, reset, formState } = useForm<FormValues>({
    defaultValues: quote
      ? { amount: penceToPounds(quote.amount), message: quote.message }
      : { amount: '', message: '' },
  });

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const parsed = QuoteBody.safeParse(values);
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const field = issue.path[0];
        if (field === 'amount' || field === 'message') {
          setError(field, { message: issue.message }, { shouldFocus: index === 0 });
        }
      });
      void showError('Validation Error', parsed.error.issues[0]?.message);
      return;
    }
    // The contract takes pounds as typed ('249.99'); the server converts them with the same rule.
    const body = { amount: values.amount.trim().replace(/^£\s*/, ''), message: parsed.data.message };
    if (quote) {
      update.mutate(
        { quoteId: quote.id, ...body },
        {
          onSuccess: () => {
            void showSuccess('Quote updated');
            onDone?.();
          },
          onError: (error) => void showError('Error', errorMessage(error, 'Failed to update quote')),
        },
      );
    } else {
      submit.mutate(body, {
        onSuccess: () => {
          void showSuccess('Quote submitted!');
          reset({ amount: '', message: '' });
          onDone?.();
        },
        onError: (error) => void showError('Error', errorMessage(error, 'Failed to submit quote')),
      });
    }
  });

  const invalid = (field: keyof FormValues) => (formState.errors[field] ? true : undefined);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-amount`}>
          Your price (£)
          <RequiredMark />
        </Label>
        <PoundsInput
          id={`${idPrefix}-amount`}
          inputMode="decimal"
          placeholder="250.00"
          aria-required="true"
          aria-invalid={invalid('amount')}
          {...register('amount')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-message`}>
          Message to the customer
          <RequiredMark />
        </Label>
        <textarea
          id={`${idPrefix}-message`}
          rows={4}
          placeholder="What the price includes, when you could start, anything you need to know."
          aria-required="true"
          aria-invalid={invalid('message')}
          className={cn(fieldClass, 'min-h-24 resize-y')}
          {...register('message')}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <Spinner />}
          {quote ? 'Save changes' : 'Submit Quote'}
        </Button>
        {quote && onDone && (
          <Button variant="outline" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
