import type { BookingStatus, JobStatus, QuoteStatus } from '@domain/catalog/statuses';
import { cn } from '@/lib/utils';

// Readable labels for every status the API can send; the badge's words carry the meaning, the colour
// only repeats it (so it still reads in high-contrast and dark themes). One row a status: its words and
// its tone.
type StatusLook = { label: string; tone: Tone };

const JOB_STATUSES: Record<JobStatus, StatusLook> = {
  open: { label: 'Open', tone: 'blue' },
  in_progress: { label: 'In Progress', tone: 'amber' },
  completed: { label: 'Completed', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'grey' },
};

const QUOTE_STATUSES: Record<QuoteStatus, StatusLook> = {
  pending: { label: 'Pending', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
};

const BOOKING_STATUSES: Record<BookingStatus, StatusLook> = {
  pending: { label: 'Pending', tone: 'amber' },
  confirmed: { label: 'Confirmed', tone: 'blue' },
  completed: { label: 'Completed', tone: 'green' },
  disputed: { label: 'Disputed', tone: 'red' },
  cancelled: { label: 'Cancelled', tone: 'grey' },
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

export function jobStatusLabel(status: JobStatus): string {
  return JOB_STATUSES[status]?.label ?? status;
}
export function quoteStatusLabel(status: QuoteStatus): string {
  return QUOTE_STATUSES[status]?.label ?? status;
}
export function bookingStatusLabel(status: BookingStatus): string {
  return BOOKING_STATUSES[status]?.label ?? status;
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

/** A status the table does not know shows its raw value in grey. */
function LookedUpBadge({
  look,
  status,
  className,
}: {
  look?: StatusLook;
  status: string;
  className?: string;
}) {
  return (
    <Badge tone={look?.tone ?? 'grey'} className={className}>
      {look?.label ?? status}
    </Badge>
  );
}

export function JobStatusBadge({ status, className }: { status: JobStatus; className?: string }) {
  return <LookedUpBadge look={JOB_STATUSES[status]} status={status} className={className} />;
}

export function QuoteStatusBadge({ status, className }: { status: QuoteStatus; className?: string }) {
  return <LookedUpBadge look={QUOTE_STATUSES[status]} status={status} className={className} />;
}

export function BookingStatusBadge({ status, className }: { status: BookingStatus; className?: string }) {
  return <LookedUpBadge look={BOOKING_STATUSES[status]} status={status} className={className} />;
}
