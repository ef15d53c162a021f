// The signed-in user's navigation: the header's items and the phone's tab bar. It is its own chunk,
// loaded through app-chrome-loader.ts, so the landing page's visitors never download it.
import type { UserType } from '@domain/catalog/catalog';
import { LogOut } from 'lucide-react';
import type { Ref } from 'react';
import { AdminLink, AppNav, NotificationBell } from '@/components/layout/app-nav';
import { BottomNav } from '@/components/layout/bottom-nav';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Button } from '@/components/ui/button';
import { useSignOut } from '@/features/accounts/auth-mutations';
import { useUpdateSettings } from '@/features/accounts/use-update-settings';
import { useUnreadCount } from '@/features/messaging/unread';
import { useNotificationCount } from '@/features/notifications/unread';

type ChromeProps = {
  userType: UserType;
  /** The server has said who is signed in (the stored user type may stand in until it does). */
  signedIn: boolean;
  /** The server says this user is an admin: the header links to the admin console. */
  isAdmin?: boolean;
};

/**
 * The header's right-hand side for a signed-in user: the app's items from `md` up (the tab bar has them
 * below), then at every size the admin console (admins only), the bell, the theme and Log Out (spec: a
 * Sign Out button in the header).
 */
export function AppHeaderItems({ userType, signedIn, isAdmin = false }: ChromeProps) {
  const signOut = useSignOut();
  const updateSettings = useUpdateSettings();
  // Asked only once the server says who is signed in.
  const unread = useUnreadCount(signedIn);
  const notifications = useNotificationCount(signedIn);
  return (
    <>
      <AppNav userType={userType} unread={unread.data ?? 0} />
      {isAdmin && <AdminLink />}
      <NotificationBell unread={notifications.data ?? 0} />
      <ThemeToggle
        // The account keeps an explicit light or dark; following the device is no choice (null). A
        // refused change puts the account's value back, and useSessionSync the theme with it.
        onChoose={(choice) =>
          updateSettings.mutate({ darkMode: choice === 'system' ? null : choice === 'dark' })
        }
      />
      <Button
        variant="outline"
        size="icon"
        // An icon on phones and tablets, where the row is full; words from lg up.
        className="lg:w-auto lg:px-4"
        title="Log Out"
        disabled={signOut.isPending}
        aria-busy={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" />
        <span className="sr-only lg:not-sr-only">Log Out</span>
      </Button>
    </>
  );
}

/** The tab bar, below `md` only (bottom-nav.tsx), with a place for the assistant's button. */
export function AppTabBar({
  userType,
  signedIn,
  assistantSlot,
}: ChromeProps & { assistantSlot?: Ref<HTMLLIElement> }) {
  const unread = useUnreadCount(signedIn);
  return <BottomNav userType={userType} unread={unread.data ?? 0} assistantSlot={assistantSlot} />;
}
