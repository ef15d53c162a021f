import type { QuoteView } from '@domain/marketplace/api';
import { QUOTE_LIMITS, QuoteBody, type QuoteInput } from '@domain/marketplace/schemas';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, useController } from 'react-hook-form';
import { draftOf, emptyLine, type LineDraft } from '@/components/pricing/line-items-editor';
import { LineItemsSection } from '@/components/pricing/line-items-section';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { useOwnProfile } from '@/features/profiles';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { type QuoteRequest, useSubmitQuote, useUpdateQuote } from './api';

const FIELDS = [
  'amount',
  'lineItems',
  'message',
  'validUntil',
  'estimatedStart',
  'estimatedDurationDays',
  'exclusions',
];

const penceToPounds = (pence: number) => `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

type QuoteValues = Omit<QuoteInput, 'lineItems'> & { lineItems?: LineDraft[] | null };

function valuesOf(quote: QuoteView | undefined): QuoteValues {
  return {
    amount: quote && !quote.breakdown ? penceToPounds(quote.amount) : '',
    lineItems: quote?.breakdown ? quote.breakdown.lines.map(draftOf) : null,
    message: quote?.message ?? '',
    validUntil: quote?.validUntil ?? '',
    estimatedStart: quote?.estimatedStart ?? '',
    estimatedDurationDays: quote?.estimatedDurationDays?.toString() ?? '',
    exclusions: quote?.exclusions ?? '',
  };
}

/**
 * What goes to the server: the values as typed (it reads them with the same schema), lines without
 * their keys, and no blank term (a revision replaces the whole quote, so a term left out is none). A
 * one-figure quote without terms is the spec's `{ amount, message }`.
 */
function requestOf(values: QuoteValues): QuoteRequest {
  const { lineItems, amount, message, ...terms } = values;
  const given = Object.fromEntries(
    Object.entries(terms).filter(
      ([, value]) => value !== null && value !== undefined && String(value).trim() !== '',
    ),
  );
  if (lineItems) return { message, ...given, lineItems: lineItems.map(({ key: _key, ...line }) => line) };
  return {
    amount: String(amount ?? '')
      .trim()
      .replace(/^£\s*/, ''),
    message,
    ...given,
  };
}

/**
 * The quote form. The spec's amount and message stay the default; "Itemise this quote" swaps the
 * amount for line items whose total is worked out as they are typed, and the optional terms (valid
 * until, start, duration, exclusions) sit in a section of their own. With `quote` it revises that
 * pending quote instead of sending a new one.
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
  const profile = useOwnProfile();
  const vatRegistered = Boolean(profile.data?.vatNumber);
  // Lines start with a VAT rate or none by the profile: itemising waits for it (a failed read means none).
  const profileRead = !profile.isPending;
  const pending = submit.isPending || update.isPending;
  const idPrefix = quote ? `quote-edit-${quote.id}` : 'quote-new';
  const form = useZodForm(QuoteBody, { defaultValues: valuesOf(quote) as QuoteInput });
  const { setError, setFocus, getValues, reset } = form;
  const mark = useMarkFields({ setError, setFocus }, FIELDS);

  const onSubmit = form.submitWith((parsed) => {
    const body = requestOf({ ...(getValues() as QuoteValues), message: parsed.message });
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
            void showSuccess('Quote revised');
            onDone?.();
          },
          onError: onError('Failed to update quote'),
        },
      );
    } else {
      submit.mutate(body, {
        onSuccess: () => {
          void showSuccess('Quote submitted!');
          reset(valuesOf(undefined) as QuoteInput);
          onDone?.();
        },
        onError: onError('Failed to submit quote'),
      });
    }
  });

  const serverMessage = form.formState.errors.root?.server?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="space-y-4">
      <PriceFields
        form={form}
        idPrefix={idPrefix}
        vatRegistered={vatRegistered}
        canItemise={profileRead}
        disabled={pending}
      />
      <Field
        id={`${idPrefix}-message`}
        label="Message to the customer"
        required
        error={form.formState.errors.message?.message}
      >
        {(control) => (
          <textarea
            rows={4}
            placeholder="What the price includes, when you could start, anything you need to know."
            {...control}
            className={cn(fieldClass, 'min-h-24 resize-y')}
            {...form.register('message')}
          />
        )}
      </Field>
      <TermsFields
        form={form}
        idPrefix={idPrefix}
        open={Boolean(
          quote?.validUntil || quote?.estimatedStart || quote?.estimatedDurationDays || quote?.exclusions,
        )}
      />
      <FieldError id={`${idPrefix}-form-error`} message={serverMessage} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={pending} describedBy={serverMessage ? `${idPrefix}-form-error` : null}>
          {quote ? 'Save revision' : 'Submit Quote'}
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

type QuoteForm = ZodForm<typeof QuoteBody>;

/** The one amount, or the line items in its place. */
function PriceFields({
  form,
  idPrefix,
  vatRegistered,
  canItemise,
  disabled,
}: {
  form: QuoteForm;
  idPrefix: string;
  vatRegistered: boolean;
  canItemise: boolean;
  disabled: boolean;
}) {
  const { field } = useController({ control: form.control, name: 'lineItems' });
  const lines = field.value as LineDraft[] | null | undefined;
  const errors = form.formState.errors as FieldErrors<QuoteValues>;
  const itemise = (on: boolean) => {
    form.clearErrors(['amount', 'lineItems']);
    form.setValue('amount', '');
    field.onChange(on ? [emptyLine(vatRegistered)] : null);
  };

  if (!lines) {
    return (
      <div className="space-y-2">
        <Field id={`${idPrefix}-amount`} label="Your price (£)" required error={errors.amount?.message}>
          {(control) => (
            <PoundsInput
              inputMode="decimal"
              placeholder="e.g. 250.00"
              {...control}
              {...form.register('amount')}
            />
          )}
        </Field>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => itemise(true)}
          disabled={disabled || !canItemise}
        >
          Itemise this quote
        </Button>
      </div>
    );
  }
  return (
    <LineItemsSection
      idPrefix={idPrefix}
      heading="h4"
      lines={lines}
      onChange={(next) => field.onChange(next)}
      onUseOneAmount={() => itemise(false)}
      vatRegistered={vatRegistered}
      errors={errors.lineItems}
      disabled={disabled}
    >
      <p className="text-sm text-muted-foreground">
        {vatRegistered
          ? 'Give each item its VAT rate: 20% standard, 5% for eligible energy-saving work, or 0%.'
          : 'You are not VAT registered, so these prices are what the customer pays. Add your VAT number on Edit Profile to charge VAT.'}
      </p>
    </LineItemsSection>
  );
}

/** Valid until, estimated start and duration, exclusions: all optional, in a section that opens. */
function TermsFields({ form, idPrefix, open }: { form: QuoteForm; idPrefix: string; open: boolean }) {
  const errors = form.formState.errors;
  const [expanded, setExpanded] = useState(open);
  // A refused term is shown even when the section was closed.
  const mustShow = Boolean(
    errors.validUntil || errors.estimatedStart || errors.estimatedDurationDays || errors.exclusions,
  );
  const row = (children: ReactNode) => <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
  return (
    <details
      open={expanded || mustShow}
      onToggle={(event) => setExpanded(event.currentTarget.open)}
      className="rounded-md border border-border px-3 py-2"
    >
      <summary className="cursor-pointer text-sm font-medium">
        Validity, start date and exclusions (optional)
      </summary>
      <div className="mt-3 space-y-4">
        {row(
          <>
            <Field id={`${idPrefix}-valid-until`} label="Valid until" error={errors.validUntil?.message}>
              {(control) => <Input type="date" {...control} {...form.register('validUntil')} />}
            </Field>
            <Field id={`${idPrefix}-start`} label="Estimated start" error={errors.estimatedStart?.message}>
              {(control) => <Input type="date" {...control} {...form.register('estimatedStart')} />}
            </Field>
          </>,
        )}
        <Field
          id={`${idPrefix}-duration`}
          label="Estimated duration (days)"
          error={errors.estimatedDurationDays?.message}
          className="sm:max-w-56"
        >
          {(control) => (
            <Input
              inputMode="numeric"
              placeholder="e.g. 3"
              {...control}
              {...form.register('estimatedDurationDays')}
            />
          )}
        </Field>
        <Field
          id={`${idPrefix}-exclusions`}
          label="Not included"
          hint="What the price leaves out, such as skip hire or making good."
          error={errors.exclusions?.message}
        >
          {(control) => (
            <textarea
              rows={2}
              maxLength={QUOTE_LIMITS.exclusionsMax + 100}
              {...control}
              className={cn(fieldClass, 'min-h-16 resize-y')}
              {...form.register('exclusions')}
            />
          )}
        </Field>
      </div>
    </details>
  );
}
