import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Business Setup's Previous / Next row. Next is a submit button when the step is a form. */
export function StepButtons({
  onPrevious,
  next,
}: {
  onPrevious?: () => void;
  next: { label: string; pending?: boolean; onClick?: () => void; icon?: ReactNode };
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
      <Button variant="outline" onClick={onPrevious} disabled={!onPrevious} className="sm:w-auto">
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <Button
        type={next.onClick ? 'button' : 'submit'}
        onClick={next.onClick}
        disabled={next.pending}
        aria-busy={next.pending}
      >
        {next.pending ? <Spinner /> : null}
        {next.label}
        {!next.pending && (next.icon ?? <ChevronRight aria-hidden="true" />)}
      </Button>
    </div>
  );
}
