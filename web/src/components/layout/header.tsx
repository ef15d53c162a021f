import { Hammer, Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ThemeToggle } from './theme-toggle';

// The spec's landing-page header items. /support is the spec's How It Works, About and Contact hub.
const NAV_LINKS = [
  { label: 'Find Trades', to: '/browse-services' },
  { label: 'How It Works', to: '/support#how-it-works' },
  { label: 'For Tradespeople', to: '/auth?type=tradesperson' },
] as const;

const LINK_CLASS = 'block rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-muted';

/**
 * One navigation per screen size. Visitors get the landing page's items: a row on wider screens, a menu
 * behind a button on phones. Signed-in users get `appItems` (app-chrome.tsx: the app's items from the
 * `md` breakpoint up, where the bottom tab bar hides, the bell, the theme and Log Out); they load in
 * their own chunk, so until then the signed-in header shows the logo alone.
 */
export function Header({ signedIn, appItems }: { signedIn: boolean; appItems?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-auto flex items-center gap-2 rounded-md text-lg font-bold text-foreground">
          <span className="flex size-8 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Hammer className="size-5" aria-hidden="true" />
          </span>
          TradeNest
        </Link>
        {signedIn ? (
          appItems
        ) : (
          <>
            <VisitorNav />
            <ThemeToggle />
          </>
        )}
      </div>
    </header>
  );
}

/** The landing page's header items (spec section 2): a row from `md` up, a menu on phones. */
function VisitorNav() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();

  // Following a link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the location changed
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <nav aria-label="Main" className="md:flex-1 md:pl-6 lg:pl-10">
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        <span className="sr-only">Menu</span>
      </Button>
      <ul
        id={menuId}
        className={cn(
          // Phones: a panel under the header, shown by the menu button. Wider screens: one row.
          'absolute inset-x-0 top-16 flex-col gap-1 border-b border-border bg-background p-4 shadow-md',
          'md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none',
          open ? 'flex' : 'hidden',
        )}
      >
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={LINK_CLASS}>
              {link.label}
            </Link>
          </li>
        ))}
        <li className="mt-2 border-t border-border pt-3 md:mt-0 md:ml-auto md:border-0 md:pt-0">
          <Link to="/auth" className={LINK_CLASS}>
            Log In
          </Link>
        </li>
        <li>
          <Button asChild className="mt-1 w-full md:mt-0 md:w-auto">
            <Link to="/auth?mode=signup">Sign Up</Link>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
