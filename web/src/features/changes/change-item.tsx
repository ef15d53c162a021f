import type { ChangeView } from '@domain/changes/api';
import type { ReactNode } from 'react';
import { PriceBreakdown } from '@/components/pricing/price-breakdown';
import { Badge } from '@/components/status-badge';
import { PhotoGallery } from '@/features/photos';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CHANGE_STATUS_LOOKS, directionText, settlementText, signedAmount } from './change-words';

const ROLE = { customer: 'the customer', tradesperson: 'the tradesperson' } as const;

/** Who proposed it and when: 'You proposed this on 3 Dec 2026' or 'Tom Pipes (the tradesperson) …'. */
function proposedLine(change: ChangeView, meId: string | undefined): string {
  const who =
    change.proposedBy.id === meId ? 'You' : `${change.proposedBy.name} (${ROLE[change.proposedBy.role]})`;
  return `${who} proposed this on ${formatDate(change.proposedAt)}`;
}

/** What became of it: accepted or declined (and why), withdrawn, with the date. */
function decidedLine(change: ChangeView): string | null {
  if (!change.decidedAt) return null;
  const on = formatDate(change.decidedAt);
  if (change.status === 'accepted') return `Accepted on ${on}`;
  if (change.status === 'declined') return `Declined on ${on}`;
  if (change.status === 'withdrawn') return `Withdrawn on ${on}`;
  return null;
}

/**
 * One change to the booking: its status, the amount and which way, who proposed it, what it is, the
 * itemised breakdown and photos when it has them, and how it ended. `children` holds the actions the
 * viewer may take on it. `headingLevel` fits the section it is listed in.
 */
export function ChangeItem({
  change,
  meId,
  headingLevel: Heading = 'h3',
  children,
  className,
}: {
  change: ChangeView;
  meId: string | undefined;
  headingLevel?: 'h3' | 'h4';
  children?: ReactNode;
  className?: string;
}) {
  const look = CHANGE_STATUS_LOOKS[change.status];
  const settled = settlementText(change);
  const decided = decidedLine(change);
  const paymentError = change.payment?.status === 'failed' ? change.payment.lastError : null;
  return (
    <article
      aria-labelledby={`change-${change.id}`}
      className={cn('space-y-3 rounded-xl border border-border bg-card p-4 sm:p-5', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={`change-${change.id}`} className="text-base font-semibold">
          {directionText(change)}
        </Heading>
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="font-semibold tabular-nums">
            {signedAmount(change)}
          </span>
          <Badge tone={look.tone}>{look.label}</Badge>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{proposedLine(change, meId)}.</p>
      <p className="break-words whitespace-pre-wrap">{change.description}</p>
      {change.breakdown && (
        <div className="rounded-lg border border-border px-3 py-2">
          <PriceBreakdown breakdown={change.breakdown} caption="Items of this change" />
        </div>
      )}
      <PhotoGallery
        photos={change.photos}
        title="Photos of the change"
        headingLevel={Heading === 'h3' ? 4 : 5}
      />
      {(decided || settled) && (
        <p className="text-sm">
          {decided}
          {decided && settled && '. '}
          {settled && <span className="font-medium">{settled}</span>}.
        </p>
      )}
      {change.status === 'declined' &&
        (change.declineReason ? (
          <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap">
            {change.declineReason}
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground">No reason was given.</p>
        ))}
      {paymentError && <p className="text-sm text-destructive dark:text-red-300">{paymentError}</p>}
      {children}
    </article>
  );
}
