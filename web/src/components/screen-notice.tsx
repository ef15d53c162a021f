import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * A screen with nothing to show but why and a way on: a record that is not found, or a screen that is
 * not for this kind of account. `link` is the one way on; `actions` stands in for it where there are more.
 */
export function ScreenNotice({
  icon: Icon,
  title,
  children,
  link,
  actions,
  roomy = false,
}: {
  /** Drawn in a circle above the title. */
  icon?: LucideIcon;
  title: ReactNode;
  /** The explanation, one short paragraph. */
  children: ReactNode;
  link?: { to: string; label: string };
  actions?: ReactNode;
  /** More space above and below (py-20 rather than py-16), as the tradesperson-only screens have. */
  roomy?: boolean;
}) {
  return (
    <section
      className={cn(
        'mx-auto max-w-xl px-4 text-center',
        roomy ? 'py-20' : 'py-16',
        Icon && 'flex flex-col items-center',
      )}
    >
      {Icon && (
        <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Icon className="size-7" aria-hidden="true" />
        </span>
      )}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-muted-foreground">{children}</p>
      {link && (
        <Button asChild className="mt-8">
          <Link to={link.to}>{link.label}</Link>
        </Button>
      )}
      {actions}
    </section>
  );
}
