import { isValidPostcode } from '@domain/geo/postcode';
import { RequestSubscriptionBody } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { SUBSCRIPTION_RULES as R } from '@domain/subscriptions/rules';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import type { LazyDialogProps } from '@/lib/use-lazy-dialog';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useRequestSubscription } from './api';

/** What the dialog asks for: from a completed booking, or from a profile (with the place and the work). */
export type RepeatAsk =
  | { kind: 'booking'; bookingId: string }
  | { kind: 'profile'; tradespersonId: string; categories: string[] };

const MESSAGE_HINT = 'What you would like done each time and how often, e.g. the lawn mown every fortnight.';

const FromBooking = RequestSubscriptionBody.pick({ message: true });
const FromProfile = RequestSubscriptionBody.pick({ message: true }).extend({
  postcode: z.string().trim().refine(isValidPostcode, M.postcodeInvalid),
  category: z.string({ error: 'Choose the kind of work' }).min(1, 'Choose the kind of work'),
});

/**
 * The dialog behind 'Ask for a repeat service' (request-repeat.tsx), loaded the first time it opens: its
 * form brings the form library and the schemas, which a profile or My Jobs does not need until then.
 */
export default function AskRepeatDialog({
  ask,
  ...rest
}: LazyDialogProps & {
  ask: RepeatAsk;
  title: string;
  who: string;
}) {
  if (ask.kind === 'booking') {
    return (
      <AskDialog
        {...rest}
        schema={FromBooking}
        defaults={{ message: '' }}
        toBody={(values) => ({ bookingId: ask.bookingId, message: values.message })}
      />
    );
  }
  return (
    <AskDialog
      {...rest}
      schema={FromProfile}
      defaults={{ message: '', postcode: '', category: '' }}
      toBody={(values) => ({
        tradespersonId: ask.tradespersonId,
        postcode: values.postcode,
        category: values.category,
        message: values.message,
      })}
      categories={ask.categories}
    />
  );
}

type AskValues = { message: string; postcode?: string; category?: string };

function AskDialog<S extends typeof FromBooking | typeof FromProfile>({
  schema,
  defaults,
  toBody,
  title,
  who,
  categories,
  open,
  onOpenChange,
  returnFocusTo,
}: LazyDialogProps & {
  schema: S;
  defaults: AskValues;
  toBody: (values: z.output<S>) => Parameters<ReturnType<typeof useRequestSubscription>['mutate']>[0];
  title: string;
  who: string;
  categories?: string[];
}) {
  const id = useId();
  const navigate = useNavigate();
  const form = useZodForm(schema as typeof FromProfile, {
    defaultValues: defaults as z.input<typeof FromProfile>,
  });
  // Closing empties the form, as the dialog's trigger once did.
  const setOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset(defaults as z.input<typeof FromProfile>);
  };
  const mark = useMarkFields(form, FIELDS);
  const request = useRequestSubscription();
  const pending = request.isPending;
  const failure = form.formState.errors.root?.server?.message;
  const errors = form.formState.errors;
  const length = (form.watch('message') ?? '').trim().length;

  const onSubmit = form.submitWith((values) => {
    request.mutate(toBody(values as z.output<S>), {
      onSuccess: () => {
        setOpen(false);
        void showSuccess('Repeat service asked for', `${who} is asked to propose a plan.`);
        void navigate('/subscriptions');
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to ask for a repeat service');
        void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
        if (!mark(issuesFromServer(error))) form.setError('root.server', { message });
      },
    });
  });

  return (
    <FormDialog
      title={title}
      description={`${who} proposes a plan: what is done each visit, the price and how often. Nothing is charged until you accept it.`}
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      className="sm:max-w-lg"
      returnFocusTo={returnFocusTo}
    >
      <form noValidate aria-busy={pending} className="space-y-4" onSubmit={onSubmit}>
        <Field
          id={`${id}-message`}
          label="Your message"
          required
          hint={MESSAGE_HINT}
          counter={<CharacterCounter id={`${id}-message-count`} length={length} max={R.requestMessageMax} />}
          error={errors.message?.message}
        >
          {(control) => <ReviewTextarea rows={4} {...control} {...form.register('message')} />}
        </Field>
        {categories && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${id}-postcode`}
              label="Postcode of the work"
              required
              error={errors.postcode?.message}
            >
              {(control) => <Input autoComplete="postal-code" {...control} {...form.register('postcode')} />}
            </Field>
            <Field id={`${id}-category`} label="Kind of work" required error={errors.category?.message}>
              {(control) => (
                <select className={cn(fieldClass, 'h-10')} {...control} {...form.register('category')}>
                  <option value="">Choose…</option>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        )}
        <FieldError id={`${id}-form-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Send request"
          pending={pending}
          describedBy={failure ? `${id}-form-error` : null}
        />
      </form>
    </FormDialog>
  );
}

const FIELDS = ['message', 'postcode', 'category'];
