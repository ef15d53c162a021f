import type { UserType } from '@domain/catalog/catalog';
import {
  Briefcase,
  FileText,
  Home,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Search,
  User,
} from 'lucide-react';
import type { Ref } from 'react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { UnreadBadge, unreadLabel } from './unread-badge';

type NavItem = { label: string; to: string; icon: LucideIcon };

// The spec's bottom navigation, one variant per user type (section 2, "Bottom navigation").
// Both end with the same two.
const MESSAGES: NavItem = { label: 'Messages', to: '/messages', icon: MessageSquare };
const PROFILE: NavItem = { label: 'Profile', to: '/profile', icon: User };

export const BOTTOM_NAV_ITEMS: Record<UserType, readonly NavItem[]> = {
  customer: [
    { label: 'Home', to: '/home', icon: Home },
    { label: 'Browse', to: '/browse', icon: Search },
    { label: 'Jobs', to: '/my-jobs', icon: Briefcase },
    MESSAGES,
    PROFILE,
  ],
  tradesperson: [
    { label: 'Dashboard', to: '/tradesperson-dashboard', icon: LayoutDashboard },
    { label: 'Jobs', to: '/browse', icon: Search },
    { label: 'Quotes', to: '/manage-quotes', icon: FileText },
    MESSAGES,
    PROFILE,
  ],
};

/**
 * Signed-in navigation fixed to the bottom of the screen, below the `md` breakpoint only: from there up
 * the header has the same items (header.tsx). Render it only when the user type is known. `unread`
 * (messages not yet read) shows as a badge on Messages. `assistantSlot` receives a last item's place,
 * where the AI Assistant's button goes on phones (features/assistant/launcher.tsx) instead of floating
 * over the page. `data-tab-bar` keeps focus clear of the bar (index.css's scroll-padding).
 */
export function BottomNav({
  userType,
  unread = 0,
  assistantSlot,
}: {
  userType: UserType;
  unread?: number;
  assistantSlot?: Ref<HTMLLIElement>;
}) {
  return (
    <nav
      aria-label="App"
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul
        className={cn(
          'mx-auto grid h-16 max-w-lg',
          // The five items share what the assistant's round button leaves, a longer word ("Dashboard")
          // widening its own so none is cut at 320 px.
          assistantSlot ? 'grid-cols-[repeat(5,minmax(min-content,1fr))_3.25rem] px-1' : 'grid-cols-5',
        )}
      >
        {BOTTOM_NAV_ITEMS[userType].map(({ label, to, icon: Icon }) => {
          const badge = to === MESSAGES.to && unread > 0 ? unread : 0;
          return (
            <li key={to} className="flex">
              {/* NavLink marks the current screen with aria-current="page". */}
              <NavLink
                to={to}
                // The name starts with the visible label, then says what the badge shows.
                aria-label={unreadLabel(label, badge)}
                className={({ isActive }) =>
                  cn(
                    'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium',
                    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {/* The badge sits over the icon's corner, so it takes no room and moves nothing. */}
                <span className="relative">
                  <Icon className="size-5" aria-hidden="true" />
                  <UnreadBadge count={badge} className="-top-1.5 left-3" />
                </span>
                {label}
              </NavLink>
            </li>
          );
        })}
        {assistantSlot && <li ref={assistantSlot} className="flex" />}
      </ul>
    </nav>
  );
}
