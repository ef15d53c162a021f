import type { UserType } from '@domain/catalog/catalog';
import { cn } from '@/lib/utils';

// The account badges of the console: the words carry the meaning, the colour only repeats it.

const TONES = {
  blue: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-200',
  green:
    'border-green-200 bg-green-50 text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  red: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  grey: 'border-border bg-muted text-muted-foreground',
  violet:
    'border-violet-200 bg-violet-50 text-violet-800 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-200',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

export const USER_TYPE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  tradesperson: 'Tradesperson',
};

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? <Badge tone="green">Verified</Badge> : <Badge tone="grey">Not verified</Badge>;
}

/** Everything that sets an account apart: deleted, suspended, admin, and a tradesperson's verification. */
export function AccountBadges({
  user,
}: {
  user: {
    isAdmin: boolean;
    verified: boolean | null;
    suspendedAt: string | null;
    deletedAt: string | null;
  };
}) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.deletedAt && <Badge tone="grey">Deleted</Badge>}
      {user.suspendedAt && <Badge tone="red">Suspended</Badge>}
      {user.isAdmin && <Badge tone="violet">Admin</Badge>}
      {user.verified !== null && <VerifiedBadge verified={user.verified} />}
    </span>
  );
}
