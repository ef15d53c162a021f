import type { TradespersonCard } from '@domain/discovery/api';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '@/features/accounts';
import { cn } from '@/lib/utils';
import { useToggleSaved } from './api';
import { tradespersonName } from './format';

type SaveButtonProps = {
  person: { id: string; fullName: string | null; saved: boolean };
  /** The card, when known, so Saved Professionals can show it before its next refresh. */
  card?: TradespersonCard;
  /** 'icon' on cards; 'labelled' (a visible 'Save') on the profile page. */
  look?: 'icon' | 'labelled';
  className?: string;
};

const BASE =
  'relative z-10 inline-flex shrink-0 items-center justify-center gap-2 rounded-full border text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const SIZES = { icon: 'size-10', labelled: 'h-10 px-4' } as const;

/**
 * The Save heart. Customers toggle it (aria-pressed); visitors are sent to sign in, since only a
 * customer's account can hold saved professionals. Tradespeople do not see it.
 */
export function SaveButton({ person, card, look = 'icon', className }: SaveButtonProps) {
  const session = useSession();
  const toggle = useToggleSaved();
  const name = tradespersonName(person);
  // A toggle keeps one name; the filled heart and aria-pressed say whether it is on.
  const label = look === 'labelled' ? 'Save' : null;

  // Keeps the card's layout still while the session loads.
  if (session.status === 'loading') {
    return <span aria-hidden="true" className={cn(SIZES[look], 'shrink-0', className)} />;
  }
  if (!session.user) {
    return (
      <Link
        to="/auth"
        aria-label={`Save ${name}`}
        title="Log in to save professionals"
        className={cn(BASE, SIZES[look], 'border-border bg-background hover:bg-muted', className)}
      >
        <Heart className="size-5" aria-hidden="true" />
        {label}
      </Link>
    );
  }
  if (session.user.userType !== 'customer') return null;

  return (
    <button
      type="button"
      aria-pressed={person.saved}
      aria-label={look === 'icon' ? `Save ${name}` : undefined}
      // One change at a time: a second click while the first is on its way is ignored, not queued.
      aria-disabled={toggle.isPending || undefined}
      onClick={() => {
        if (!toggle.isPending) toggle.mutate({ id: person.id, save: !person.saved, card });
      }}
      className={cn(
        BASE,
        SIZES[look],
        person.saved
          ? 'border-rose-300 bg-rose-50 text-rose-600 hover:bg-rose-100 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-400'
          : 'border-border bg-background hover:bg-muted',
        className,
      )}
    >
      <Heart className={cn('size-5', person.saved && 'fill-current')} aria-hidden="true" />
      {label}
    </button>
  );
}
