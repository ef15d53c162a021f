import type { DashboardView } from '@domain/marketplace/api';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '@domain/payments/money';
import { Briefcase, FileText, type LucideIcon, PoundSterling, Star } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/utils';
import { ratingStat } from './format';

type Stat = {
  label: string;
  value: string;
  note?: string;
  icon: LucideIcon;
  small?: boolean;
  /** Where the figure is seen over time: its Analytics chart (the section's id), or the calendar. */
  link?: 'quotes' | 'earnings' | 'reviews' | 'calendar';
};

/** Each card's link: the calendar for bookings, else the chart of the same figure. */
const linkOf = (link: NonNullable<Stat['link']>, label: string) =>
  link === 'calendar'
    ? { to: '/tradesperson/calendar', text: 'See calendar', name: `See calendar: ${label}` }
    : { to: `/tradesperson/analytics#${link}`, text: 'See chart', name: `See chart: ${label}` };

const CARD =
  'relative flex min-h-[8.25rem] flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm';

/**
 * Active Jobs, Pending Quotes, Total Earnings (released money, net of the fee, as its note says) and
 * the real Rating (never a fixed figure).
 */
export function StatCards({ stats }: { stats: DashboardView['stats'] }) {
  const rating = ratingStat(stats.rating, stats.reviewCount);
  const items: Stat[] = [
    { label: 'Active Jobs', value: String(stats.activeJobs), icon: Briefcase, link: 'calendar' },
    { label: 'Pending Quotes', value: String(stats.pendingQuotes), icon: FileText, link: 'quotes' },
    {
      // The spec's label; the server counts money released from escrow, net of the platform fee.
      label: 'Total Earnings',
      value: formatPence(stats.totalEarningsPence, 2),
      note: `Released to you, after the ${PLATFORM_FEE_BASIS_POINTS / 100}% fee`,
      icon: PoundSterling,
      link: 'earnings',
    },
    {
      label: 'Rating',
      value: rating.value,
      note: rating.note,
      icon: Star,
      // 'New on TradeNest' is a phrase, not a figure: smaller, and it may wrap rather than be cut off.
      small: rating.isNew,
      link: 'reviews',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map(({ label, value, note, icon: Icon, small, link }) => (
        <div key={label} className={CARD}>
          <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {label}
            <Icon className="size-4 shrink-0" aria-hidden="true" />
          </dt>
          <dd className="min-w-0">
            <span
              className={cn(
                'block font-bold',
                small ? 'text-lg leading-tight sm:text-xl' : 'truncate text-2xl',
              )}
            >
              {value}
            </span>
            {note && <span className="block text-xs leading-snug text-muted-foreground">{note}</span>}
            {link && (
              // The whole card is the link (its ::after covers it); the words say where it goes.
              <Link
                to={linkOf(link, label).to}
                aria-label={linkOf(link, label).name}
                className="mt-1 block text-xs font-medium text-primary underline-offset-4 after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {linkOf(link, label).text}
              </Link>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function StatCardsSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {['a', 'b', 'c', 'd'].map((key) => (
        <div key={key} className={CARD}>
          <div className="h-4 w-24 animate-pulse rounded bg-muted motion-reduce:animate-none" />
          <div className="h-7 w-16 animate-pulse rounded bg-muted motion-reduce:animate-none" />
        </div>
      ))}
    </div>
  );
}
