import type { BookingChangesResponse } from '@domain/changes/api';
import { formatPence } from '@domain/payments/money';
import { formatDateTime } from '@/lib/format';
import { inTimeOrder, TIMELINE_KIND_LABELS } from './change-words';

/**
 * Every movement of the booking's money, oldest first and newest last, as an ordered list: each entry
 * reads as date, what happened and the amount, in that order, on a phone as on a desktop.
 */
export function MoneyTimeline({ timeline }: { timeline: BookingChangesResponse['timeline'] }) {
  return (
    <section aria-labelledby="money-timeline-heading" className="space-y-3">
      <h2 id="money-timeline-heading" className="text-xl font-semibold">
        Money timeline
      </h2>
      {timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">No money has moved on this booking yet.</p>
      ) : (
        <ol
          aria-labelledby="money-timeline-heading"
          className="divide-y divide-border rounded-xl border border-border"
        >
          {inTimeOrder(timeline).map((entry, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never reorder
              key={index}
              className="grid gap-x-4 gap-y-0.5 p-3 text-sm sm:grid-cols-[10rem_1fr_auto] sm:items-baseline"
            >
              <time dateTime={entry.at} className="text-muted-foreground tabular-nums">
                {formatDateTime(entry.at)}
              </time>
              <span className="min-w-0 break-words">
                <span className="font-medium">{TIMELINE_KIND_LABELS[entry.kind]}</span>
                {entry.description && (
                  <span className="block text-muted-foreground">{entry.description}</span>
                )}
              </span>
              <span className="font-semibold tabular-nums sm:text-right">
                {formatPence(entry.amountPence)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
