import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A link to another screen drawn as a button, its icon before its words. */
export function LinkButton({
  to,
  icon: Icon,
  children,
  ...button
}: {
  to: string;
  icon: LucideIcon;
  children: string;
} & Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'className'>) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
