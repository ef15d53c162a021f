import { LANDING_POPULAR_CATEGORIES } from '@domain/catalog/catalog';
import {
  Car,
  Flower2,
  Hammer,
  House,
  type LucideIcon,
  Paintbrush,
  Sparkles,
  Wrench,
  Zap,
} from 'lucide-react';
import { Link } from 'react-router';

const ICONS: Record<(typeof LANDING_POPULAR_CATEGORIES)[number], LucideIcon> = {
  Plumbing: Wrench,
  Electrical: Zap,
  Decorating: Paintbrush,
  Carpentry: Hammer,
  Auto: Car,
  Roofing: House,
  Gardening: Flower2,
  Cleaning: Sparkles,
};

export function PopularCategories() {
  return (
    <section aria-labelledby="popular-categories-heading" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="popular-categories-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        Popular Categories
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {LANDING_POPULAR_CATEGORIES.map((name) => {
          const Icon = ICONS[name];
          return (
            <li key={name}>
              <Link
                to={`/browse-services?${new URLSearchParams({ service: name })}`}
                className="flex h-full flex-col items-center gap-3 rounded-xl border border-border bg-card p-5 text-center font-medium text-card-foreground transition-colors hover:border-primary hover:bg-primary/5"
              >
                <Icon className="size-7 text-primary" aria-hidden="true" />
                {name}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
