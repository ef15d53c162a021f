import type { UserType } from '@domain/catalog/catalog';
import { Bell, ShieldCheck } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { BOTTOM_NAV_ITEMS } from './bottom-nav';
import { UnreadBadge, unreadLabel } from './unread-badge';

// The signed-in parts of the header. Only app/app-chrome.tsx imports them, so visitors never load them.

/** The signed-in user's items, from `md` up (the tab bar has them below). */
export function AppNav({ userType, unread }: { userType: UserType; unread: number }) {
  return (
    <nav aria-label="Main" className="hidden md:flex md:flex-1 md:pl-4 lg:pl-10">
      <ul className="flex items-center gap-1">
        {BOTTOM_NAV_ITEMS[userType].map(({ label, to }) => {
          const badge = to === '/messages' && unread > 0 ? unread : 0;
          return (
            <li key={to}>
              {/* NavLink marks the current screen with aria-current="page". */}
              <NavLink
                to={to}
                aria-label={unreadLabel(label, badge)}
                className={({ isActive }) =>
                  cn(
                    'relative block rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-muted',
                    isActive && 'bg-muted text-primary',
                  )
                }
              >
                {label}
                <UnreadBadge count={badge} className="-top-1 -right-1" />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** At every size: the bottom navigation's five items are fixed by the spec, so the bell is not one of them. */
export function NotificationBell({ unread }: { unread: number }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link to="/notifications" aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}>
        {/* The badge sits over the icon's corner, so it takes no room and moves nothing. */}
        <span className="relative">
          <Bell className="size-5" aria-hidden="true" />
          <UnreadBadge count={unread} className="-top-1.5 left-3" />
        </span>
      </Link>
    </Button>
  );
}

/**
 * Admins only, at every size: the way into the admin console. Not a sixth tab (the spec fixes the
 * bottom navigation's five items) but a header button like the bell: an icon on phones and tablets,
 * where the row is full, and words from `lg` up. Marked current anywhere in the console.
 */
export function AdminLink() {
  return (
    <Button
      asChild
      variant="ghost"
      size="icon"
      className="lg:w-auto lg:px-3 aria-[current=page]:bg-muted aria-[current=page]:text-primary"
    >
      {/* NavLink marks it aria-current="page" on every admin page (/admin and below). */}
      <NavLink to="/admin" title="Admin">
        <ShieldCheck className="size-5" aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Admin</span>
      </NavLink>
    </Button>
  );
}
