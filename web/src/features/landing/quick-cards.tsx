import { ClipboardList, LayoutGrid, type LucideIcon, Search } from 'lucide-react';
import { Link } from 'react-router';

const QUICK_CARDS: readonly { title: string; description: string; to: string; icon: LucideIcon }[] = [
  {
    title: 'Search Services',
    description: 'Find verified tradespeople who cover your postcode.',
    to: '/browse-services',
    icon: Search,
  },
  {
    title: 'Post a Job',
    description: 'Describe the work once and let local pros come to you with quotes.',
    to: '/post-job',
    icon: ClipboardList,
  },
  {
    title: 'Browse Categories',
    description: 'From plumbing to gardening: see every kind of trade we cover.',
    to: '/browse-services',
    icon: LayoutGrid,
  },
];

export function QuickCards() {
  return (
    <section aria-labelledby="quick-cards-heading" className="mx-auto max-w-6xl px-4 pt-4 pb-12">
      <h2 id="quick-cards-heading" className="sr-only">
        Get started
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {QUICK_CARDS.map(({ title, description, to, icon: Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="flex h-full items-start gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm transition-colors hover:border-primary"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
