import type { BookingStatus, JobStatus, QuoteStatus } from '@domain/catalog/statuses';
import { cn } from '@/lib/utils';

// Readable labels for every status the API can send; the badge's words carry the meaning, the colour
// only repeats it (so it still reads in high-contrast and dark themes).
const JOB_LABELS: Record<JobStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const QUOTE_LABELS: Record<QuoteStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

const BOOKING_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  disputed: 'Disputed',
  cancelled: 'Cancelled',
};

export type Tone = 'blue' | 'amber' | 'green' | 'grey' | 'red';

const TONES: Record<Tone, string> = {
  blue: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  amber:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  green:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  grey: 'border-border bg-muted text-muted-foreground',
  red: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
};

const JOB_TONES: Record<JobStatus, Tone> = {
  open: 'blue',
  in_progress: 'amber',
  completed: 'green',
  cancelled: 'grey',
};
const QUOTE_TONES: Record<QuoteStatus, Tone> = {
  pending: 'amber',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'grey',
};
const BOOKING_TONES: Record<BookingStatus, Tone> = {
  pending: 'amber',
  confirmed: 'blue',
  completed: 'green',
  disputed: 'red',
  cancelled: 'grey',
};

export function jobStatusLabel(status: JobStatus): string {
  return JOB_LABELS[status] ?? status;
}
export function quoteStatusLabel(status: QuoteStatus): string {
  return QUOTE_LABELS[status] ?? status;
}
export function bookingStatusLabel(status: BookingStatus): string {
  return BOOKING_LABELS[status] ?? status;
}

/** A status pill: the words carry the meaning, the tone only repeats it. */
export function Badge({ tone, children, className }: { tone: Tone; children: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

export function JobStatusBadge({ status, className }: { status: JobStatus; className?: string }) {
  return (
    <Badge tone={JOB_TONES[status] ?? 'grey'} className={className}>
      {jobStatusLabel(status)}
    </Badge>
  );
}

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  return (
    <Badge tone={QUOTE_TONES[status] ?? 'grey'} className={className}>
      {quoteStatusLabel(status)}
    </Badge>
  );
}

export function BookingStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  return (
    <Badge tone={BOOKING_TONES[status] ?? 'grey'} className={className}>
      {bookingStatusLabel(status)}
    </Badge>
  );
}
