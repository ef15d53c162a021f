import { CUSTOMER_DISPUTE_REASONS, TRADESPERSON_DISPUTE_REASONS } from '@domain/catalog/catalog';
import { formatPence } from '@domain/payments/money';
import { ConvertToDisputeBody } from '@domain/support/api';
import { Scale } from 'lucide-react';
import { useId } from 'react';
import * as z from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, FormDialog, useFormDialogOpen } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { ReviewTextarea } from '@/components/ui/text-field';
import { showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { type AdminSupportConversationView, useConvertToDispute } from './admin-api';
import { showFailure } from './form-failure';

/** The contract's body, with the form's own words for the two choices it leaves blank. */
const DisputeForm = ConvertToDisputeBody.extend({
  reason: z.string().trim().min(1, 'Choose a reason').max(100),
  description: z.string().trim().min(1, 'Please describe the problem').max(2000),
});

type Booking = NonNullable<AdminSupportConversationView['links']>['bookings'][number];

export const SELECT_CLASS =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive md:text-sm';

/**
 * 'Turn into a dispute': the person raises it about one of their bookings, in their name, with the
 * reason and description support writes from the conversation. The header then links to it.
 */
export function DisputeDialog({ conversationId, bookings }: { conversationId: string; bookings: Booking[] }) {
  const id = useId();
  const convert = useConvertToDispute(conversationId);
  const form = useZodForm(DisputeForm, {
    defaultValues: { bookingId: '', reason: '', description: '' },
  });
  const [open, setOpen] = useFormDialogOpen(() => form.reset());
  const { errors } = form.formState;
  const failure = errors.root?.server?.message;

  const submit = (values: z.output<typeof DisputeForm>) =>
    convert.mutate(values, {
      onSuccess: () => {
        void showSuccess('Dispute opened', 'The conversation now links to it.');
        setOpen(false);
      },
      onError: (error) => showFailure(form, error, 'We could not open the dispute. Please try again.'),
    });

  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline">
          <Scale aria-hidden="true" />
          Turn into a dispute
        </Button>
      }
      title="Turn into a dispute"
      description="The dispute is raised in the person's name about one of their bookings, and the money held for it waits for a decision."
      className="max-w-lg"
      open={open}
      onOpenChange={setOpen}
      pending={convert.isPending}
    >
      <form noValidate className="space-y-4" onSubmit={(event) => void form.submitWith(submit)(event)}>
        <Field id={`${id}-booking`} label="Booking" required error={errors.bookingId?.message}>
          {(control) => (
            <select {...control} {...form.register('bookingId')} className={SELECT_CLASS}>
              <option value="">Choose a booking</option>
              {bookings.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.jobTitle} ({formatPence(b.amountPence)})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-reason`} label="Reason" required error={errors.reason?.message}>
          {(control) => (
            <select {...control} {...form.register('reason')} className={SELECT_CLASS}>
              <option value="">Choose a reason</option>
              <optgroup label="Raised by the customer">
                {CUSTOMER_DISPUTE_REASONS.map((r) => (
                  <option key={`c-${r}`} value={r}>
                    {r}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Raised by the tradesperson">
                {TRADESPERSON_DISPUTE_REASONS.filter((r) => r !== 'Other').map((r) => (
                  <option key={`t-${r}`} value={r}>
                    {r}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <Field id={`${id}-description`} label="Description" required error={errors.description?.message}>
          {(control) => <ReviewTextarea {...control} {...form.register('description')} rows={4} />}
        </Field>
        <div role="alert">
          <FieldError id={`${id}-failure`} message={failure} />
        </div>
        <DialogActions
          onCancel={() => setOpen(false)}
          confirmLabel="Open dispute"
          pending={convert.isPending}
          describedBy={failure ? `${id}-failure` : null}
        />
      </form>
    </FormDialog>
  );
}
