import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

/**
 * A card in a list of the user's own records (jobs, bookings, disputes) that opens the record: the
 * title's link is stretched over the whole card, so the card is one target with one accessible name.
 * Buttons inside the card sit above that link (`relative z-10`). `children` follows the header.
 */
export function RecordCard({
  to,
  title,
  subtitle,
  badge,
  children,
}: {
  to: string;
  title: string;
  subtitle: ReactNode;
  /** The record's status badge, at the header's end. */
  badge: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="relative p-4 transition-colors hover:bg-muted/50 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="line-clamp-2 text-lg font-semibold break-words">
            <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
              {title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {badge}
      </div>
      {children}
    </Card>
  );
}

/** One fact in a card's `<dl>`: an icon stands for the term, which screen readers hear as `term`. */
export function CardFact({
  icon: Icon,
  term,
  children,
}: {
  icon: LucideIcon;
  term: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-1">
      <dt>
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{term}</span>
      </dt>
      <dd>{children}</dd>
    </div>
  );
}
