import type { MoneyEvent } from '@domain/payments/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { useBookingMoney } from './api';

/**
 * A booking's money, step by step (GET /bookings/:id/money): paid, held until, released, the fee, paid
 * out, refunded. The server words each step ('Paid £135.00'); this lists them oldest first with their
 * dates, for either party or an admin.
 */
export function MoneyTimeline({ bookingId }: { bookingId: string }) {
  const money = useBookingMoney(bookingId);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" id={`money-timeline-${bookingId}`}>
          Payment history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {money.isPending ? (
          <div role="status" aria-busy="true" className="space-y-2">
            <span className="sr-only">Loading payment history…</span>
            {[0, 1, 2].map((i) => (
              <div
                key={i}
                aria-hidden="true"
                className="h-5 w-2/3 animate-pulse rounded bg-muted motion-reduce:animate-none"
              />
            ))}
          </div>
        ) : money.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            <p className="font-medium">We couldn't load the payment history.</p>
            <Button size="sm" variant="outline" onClick={() => void money.refetch()}>
              Try again
            </Button>
          </div>
        ) : money.data.timeline.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been paid for this booking yet.</p>
        ) : (
          <ol aria-labelledby={`money-timeline-${bookingId}`} className="space-y-0">
            {money.data.timeline.map((event, index) => (
              <TimelineItem
                key={`${event.kind}-${event.at}-${event.label}`}
                event={event}
                last={index === money.data.timeline.length - 1}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export function TimelineItem({ event, last }: { event: MoneyEvent; last: boolean }) {
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0">
      {/* The dot and the line joining the steps are decoration; the list's order carries the sequence. */}
      <span aria-hidden="true" className="relative flex w-3 shrink-0 justify-center">
        <span className="mt-1.5 size-2.5 rounded-full bg-primary" />
        {!last && <span className="absolute top-4 -bottom-1 w-px bg-border" />}
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:justify-between sm:gap-4">
        <p className="text-sm font-medium break-words">{event.label}</p>
        <time dateTime={event.at} className="block text-sm text-muted-foreground sm:shrink-0">
          {formatDate(event.at)}
        </time>
      </div>
    </li>
  );
}
