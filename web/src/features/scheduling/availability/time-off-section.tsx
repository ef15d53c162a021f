import { londonToday } from '@domain/marketplace/schemas';
import { AVAILABILITY_LIMITS, timeOffSchema } from '@domain/scheduling/availability';
import type { CoveredBookingView, TimeOffView } from '@domain/scheduling/availability-api';
import { TriangleAlert } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { issuesFromServer, isValidationError, useMarkFields } from '@/lib/form-errors';
import { countOf, formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useAddTimeOff, useRemoveTimeOff } from './api';

// Time off: the periods to come, each with Remove, and a form to add one. Bookings already on those
// days stay booked; the form says which they are once the period is added.

const FIELDS = ['startsOn', 'endsOn', 'note'] as const;

/** '4 Aug 2026 to 9 Aug 2026', or the one day. */
export const periodText = ({ startsOn, endsOn }: { startsOn: string; endsOn: string }) =>
  startsOn === endsOn
    ? formatDateOnly(startsOn, 'short')
    : `${formatDateOnly(startsOn, 'short')} to ${formatDateOnly(endsOn, 'short')}`;

export function TimeOffSection({ periods }: { periods: TimeOffView[] }) {
  const [covered, setCovered] = useState<CoveredBookingView[]>([]);
  const formId = useId();
  // Where focus goes once a removed period's item is gone: the add form's first field.
  const focusForm = () =>
    document.getElementById(formId)?.querySelector<HTMLElement>('[name="startsOn"]')?.focus();
  return (
    <div className="space-y-6">
      {periods.length === 0 ? (
        <p className="text-sm text-muted-foreground">No time off planned.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label="Time off to come">
          {periods.map((period) => (
            <TimeOffItem key={period.id} period={period} onRemoved={focusForm} />
          ))}
        </ul>
      )}
      <AddTimeOffForm id={formId} onAdded={setCovered} />
      {covered.length > 0 && <CoveredBookings bookings={covered} />}
    </div>
  );
}

function TimeOffItem({ period, onRemoved }: { period: TimeOffView; onRemoved: () => void }) {
  const remove = useRemoveTimeOff();
  const removed = useRef(false);
  const when = periodText(period);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="text-sm font-medium">{when}</p>
        {period.note && <p className="text-sm break-words text-muted-foreground">{period.note}</p>}
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove time off: ${when}`}>
            Remove
          </Button>
        }
        title="Remove this time off?"
        description={`Customers will be able to book you from ${when} again.`}
        confirmLabel="Remove time off"
        pending={remove.isPending}
        onConfirm={(close, fail) =>
          remove.mutate(period.id, {
            onSuccess: () => {
              removed.current = true;
              close();
              void showSuccess('Time off removed');
            },
            onError: (failure) => fail(errorMessage(failure, 'Failed to remove the time off')),
          })
        }
        // The item goes with the period, so focus does not go back to its button.
        onCloseAutoFocus={(event) => {
          if (!removed.current) return;
          event.preventDefault();
          onRemoved();
        }}
      />
    </li>
  );
}

function AddTimeOffForm({ id, onAdded }: { id: string; onAdded: (covered: CoveredBookingView[]) => void }) {
  const add = useAddTimeOff();
  const today = londonToday();
  const schema = useMemo(() => timeOffSchema(() => today), [today]);
  const form = useZodForm(schema, { defaultValues: { startsOn: '', endsOn: '', note: '' } });
  const { register, formState } = form;
  const mark = useMarkFields(form, FIELDS);

  const send = form.submitWith((body) => {
    if (add.isPending) return;
    onAdded([]);
    add.mutate(body, {
      onSuccess: ({ bookingsCovered }) => {
        form.reset();
        onAdded(bookingsCovered);
        void showSuccess(
          'Time off added',
          bookingsCovered.length > 0
            ? `You have ${countOf(bookingsCovered.length, 'booking')} in this period.`
            : undefined,
        );
      },
      onError: (failure) => {
        mark(issuesFromServer(failure));
        void showError(
          isValidationError(failure) ? 'Validation Error' : 'Error',
          errorMessage(failure, 'Failed to add the time off'),
        );
      },
    });
  });

  return (
    <form
      id={id}
      noValidate
      onSubmit={send}
      aria-busy={add.isPending}
      className="space-y-4"
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        Add time off
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First day" required error={formState.errors.startsOn?.message}>
          {(control) => <Input type="date" min={today} {...control} {...register('startsOn')} />}
        </Field>
        <Field label="Last day" required error={formState.errors.endsOn?.message}>
          {(control) => <Input type="date" min={today} {...control} {...register('endsOn')} />}
        </Field>
      </div>
      <Field
        label="Note (optional)"
        hint="Only you see it, for example Family holiday."
        error={formState.errors.note?.message}
      >
        {(control) => (
          <Input maxLength={AVAILABILITY_LIMITS.timeOffNoteMax} {...control} {...register('note')} />
        )}
      </Field>
      <SubmitButton pending={add.isPending} describedBy={null}>
        Add time off
      </SubmitButton>
    </form>
  );
}

/** The bookings on the days just taken off: they stay booked, so the tradesperson knows to talk to those customers. */
function CoveredBookings({ bookings }: { bookings: CoveredBookingView[] }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-600/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        You have {countOf(bookings.length, 'booking')} in this period. They stay booked: agree a new date with
        the customer if you cannot do them.
      </p>
      <ul className="list-disc space-y-1 pl-10">
        {bookings.map((b) => (
          <li key={b.id}>
            {b.jobTitle}, {formatDateOnly(b.scheduledDate, 'short')}
          </li>
        ))}
      </ul>
    </div>
  );
}
