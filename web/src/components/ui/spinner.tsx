import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A decorative busy indicator; the button or region around it carries the accessible busy state. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn('animate-spin motion-reduce:animate-none', className)} aria-hidden="true" />;
}
