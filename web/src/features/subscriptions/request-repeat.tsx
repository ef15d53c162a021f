import { JOB_CATEGORIES } from '@domain/catalog/catalog';
import { TRADES_BY_JOB_CATEGORY } from '@domain/discovery/services';
import { Repeat } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/accounts';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { cn } from '@/lib/utils';
import type { RepeatAsk } from './ask-repeat-dialog';

const loadDialog = () => import('./ask-repeat-dialog');

const ASK = 'Ask for a repeat service';

/** The job categories a tradesperson of `trade` serves (all of them when the trade is not set). */
export function categoriesFor(trade: string | null): string[] {
  if (!trade) return [...JOB_CATEGORIES];
  const served = JOB_CATEGORIES.filter((c) =>
    (TRADES_BY_JOB_CATEGORY[c] as readonly string[]).includes(trade),
  );
  return served.length > 0 ? served : [...JOB_CATEGORIES];
}

/**
 * 'Ask for a repeat service' on a customer's completed booking: a message to the tradesperson, who then
 * proposes a plan. On to /subscriptions once asked.
 */
export function RepeatServiceFromBooking({
  booking,
  tradespersonName,
  className,
}: {
  booking: { id: string; status: string };
  tradespersonName: string;
  className?: string;
}) {
  if (booking.status !== 'completed') return null;
  return (
    <AskButton
      ask={{ kind: 'booking', bookingId: booking.id }}
      who={tradespersonName}
      size="sm"
      className={className}
    />
  );
}

/**
 * The same from a tradesperson's public profile, for a signed-in customer: the postcode and the kind of
 * work are asked too. A visitor is sent to sign in first; tradespeople see nothing.
 */
export function RepeatServiceFromProfile({
  tradesperson,
}: {
  tradesperson: { id: string; trade: string | null; name: string };
}) {
  const session = useSession();
  if (session.status === 'loading') return null;
  if (!session.user) {
    return (
      <LinkButton to="/auth" icon={Repeat} variant="outline">
        {ASK}
      </LinkButton>
    );
  }
  if (session.user.userType !== 'customer') return null;
  return (
    <AskButton
      ask={{
        kind: 'profile',
        tradespersonId: tradesperson.id,
        categories: categoriesFor(tradesperson.trade),
      }}
      who={tradesperson.name}
      size="default"
    />
  );
}

/** The button, which is all a page loads; its dialog (ask-repeat-dialog.tsx) loads when first wanted. */
function AskButton({
  ask,
  who,
  size,
  className,
}: {
  ask: RepeatAsk;
  who: string;
  size: 'sm' | 'default';
  className?: string;
}) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <Button variant="outline" size={size} className={cn('relative z-10', className)} {...dialog.button}>
        <Repeat aria-hidden="true" />
        {ASK}
      </Button>
      {dialog.Dialog && <dialog.Dialog ask={ask} title={ASK} who={who} {...dialog.dialog} />}
    </>
  );
}
