import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Spinner } from '@/components/ui/spinner';

/**
 * Business Setup's Previous / Next row. Next is a submit button when the step is a form. `error` is a
 * failure that is not about one field, said above the buttons and read with Next.
 */
export function StepButtons({
  onPrevious,
  next,
  error,
}: {
  onPrevious?: () => void;
  next: { label: string; pending?: boolean; onClick?: () => void; icon?: ReactNode };
  error?: string;
}) {
  const errorId = useId();
  return (
    <div className="space-y-3 border-t border-border pt-6">
      <FieldError id={errorId} message={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onPrevious} disabled={!onPrevious} className="sm:w-auto">
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          type={next.onClick ? 'button' : 'submit'}
          onClick={next.onClick}
          disabled={next.pending}
          aria-busy={next.pending}
          aria-describedby={error ? errorId : undefined}
        >
          {next.pending ? <Spinner /> : null}
          {next.label}
          {!next.pending && (next.icon ?? <ChevronRight aria-hidden="true" />)}
        </Button>
      </div>
    </div>
  );
}
