import type { BookingView } from '@domain/marketplace/api';
import { latestBookingDate, londonToday } from '@domain/marketplace/schemas';
import { addDays } from '@domain/scheduling/availability';
import {
  ProposeRescheduleBody,
  RESCHEDULE_LIMITS,
  RESCHEDULE_MESSAGES,
} from '@domain/scheduling/reschedules';
import { CalendarClock } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { DateCalendar } from '@/components/ui/date-calendar';
import { DialogActions, FormDialog } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Field } from '@/components/ui/form';
import { CharacterCounter, ReviewTextarea } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api';
import { issuesFromServer } from '@/lib/form-errors';
import { displayName, formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useUnavailableDays } from '../availability/api';
import { useProposeReschedule } from './api';

/** The first and last days of the month `day` is in. */
function monthOf(day: string): [string, string] {
  const first = `${day.slice(0, 7)}-01`;
  const next = addDays(first, 32);
  return [first, addDays(`${next.slice(0, 7)}-01`, -1)];
}

/**
 * Reschedule: a new date for the booking, from the days the tradesperson can take it on (the booking's
 * own place does not count against its day), with an optional note for the other side. The server
 * checks the day again; its refusal is shown under the calendar, and nothing chosen or typed is lost.
 */
export function RescheduleDialog({
  booking,
  me,
}: {
  booking: Pick<BookingView, 'id' | 'scheduledDate' | 'job' | 'customer' | 'tradesperson'>;
  me: 'customer' | 'tradesperson';
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const today = londonToday();
  // The month the calendar opens on (today's), then the one it is turned to.
  const [month, setMonth] = useState(() => monthOf(today));
  const offers = useUnavailableDays(booking.tradesperson.id, month[0], month[1], booking.id);
  const unavailable = useMemo(() => {
    const days = new Map(offers.data);
    if (booking.scheduledDate) days.set(booking.scheduledDate, RESCHEDULE_MESSAGES.sameDate);
    return days;
  }, [offers.data, booking.scheduledDate]);
  const calendarRef = useRef<HTMLDivElement>(null);
  const { form, send, pending } = useProposal(booking.id, () => setOpen(false), calendarRef);
  const date = form.watch('date');
  const note = form.watch('note') ?? '';
  const dateError = form.formState.errors.date?.message;
  const other = displayName(me === 'customer' ? booking.tradesperson : booking.customer);

  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline">
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      }
      title="Propose a new date"
      description={
        <>
          ‘{booking.job.title}’ is booked for{' '}
          {booking.scheduledDate ? formatDateOnly(booking.scheduledDate) : 'a date still to be agreed'}.{' '}
          {other} is asked to accept or decline the new date.
        </>
      }
      className="max-w-md"
      open={open}
      onOpenChange={setOpen}
      pending={pending}
    >
      <form noValidate className="space-y-4" onSubmit={send}>
        <div ref={calendarRef} className="space-y-2">
          <p className="text-sm font-medium">
            New date <span className="text-muted-foreground">(required)</span>
          </p>
          <DateCalendar
            value={date || null}
            onChange={(next) => {
              form.setValue('date', next);
              form.clearErrors('date');
            }}
            min={today}
            max={latestBookingDate(today)}
            unavailable={unavailable}
            onMonthChange={(first) => setMonth(monthOf(first))}
            errorId={dateError ? `${id}-date-error` : undefined}
          />
          <p className="text-sm" aria-live="polite">
            {date ? `Chosen: ${formatDateOnly(date)}` : 'No date chosen yet'}
          </p>
          <FieldError id={`${id}-date-error`} message={dateError} />
        </div>
        <Field
          id={`${id}-note`}
          label="Note (optional)"
          counter={
            <CharacterCounter
              id={`${id}-count`}
              length={note.trim().length}
              max={RESCHEDULE_LIMITS.noteMax}
            />
          }
          error={form.formState.errors.note?.message}
        >
          {(control) => (
            <ReviewTextarea
              {...control}
              {...form.register('note')}
              rows={3}
              placeholder="Why the new date suits you better"
              readOnly={pending}
            />
          )}
        </Field>
        <DialogActions onCancel={() => setOpen(false)} confirmLabel="Send" pending={pending} />
      </form>
    </FormDialog>
  );
}

/** The calendar's day that takes focus: the chosen one, else today. */
const currentDay = (calendarRef: React.RefObject<HTMLDivElement | null>) =>
  calendarRef.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]') ?? null;

/**
 * The proposal being written, checked as the server checks it; a refused day (taken since the
 * calendar was drawn) is said under the calendar, which takes focus.
 */
function useProposal(
  bookingId: string,
  onSent: () => void,
  calendarRef: React.RefObject<HTMLDivElement | null>,
) {
  const form = useZodForm(ProposeRescheduleBody, {
    defaultValues: { date: '', note: '' },
    invalidTitle: RESCHEDULE_MESSAGES.dateRequired,
  });
  const propose = useProposeReschedule(bookingId);
  // The calendar stands in for the field: focusing the field focuses the calendar's current day.
  useEffect(() => {
    form.register('date').ref({ focus: () => currentDay(calendarRef)?.focus() });
  }, [form.register, calendarRef]);

  const sendWith = (values: z.output<typeof ProposeRescheduleBody>) =>
    propose.mutate(
      { date: values.date, note: values.note ?? undefined },
      {
        onSuccess: () => {
          void showSuccess(RESCHEDULE_MESSAGES.proposed);
          onSent();
          form.reset();
        },
        onError: (error) => {
          const issue = issuesFromServer(error).find((i) => i.field === 'date' || i.field === 'note');
          if (issue) form.setError(issue.field as 'date' | 'note', { message: issue.message });
          if (issue?.field === 'date') currentDay(calendarRef)?.focus();
          void showError(RESCHEDULE_MESSAGES.failed, errorMessage(error, RESCHEDULE_MESSAGES.failed));
        },
      },
    );
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    if (propose.isPending) {
      event.preventDefault();
      return;
    }
    void form.submitWith(sendWith)(event);
  };
  return { form, send, pending: propose.isPending };
}
