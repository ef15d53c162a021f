import type { SessionUser } from '@domain/accounts/api';
import { UserRound } from 'lucide-react';
import { Card } from '@/components/ui/card';

/** The Account screen's header card (spec section 2): name (fallback 'User'), email and '<type> account'. */
export function ProfileHeader({ user }: { user: Pick<SessionUser, 'fullName' | 'email' | 'userType'> }) {
  const name = user.fullName?.trim() || 'User';
  return (
    <Card className="flex items-center gap-4 p-6">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <UserRound className="size-7" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        {/* Wrapped rather than truncated, so a long name or email is read whole on a phone; an email has
            no spaces, so it may break anywhere. */}
        <h1 className="text-2xl font-bold tracking-tight break-words">{name}</h1>
        <p className="wrap-anywhere text-muted-foreground">{user.email}</p>
        <p className="mt-1 text-sm font-medium text-foreground">{user.userType} account</p>
      </div>
    </Card>
  );
}
