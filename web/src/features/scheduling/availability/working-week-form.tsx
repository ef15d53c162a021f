import {
  AVAILABILITY_LIMITS,
  AvailabilityBody,
  type AvailabilityInput,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from '@domain/scheduling/availability';
import type { AvailabilityView } from '@domain/scheduling/availability-api';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api';
import { isValidationError, serverDetails, updateThenFocus } from '@/lib/form-errors';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useSaveAvailability } from './api';

// The working week as a form: a row per weekday (works it or not, start and finish), the lead time
// and the jobs a day. The rows are the form's; the body is the contract's (only the days worked), so
// a message about 'weeklyPattern.2.end' is shown on the row of the weekday that entry names.

type DayRow = { works: boolean; start: string; end: string };
type WeekValues = { days: DayRow[]; leadTimeDays: string; jobsPerDay: string };

// The hours a day newly ticked starts with, until they are changed.
const NEW_DAY = { start: '08:00', end: '17:30' };

/** A number field's text as a number: blank is no number (the schema's own message then says so). */
const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function valuesOf(view: AvailabilityView): WeekValues {
  return {
    days: WEEKDAYS.map((weekday) => {
      const day = view.weeklyPattern.find((d) => d.weekday === weekday);
      return day ? { works: true, start: day.start, end: day.end } : { works: false, ...NEW_DAY };
    }),
    leadTimeDays: String(view.leadTimeDays),
    jobsPerDay: view.jobsPerDay === null ? '' : String(view.jobsPerDay),
  };
}

function bodyOf(values: WeekValues): AvailabilityInput {
  return {
    weeklyPattern: values.days.flatMap((d, i) =>
      d.works ? [{ weekday: (i + 1) as Weekday, start: d.start, end: d.end }] : [],
    ),
    leadTimeDays: asNumber(values.leadTimeDays),
    jobsPerDay: asNumber(values.jobsPerDay),
  };
}

/** The contract's path of a message ('weeklyPattern.2.end') as the form's ('days.4.end'). */
function formPath(body: AvailabilityInput, path: readonly PropertyKey[]): string {
  const [head, index, field] = path.map(String);
  if (head === 'weeklyPattern' && index !== undefined) {
    const weekday = body.weeklyPattern[Number(index)]?.weekday;
    if (weekday) return `days.${weekday - 1}.${field === 'end' ? 'end' : 'start'}`;
  }
  return head ?? 'root';
}

// The form's rows, checked with the server's own schema and handed over as its body.
const WeekSchema = z
  .object({
    days: z.array(z.object({ works: z.boolean(), start: z.string(), end: z.string() })),
    leadTimeDays: z.string(),
    jobsPerDay: z.string(),
  })
  .transform(bodyOf)
  .superRefine((body, ctx) => {
    const checked = AvailabilityBody.safeParse(body);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: formPath(body, issue.path).split('.'), message: issue.message });
    }
  });

/** Where a message's field is on the page, for focus. */
const controlNamed = (path: string) => document.getElementsByName(path)[0] ?? null;

export function WorkingWeekForm({ view }: { view: AvailabilityView }) {
  const id = useId();
  const save = useSaveAvailability();
  const form = useZodForm(WeekSchema, { defaultValues: valuesOf(view) });
  const { register, formState } = form;
  const days = useWatch({ control: form.control, name: 'days' });
  const send = form.submitWith((body) => {
    if (save.isPending) return;
    save.mutate(body, {
      onSuccess: () =>
        void showSuccess('Working week saved', 'Customers now see the days you take bookings.'),
      onError: (failure) => {
        const said = errorMessage(failure, 'Failed to save your working week');
        const named = serverDetails(failure).map((d) => ({ path: formPath(body, d.field.split('.')), ...d }));
        if (named.length > 0) {
          updateThenFocus(
            () => {
              for (const { path, message } of named) form.setError(path as 'leadTimeDays', { message });
            },
            () => controlNamed(named[0]!.path),
          );
        }
        void showError(isValidationError(failure) ? 'Validation Error' : 'Error', said);
      },
    });
  });

  return (
    <form noValidate onSubmit={send} aria-busy={save.isPending} className="space-y-6">
      {!view.isSet && (
        <p className="rounded-md border border-border bg-muted/50 p-3 text-sm">
          You have not set your working week yet, so customers can book you on any day, with no daily limit.
          Save it to offer only the days you work.
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Days you work</legend>
        <ul className="divide-y divide-border rounded-md border border-border">
          {WEEKDAYS.map((weekday, i) => (
            <WeekdayRow
              key={weekday}
              form={form}
              id={`${id}-${weekday}`}
              weekday={weekday}
              works={days[i]?.works ?? false}
            />
          ))}
        </ul>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Lead time (days)"
          required
          hint="How many days ahead a booking must be made; 0 takes bookings for today."
          error={formState.errors.leadTimeDays?.message}
        >
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={AVAILABILITY_LIMITS.leadTimeDaysMax}
              {...control}
              {...register('leadTimeDays')}
            />
          )}
        </Field>
        <Field
          label="Jobs a day"
          required
          hint="The most bookings you take on one day."
          error={formState.errors.jobsPerDay?.message}
        >
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={AVAILABILITY_LIMITS.jobsPerDayMin}
              max={AVAILABILITY_LIMITS.jobsPerDayMax}
              {...control}
              {...register('jobsPerDay')}
            />
          )}
        </Field>
      </div>
      <SubmitButton pending={save.isPending} describedBy={null}>
        Save working week
      </SubmitButton>
    </form>
  );
}

type WeekForm = ReturnType<typeof useZodForm<typeof WeekSchema>>;

/** One weekday: whether it is worked and, if so, its start and finish, each named with the day. */
function WeekdayRow({
  form,
  id,
  weekday,
  works,
}: {
  form: WeekForm;
  id: string;
  weekday: Weekday;
  works: boolean;
}) {
  const { register, formState } = form;
  const i = weekday - 1;
  const name = WEEKDAY_NAMES[weekday];
  const time = (part: 'start' | 'end', label: string) => (
    <Field
      id={`${id}-${part}`}
      label={
        <>
          {label}
          <span className="sr-only"> on {name}</span>
        </>
      }
      error={form.getFieldState(`days.${i}.${part}`, formState).error?.message}
    >
      {(control) => <Input type="time" {...control} {...register(`days.${i}.${part}`)} />}
    </Field>
  );
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-2 p-3">
      <label className="flex min-h-10 w-32 items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...register(`days.${i}.works`)} />
        {name}
      </label>
      {works ? (
        <div className="grid min-w-0 flex-1 grid-cols-2 gap-3">
          {time('start', 'Start')}
          {time('end', 'Finish')}
        </div>
      ) : (
        <p className="flex min-h-10 items-center text-sm text-muted-foreground">Not working</p>
      )}
    </li>
  );
}
