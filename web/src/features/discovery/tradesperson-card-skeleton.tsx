import { cn } from '@/lib/utils';

// Cards and their skeletons share one fixed height, so a list does not jump when it arrives. Kept
// apart from the card so a page can reserve the space without loading the card's code.
export const TRADESPERSON_CARD_HEIGHT = 'h-64';

const pulse = (size: string) => cn('animate-pulse rounded bg-muted motion-reduce:animate-none', size);

/** A placeholder of the card's exact height while a list loads. */
export function TradespersonCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className={`flex ${TRADESPERSON_CARD_HEIGHT} flex-col gap-3 rounded-xl border border-border bg-card p-4`}
    >
      <div className="flex items-start gap-3">
        <div className={pulse('size-14 shrink-0 rounded-full')} />
        <div className="flex-1 space-y-2">
          <div className={pulse('h-5 w-2/3')} />
          <div className={pulse('h-4 w-1/3')} />
          <div className={pulse('h-4 w-1/2')} />
        </div>
      </div>
      <div className={pulse('h-4 w-1/2')} />
      <div className={pulse('h-5 w-3/4')} />
      <div className={pulse('mt-auto h-6 w-1/3')} />
    </div>
  );
}
