import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { PROSE } from './help-page';

/**
 * A question that opens to show its answer. Native details/summary: the browser gives it keyboard
 * support (Enter and Space toggle) and announces it as expanded or collapsed, with no script, and
 * find-in-page searches the closed answers too in browsers that support it.
 */
export function Disclosure({
  id,
  question,
  defaultOpen = false,
  children,
}: {
  id: string;
  question: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  return (
    <details id={id} open={defaultOpen} className="group border-b border-border">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <ChevronDown
          className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </summary>
      <div className={`pb-5 ${PROSE}`}>{children}</div>
    </details>
  );
}
