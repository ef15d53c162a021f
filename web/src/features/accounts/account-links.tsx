import type { SessionUser } from '@domain/accounts/api';
import {
  AlertTriangle,
  BarChart3,
  Briefcase,
  CalendarDays,
  ChevronRight,
  CreditCard,
  FileText,
  Heart,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  MessageSquare,
  Pencil,
  Repeat,
  ShieldCheck,
  Star,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';

type AccountLink = { label: string; to: string; icon: LucideIcon };

// Spec section 2: navigation buttons on the Info tab; tradespeople also get their dashboard, quotes,
// profile editing, calendar, payments and analytics. Saved Professionals and Payment Methods are a customer's tools; Documents is where a
// tradesperson uploads ID and insurance for verification.
const CUSTOMER_LINKS: AccountLink[] = [
  { label: 'My Jobs', to: '/my-jobs', icon: Briefcase },
  { label: 'Messages', to: '/messages', icon: MessageSquare },
  { label: 'Saved Professionals', to: '/saved-pros', icon: Heart },
  { label: 'My Reviews', to: '/my-reviews', icon: Star },
  { label: 'Payment Methods', to: '/payment-methods', icon: CreditCard },
  { label: 'Subscriptions', to: '/subscriptions', icon: Repeat },
  { label: 'Disputes', to: '/disputes', icon: AlertTriangle },
  { label: 'Support', to: '/support', icon: LifeBuoy },
];

const TRADESPERSON_LINKS: AccountLink[] = [
  { label: 'Dashboard', to: '/tradesperson-dashboard', icon: LayoutDashboard },
  { label: 'Manage Quotes', to: '/manage-quotes', icon: FileText },
  { label: 'Edit Profile', to: '/edit-tradesperson-profile', icon: Pencil },
  { label: 'My Bookings', to: '/my-jobs', icon: Briefcase },
  { label: 'Subscriptions', to: '/subscriptions', icon: Repeat },
  { label: 'Calendar', to: '/tradesperson/calendar', icon: CalendarDays },
  { label: 'Payments', to: '/tradesperson/payments', icon: Wallet },
  { label: 'Analytics', to: '/tradesperson/analytics', icon: BarChart3 },
  { label: 'Messages', to: '/messages', icon: MessageSquare },
  { label: 'My Reviews', to: '/my-reviews', icon: Star },
  { label: 'Documents', to: '/documents', icon: FileText },
  { label: 'Disputes', to: '/disputes', icon: AlertTriangle },
  { label: 'Support', to: '/support', icon: LifeBuoy },
];

const ADMIN_LINK: AccountLink = { label: 'Admin Dashboard', to: '/admin', icon: ShieldCheck };

export function accountLinksFor(user: Pick<SessionUser, 'userType' | 'isAdmin'>): AccountLink[] {
  const links = user.userType === 'tradesperson' ? TRADESPERSON_LINKS : CUSTOMER_LINKS;
  return user.isAdmin ? [...links, ADMIN_LINK] : links;
}

export function AccountLinks({ user }: { user: Pick<SessionUser, 'userType' | 'isAdmin'> }) {
  return (
    <nav aria-label="Account">
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card">
        {accountLinksFor(user).map(({ label, to, icon: Icon }) => (
          <li key={to + label}>
            <Link
              to={to}
              className="flex items-center gap-3 px-4 py-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
              <span className="flex-1">{label}</span>
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
