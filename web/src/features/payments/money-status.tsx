import type { BookingMoneySummary } from '@domain/payments/api';
import { formatPence } from '@domain/payments/money';
import { LockKeyhole, ShieldAlert, Undo2, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { bookingMoneyText } from '@/features/payouts';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useReleasePayment } from './api';

const TONES = {
  held: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  frozen: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  released:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  refunded: 'border-border bg-muted text-muted-foreground',
};

/**
 * The money of a paid booking as a pill: 'Held until 30 Nov 2026', 'Frozen by a dispute', 'Released',
 * 'Refunded'. Its words carry the meaning; the colour and icon only repeat it. Nothing before payment.
 */
export function MoneyStatus({ money, className }: { money: BookingMoneySummary; className?: string }) {
  if (money.state === 'unpaid') return null;
  const text = bookingMoneyText(money);
  const tone = money.frozen
    ? 'frozen'
    : money.state === 'held'
      ? 'held'
      : money.state === 'released'
        ? 'released'
        : 'refunded';
  const Icon = { held: LockKeyhole, frozen: ShieldAlert, released: Wallet, refunded: Undo2 }[tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      {text}
    </span>
  );
}

/**
 * The customer can release held money early: not while a dispute has frozen it, and not a milestone's
 * (approved one by one on the milestones page).
 */
export const canReleaseEarly = (money: BookingMoneySummary) =>
  money.state === 'held' && !money.frozen && !money.milestones;

/**
 * 'Release payment now': the customer pays the tradesperson before the protection window ends, after
 * a confirmation that says what they give up.
 */
export function ReleasePaymentButton({
  bookingId,
  amount,
  tradespersonName,
  heldUntil,
  className,
}: {
  bookingId: string;
  /** The booking's amount in pence. */
  amount: number;
  tradespersonName: string;
  heldUntil: string | null;
  className?: string;
}) {
  const release = useReleasePayment(bookingId);
  const until = heldUntil ? formatDate(heldUntil) : null;
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline" className={className}>
          Release payment now
        </Button>
      }
      title="Release the payment now?"
      description={
        <>
          <p>
            Your payment of {formatPence(amount, 2)} goes to {tradespersonName} now
            {until ? `, instead of on ${until}` : ''}.
          </p>
          <p>
            This ends your protection window: once released, the money can no longer be held back if something
            turns out to be wrong with the work. This cannot be undone.
          </p>
        </>
      }
      confirmLabel="Release payment"
      cancelLabel="Keep it held"
      confirmVariant="default"
      pending={release.isPending}
      onConfirm={(close, fail) =>
        release.mutate(undefined, {
          onSuccess: () => {
            close();
            void showSuccess('Payment released', `${tradespersonName} has been paid.`);
          },
          onError: (error) => {
            const message = errorMessage(error, 'Failed to release payment');
            fail(message);
            void showError('Error', message);
          },
        })
      }
    />
  );
}
