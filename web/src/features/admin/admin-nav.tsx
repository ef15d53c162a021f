import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

export const ADMIN_NAV_ITEMS = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Verifications', to: '/admin/verifications', end: false },
  { label: 'Users', to: '/admin/users', end: false },
  { label: 'Payments', to: '/admin/payments', end: false },
  { label: 'Reviews', to: '/admin/reviews', end: false },
  { label: 'Disputes', to: '/admin/disputes', end: false },
  { label: 'Support', to: '/admin/support', end: false },
] as const;

/**
 * The console's sections; the current one is marked aria-current="page". On a narrow phone the tabs wrap
 * onto a second row rather than scroll sideways: a strip that scrolls hid "Payments" and after with no
 * sign that there was more. Every admin page has the same strip, so its pages still start level.
 */
export function AdminNav() {
  return (
    <nav aria-label="Admin console">
      <ul className="flex flex-wrap gap-x-1 border-b border-border">
        {ADMIN_NAV_ITEMS.map(({ label, to, end }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  '-mb-px flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'border-primary text-primary'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )
              }
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
