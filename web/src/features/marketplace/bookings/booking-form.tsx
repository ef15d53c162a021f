import {
  BOOKING_MESSAGES,
  CreateBookingBody,
  latestBookingDate,
  londonToday,
} from '@domain/marketplace/schemas';
import { formatPence } from '@domain/payments/money';
import { addDays } from '@domain/scheduling/availability';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type * as z from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateCalendar } from '@/components/ui/date-calendar';
import { FieldError } from '@/components/ui/field-error';
import { ErrorState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useUnavailableDays } from '@/features/scheduling';
import { ApiError } from '@/lib/api';
import { issuesFromServer, updateThenFocus } from '@/lib/form-errors';
import { displayName, formatDateOnly } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateBooking, useQuoteForBooking } from './api';

/** Book Your Service (spec section 2): pick a date for a quote and confirm. */
export function BookingForm({ quoteId }: { quoteId: string | null }) {
  const navigate = useNavigate();
  const quote = useQuoteForBooking(quoteId);
  const create = useCreateBooking();
  const today = londonToday();
  // Any other refusal, said above the button as well as in the toast.
  const [failure, setFailure] = useState<string | null>(null);
  const calendarRef = useRef<HTMLDivElement>(null);
  const { form, date, dateProblem, pick, focusCalendar } = useBookingDate(quoteId, calendarRef);
  const days = useMonthOffers(quote.data?.tradesperson.id, date || today);

  const back = (
    <Button variant="ghost" size="sm" className="-ml-2" onClick={() => void navigate(-1)}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Button>
  );

  const book = (body: z.output<typeof CreateBookingBody>) => {
    setFailure(null);
    create.mutate(body, {
      onSuccess: () => {
        void showSuccess('Booking created successfully!');
        void navigate('/my-jobs');
      },
      onError: (error) => {
        const message =
          error instanceof ApiError && error.status === 401
            ? 'Not authenticated'
            : error instanceof ApiError
              ? error.message
              : 'Failed to create booking';
        void showError('Error creating booking', message);
        const issue = issuesFromServer(error).find((i) => i.field === 'scheduledDate');
        if (issue) {
          updateThenFocus(() => form.setError('scheduledDate', { message: issue.message }), focusCalendar);
        } else setFailure(`Error creating booking. ${message}`);
        // The day filled up or the tradesperson changed their days meanwhile: show the month as it is now.
        if (error instanceof ApiError && error.code === 'day_unavailable') void days.refetch();
      },
    });
  };
  const confirm = () => void form.submitWith(book)();

  if (!quoteId || (quote.error instanceof ApiError && quote.error.status === 404)) {
    return <QuoteNotFound back={back} />;
  }

  const bookable = quote.data ? quote.data.status === 'pending' && quote.data.job.status === 'open' : true;

  return (
    <div className="space-y-6">
      {back}
      <h1 className="text-3xl font-bold tracking-tight">Book Your Service</h1>
      <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
        <Card className="min-w-0">
          <CardHeader className="px-3 pb-3 sm:px-6">
            <CardTitle as="h2">Choose a date</CardTitle>
          </CardHeader>
          <CardContent ref={calendarRef} className="space-y-3 px-3 sm:px-6">
            <DateCalendar
              value={date || null}
              onChange={pick}
              min={today}
              max={latestBookingDate(today)}
              errorId={dateProblem ? 'booking-date-error' : undefined}
              unavailable={days.data}
              onMonthChange={days.showMonth}
            />
            <FieldError id="booking-date-error" message={dateProblem?.message} />
            <p className="text-sm text-muted-foreground">Greyed-out days are not available.</p>
            <p role="status" className="min-h-5 text-sm text-muted-foreground">
              {days.isFetching ? 'Checking which days are free…' : ''}
            </p>
          </CardContent>
        </Card>

        <BookingSummary
          quote={quote}
          date={date || null}
          bookable={bookable}
          failure={failure}
          pending={create.isPending}
          onConfirm={confirm}
        />
      </div>
    </div>
  );
}

/**
 * The days of the month the calendar shows that the tradesperson cannot be booked on, with why (the
 * server's own rule), asked for again as the customer moves between months.
 */
function useMonthOffers(tradespersonId: string | undefined, startDate: string) {
  const [month, showMonth] = useState(`${startDate.slice(0, 7)}-01`);
  const next = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 1)).toISOString().slice(0, 10);
  const days = useUnavailableDays(tradespersonId, month, addDays(next, -1));
  return { data: days.data, isFetching: days.isFetching, refetch: days.refetch, showMonth };
}

/** The calendar's day that takes focus: the chosen one, else today. */
const currentDay = (calendarRef: RefObject<HTMLDivElement | null>) =>
  calendarRef.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]') ?? null;

/**
 * The date being chosen, checked as the server checks it (CreateBookingBody): none chosen says the
 * spec's 'Please select a date' under the calendar and as the toast, and focus goes to the calendar's
 * current day once the message is on the page, so it is read with it.
 */
function useBookingDate(quoteId: string | null, calendarRef: RefObject<HTMLDivElement | null>) {
  const form = useZodForm(CreateBookingBody, {
    defaultValues: { quoteId: quoteId ?? '', scheduledDate: '' },
    invalidTitle: BOOKING_MESSAGES.dateRequired,
  });
  const focusCalendar = () => currentDay(calendarRef);
  // The calendar stands in for the field: focusing the field focuses the calendar's current day.
  useEffect(() => {
    form.register('scheduledDate').ref({ focus: () => currentDay(calendarRef)?.focus() });
  }, [form.register, calendarRef]);
  const pick = (next: string) => {
    form.setValue('scheduledDate', next);
    form.clearErrors('scheduledDate');
  };
  return {
    form,
    date: form.watch('scheduledDate'),
    dateProblem: form.formState.errors.scheduledDate,
    pick,
    focusCalendar,
  };
}

function QuoteNotFound({ back }: { back: ReactNode }) {
  return (
    <div className="space-y-6">
      {back}
      <section className="py-10 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Quote not found</h1>
        <p className="mt-3 text-muted-foreground">
          Choose a quote from one of your jobs to book it for a date.
        </p>
        <Button asChild className="mt-6">
          <Link to="/my-jobs">Go to My Jobs</Link>
        </Button>
      </section>
    </div>
  );
}

/** What is being booked (the quote's own amount, not the address's), the date chosen, and Confirm. */
function BookingSummary({
  quote,
  date,
  bookable,
  failure,
  pending,
  onConfirm,
}: {
  quote: ReturnType<typeof useQuoteForBooking>;
  date: string | null;
  bookable: boolean;
  failure: string | null;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Card className="h-fit">
      <CardHeader className="pb-3">
        <CardTitle as="h2">Booking summary</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {quote.isPending ? (
          <div role="status" aria-busy="true" className="h-24">
            <span className="sr-only">Loading quote…</span>
            <div aria-hidden="true" className="h-full animate-pulse rounded-md bg-muted" />
          </div>
        ) : quote.isError ? (
          <ErrorState text="We couldn't load this quote." onRetry={() => void quote.refetch()} />
        ) : (
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Job</dt>
              <dd className="font-medium">{quote.data.job.title}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Tradesperson</dt>
              <dd className="font-medium">{displayName(quote.data.tradesperson)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="text-lg font-bold">{formatPence(quote.data.amount, 2)}</dd>
            </div>
          </dl>
        )}
        <div className="text-sm" aria-live="polite">
          <p className="text-muted-foreground">Date</p>
          <p className="font-medium">{date ? formatDateOnly(date) : 'No date selected'}</p>
        </div>
        {!bookable && <p className="text-sm text-muted-foreground">This quote can no longer be booked.</p>}
        <FieldError id="booking-error" message={failure} />
        <Button
          className="w-full"
          onClick={onConfirm}
          disabled={pending || !bookable}
          aria-busy={pending}
          aria-describedby={failure ? 'booking-error' : undefined}
        >
          {pending && <Spinner />}
          Confirm Booking
        </Button>
      </CardContent>
    </Card>
  );
}
