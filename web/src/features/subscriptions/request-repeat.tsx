import { JOB_CATEGORIES } from '@domain/catalog/catalog';
import { TRADES_BY_JOB_CATEGORY } from '@domain/discovery/services';
import { isValidPostcode } from '@domain/geo/postcode';
import { RequestSubscriptionBody } from '@domain/subscriptions/api';
import { SUBSCRIPTION_MESSAGES as M } from '@domain/subscriptions/messages';
import { SUBSCRIPTION_RULES as R } from '@domain/subscriptions/rules';
import { Repeat } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { fieldClass } from '@/components/ui/field-class';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { useSession } from '@/features/accounts';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { cn } from '@/lib/utils';
import { useRequestSubscription } from './api';

const ASK = 'Ask for a repeat service';
const MESSAGE_HINT = 'What you would like done each time and how often, e.g. the lawn mown every fortnight.';

const FromBooking = RequestSubscriptionBody.pick({ message: true });
const FromProfile = RequestSubscriptionBody.pick({ message: true }).extend({
  postcode: z.string().trim().refine(isValidPostcode, M.postcodeInvalid),
  category: z.string({ error: 'Choose the kind of work' }).min(1, 'Choose the kind of work'),
});

/** The job categories a tradesperson of `trade` serves (all of them when the trade is not set). */
export function categoriesFor(trade: string | null): string[] {
  if (!trade) return [...JOB_CATEGORIES];
  const served = JOB_CATEGORIES.filter((c) =>
    (TRADES_BY_JOB_CATEGORY[c] as readonly string[]).includes(trade),
  );
  return served.length > 0 ? served : [...JOB_CATEGORIES];
}

/**
 * 'Ask for a repeat service' on a customer's completed booking: a message to the tradesperson, who then
 * proposes a plan. On to /subscriptions once asked.
 */
export function RepeatServiceFromBooking({
  booking,
  tradespersonName,
  className,
}: {
  booking: { id: string; status: string };
  tradespersonName: string;
  className?: string;
}) {
  if (booking.status !== 'completed') return null;
  return (
    <AskDialog
      className={className}
      schema={FromBooking}
      defaults={{ message: '' }}
      toBody={(values) => ({ bookingId: booking.id, message: values.message })}
      who={tradespersonName}
    />
  );
}

/**
 * The same from a tradesperson's public profile, for a signed-in customer: the postcode and the kind of
 * work are asked too. A visitor is sent to sign in first; tradespeople see nothing.
 */
export function RepeatServiceFromProfile({
  tradesperson,
}: {
  tradesperson: { id: string; trade: string | null; name: string };
}) {
  const session = useSession();
  if (session.status === 'loading') return null;
  if (!session.user) {
    return (
      <LinkButton to="/auth" icon={Repeat} variant="outline">
        {ASK}
      </LinkButton>
    );
  }
  if (session.user.userType !== 'customer') return null;
  return (
    <AskDialog
      schema={FromProfile}
      defaults={{ message: '', postcode: '', category: '' }}
      toBody={(values) => ({
        tradespersonId: tradesperson.id,
        postcode: values.postcode,
        category: values.category,
        message: values.message,
      })}
      who={tradesperson.name}
      categories={categoriesFor(tradesperson.trade)}
    />
  );
}

type AskValues = { message: string; postcode?: string; category?: string };

function AskDialog<S extends typeof FromBooking | typeof FromProfile>({
  schema,
  defaults,
  toBody,
  who,
  categories,
  className,
}: {
  schema: S;
  defaults: AskValues;
  toBody: (values: z.output<S>) => Parameters<ReturnType<typeof useRequestSubscription>['mutate']>[0];
  who: string;
  categories?: string[];
  className?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const form = useZodForm(schema as typeof FromProfile, {
    defaultValues: defaults as z.input<typeof FromProfile>,
  });
  const [open, setOpen] = useFormDialogOpen(() => form.reset(defaults as z.input<typeof FromProfile>));
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
      trigger={
        <Button
          variant="outline"
          size={categories ? 'default' : 'sm'}
          className={cn('relative z-10', className)}
        >
          <Repeat aria-hidden="true" />
          {ASK}
        </Button>
      }
      title={ASK}
      description={`${who} proposes a plan: what is done each visit, the price and how often. Nothing is charged until you accept it.`}
      open={open}
      onOpenChange={setOpen}
      pending={pending}
      className="sm:max-w-lg"
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
