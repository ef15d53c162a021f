import { londonToday } from '@domain/marketplace/schemas';
import { parsePoundsToPence } from '@domain/payments/money';
import { ProposeSubscriptionBody, type SubscriptionView } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { addDays, FREQUENCIES, FREQUENCY_LABELS, SUBSCRIPTION_RULES as R } from '@domain/subscriptions/rules';
import { useId } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PoundsInput } from '@/components/ui/pounds-input';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useProposeSubscription } from './api';

/** Pounds as typed, held to the server's money rule and the plan's price range before anything is sent. */
const pricePerVisit = z
  .string()
  .trim()
  .refine((typed) => parsePoundsToPence(typed.replace(/^£\s*/, '')).ok, M.priceInvalid)
  .refine((typed) => {
    const parsed = parsePoundsToPence(typed.replace(/^£\s*/, ''));
    return !parsed.ok || (parsed.pence >= R.pricePerVisitMinPence && parsed.pence <= R.pricePerVisitMaxPence);
  }, M.priceRange);

/** The server's schema, with the price and the start date checked as the server will. */
function proposalForm(today: string) {
  return ProposeSubscriptionBody.extend({
    pricePerVisit,
    startDate: ProposeSubscriptionBody.shape.startDate.refine(
      (date) => date > today && date <= addDays(today, R.startWithinDays),
      M.startDate,
    ),
  });
}

// The fields a server refusal may name, in screen order; anything else is said above the buttons.
const FIELDS = ['title', 'description', 'pricePerVisit', 'frequency', 'startDate'];

/** What the form opens with: the last proposal again, or nothing yet (the first visit a week away). */
function startingValues(plan: SubscriptionView, today: string) {
  return {
    title: plan.title ?? '',
    description: plan.description ?? '',
    pricePerVisit: plan.pricePerVisitPence === null ? '' : (plan.pricePerVisitPence / 100).toFixed(2),
    frequency: plan.frequency ?? undefined,
    startDate: plan.startDate ?? addDays(today, 7),
  };
}

/**
 * The tradesperson's proposal (again, while it waits for the customer): what is done each visit, the
 * price per visit, how often and from when. A refusal is said beside its field, or above the buttons;
 * what was typed stays.
 */
export function ProposePlan({ plan }: { plan: SubscriptionView }) {
  const id = useId();
  const today = londonToday();
  const schema = proposalForm(today);
  const form = useZodForm(schema, { defaultValues: startingValues(plan, today) });
  const [open, setOpen] = useFormDialogOpen(() => form.reset(startingValues(plan, today)));
  const mark = useMarkFields(form, FIELDS);
  const propose = useProposeSubscription(plan.id);
  const pending = propose.isPending;
  const failure = form.formState.errors.root?.server?.message;
  const again = plan.status === 'proposed';

  const onSubmit = form.submitWith((values) => {
    propose.mutate(
      { ...values, pricePerVisit: values.pricePerVisit.replace(/^£\s*/, '') },
      {
        onSuccess: () => {
          setOpen(false);
          void showSuccess('Plan proposed', `${plan.customer.name} is asked to accept it.`);
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to propose the plan');
          void showError(isValidationError(error) ? 'Validation Error' : 'Error', message);
          if (!mark(issuesFromServer(error))) form.setError('root.server', { message });
        },
      },
    );
  });

  return (
    <FormDialog
      trigger={
        <Button variant={again ? 'outline' : 'default'}>
          {again ? 'Change the proposal' : 'Propose a plan'}
        </Button>
      }
      title={again ? 'Change the proposal' : 'Propose a plan'}
      description={`What you do each visit, the price and how often. ${plan.customer.name} accepts it with a saved card; each visit is charged into escrow before its day.`}
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      className="sm:max-w-lg"
    >
      <form noValidate aria-busy={pending} className="space-y-4" onSubmit={onSubmit}>
        <ProposalFields id={id} form={form} today={today} />
        <FieldError id={`${id}-form-error`} message={failure} />
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel={again ? 'Send the new proposal' : 'Propose plan'}
          pending={pending}
          describedBy={failure ? `${id}-form-error` : null}
        />
      </form>
    </FormDialog>
  );
}

type ProposalForm = ReturnType<typeof useZodForm<ReturnType<typeof proposalForm>>>;

/** The proposal's fields: what is done, the price, how often and from when. */
function ProposalFields({ id, form, today }: { id: string; form: ProposalForm; today: string }) {
  const errors = form.formState.errors;
  const descriptionLength = (form.watch('description') ?? '').trim().length;
  return (
    <>
      <Field id={`${id}-title`} label="Title" required error={errors.title?.message}>
        {(control) => (
          <Input
            placeholder="e.g. Fortnightly garden maintenance"
            maxLength={R.titleMax}
            {...control}
            {...form.register('title')}
          />
        )}
      </Field>
      <Field
        id={`${id}-description`}
        label="What is done each visit"
        required
        counter={
          <CharacterCounter
            id={`${id}-description-count`}
            length={descriptionLength}
            max={R.descriptionMax}
          />
        }
        error={errors.description?.message}
      >
        {(control) => (
          <ReviewTextarea
            rows={4}
            placeholder="e.g. Mow the lawns, trim the edges and hedges, weed the beds and take the cuttings away."
            {...control}
            {...form.register('description')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-price`} label="Price per visit (£)" required error={errors.pricePerVisit?.message}>
          {(control) => (
            <PoundsInput
              inputMode="decimal"
              placeholder="e.g. 35"
              {...control}
              {...form.register('pricePerVisit')}
            />
          )}
        </Field>
        <Field id={`${id}-frequency`} label="How often" required error={errors.frequency?.message}>
          {(control) => (
            <select className={cn(fieldClass, 'h-10')} {...control} {...form.register('frequency')}>
              <option value="">Choose…</option>
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        id={`${id}-start`}
        label="First visit"
        required
        hint="From tomorrow, within the next 6 months, on a day you work."
        error={errors.startDate?.message}
      >
        {(control) => (
          <Input
            type="date"
            min={addDays(today, 1)}
            max={addDays(today, R.startWithinDays)}
            {...control}
            {...form.register('startDate')}
          />
        )}
      </Field>
    </>
  );
}
